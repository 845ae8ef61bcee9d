import TestSupportCore

/// Reports a failure at the caller's line unless the spies were called in the order given:
/// each spy's call must come after the call matched for the spy before it.
///
/// The same spy may appear more than once, to check that it was called again later:
///
/// ```swift
/// expectInOrder(repository.fetchPageSpy, repository.save, repository.fetchPageSpy)
/// // Expected calls in order fetchPage(_:) → save(_:) → fetchPage(_:),
/// // but save(_:) was not called after fetchPage(_:) (call #1).
/// // Calls seen, in order:
/// //   1. save(_:) with Book(…)
/// //   2. fetchPage(_:) with 1
/// ```
///
/// Calls are ordered by when each spy recorded them, across threads and tasks.
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
    var steps: [DoublesOrderStep] = []
    for spy in repeat each spies {
        spy.failures.flush()
        steps.append(spy.orderStep)
    }
    guard let message = DoublesOrderStep.violation(in: steps) else { return }
    FailureReporter.report(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
}

/// One spy's calls as `expectInOrder` compares them.
struct DoublesOrderStep {
    let spyID: ObjectIdentifier
    let method: String
    let calls: [(ordinal: UInt64, input: String)]

    /// The failure message, or `nil` when the steps' calls are in order.
    static func violation(in steps: [DoublesOrderStep]) -> String? {
        var after: UInt64 = 0
        var previous: (method: String, callNumber: Int)?
        for step in steps {
            guard let index = step.calls.firstIndex(where: { $0.ordinal > after }) else {
                let order = steps.map(\.method).joined(separator: " → ")
                let reason: String
                if let previous {
                    reason = "\(step.method) was not called after \(previous.method) (call #\(previous.callNumber))"
                } else {
                    reason = "\(step.method) was never called"
                }
                return "Expected calls in order \(order), but \(reason).\n" + seenListing(steps)
            }
            after = step.calls[index].ordinal
            previous = (step.method, index + 1)
        }
        return nil
    }

    private static func seenListing(_ steps: [DoublesOrderStep]) -> String {
        var seenSpies = Set<ObjectIdentifier>()
        var all: [(ordinal: UInt64, text: String)] = []
        for step in steps where seenSpies.insert(step.spyID).inserted {
            all += step.calls.map { ($0.ordinal, "\(step.method) with \($0.input)") }
        }
        guard !all.isEmpty else { return "No calls were recorded." }
        return "Calls seen, in order:\n" + all.sorted { $0.ordinal < $1.ordinal }
            .enumerated()
            .map { "  \($0.offset + 1). \($0.element.text)" }
            .joined(separator: "\n")
    }
}

extension MethodSpy {
    var orderStep: DoublesOrderStep {
        DoublesOrderStep(
            spyID: ObjectIdentifier(self),
            method: method,
            calls: withRecords { $0.calls }.map { ($0.ordinal, DoublesValueDiff.describe($0.input)) }
        )
    }
}
