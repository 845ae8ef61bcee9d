import TestSupportCore

/// Reports a failure at the caller's line unless the spies were called in the order given.
///
/// Each spy's call must come after the call matched for the spy before it.
///
/// The same spy may appear more than once, to check that it was called again later:
///
/// ```swift
/// let repository = BookRepositoryStub()
/// expectInOrder(
///     repository.fetchPageSpy, repository.saveSpy, repository.fetchPageSpy)
/// // Expected calls in order fetchPage(_:) → save(_:) → fetchPage(_:),
/// // but save(_:) was not called after fetchPage(_:) (call #2).
/// // Calls seen, in order:
/// //   1. save(_:) with Book(…)
/// //   2. fetchPage(_:) with 1
/// ```
///
/// Calls are ordered by when each spy recorded them, across threads and tasks; the call number
/// in the message is the call's place in the listing.
///
/// - Parameters:
///   - spies: The spies, in the order their calls are expected.
///   - fileID: The caller's file ID.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
public func expectInOrder<each Input: Sendable, each Output: Sendable, each Failure: Error>(
    _ spies: repeat MethodSpy<each Input, each Output, each Failure>,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    var recorded: [any StubRecordedSpy] = []
    var expected: [ExpectedCall] = []
    for spy in repeat each spies {
        recorded.append(spy)
        expected.append(.call(spy))
    }
    guard
        let record = StubCallRecord(stub: nil, spies: recorded, onMainActor: false, at: site),
        let message = record.orderViolation(expected)
    else { return }
    FailureReporter.report(message, at: site)
}
