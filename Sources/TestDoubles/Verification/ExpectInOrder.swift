import TestSupportCore

/// Reports a failure at the caller's line unless the spies were called in the order given.
///
/// Each spy's call must come after the call matched for the spy before it.
///
/// The same spy may appear more than once, to check that it was called again later:
///
/// ```swift
/// let repository = BookRepositoryStub()
/// expectInOrder(repository.fetchPageSpy, repository.saveSpy, repository.fetchPageSpy)
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
    /// Each call's ordinal, in call order.
    let ordinals: [UInt64]
    /// Describes call number `index` (from 0); only failing checks describe, and at most ten.
    let describeCall: (Int) -> String

    /// The failure message, or `nil` when the steps' calls are in order.
    static func violation(in steps: [DoublesOrderStep]) -> String? {
        var after: UInt64 = 0
        var previous: (method: String, callNumber: Int)?
        for step in steps {
            guard let index = step.ordinals.firstIndex(where: { $0 > after }) else {
                let order = steps.map(\.method).joined(separator: " → ")
                let reason: String
                if let previous {
                    reason = "\(step.method) was not called after \(previous.method) (call #\(previous.callNumber))"
                } else {
                    reason = "\(step.method) was never called"
                }
                return "Expected calls in order \(order), but \(reason).\n" + seenListing(steps)
            }
            after = step.ordinals[index]
            previous = (step.method, index + 1)
        }
        return nil
    }

    /// The calls of the steps' spies merged in call order: at most ten, then how many more.
    private static func seenListing(_ steps: [DoublesOrderStep]) -> String {
        var seenSpies = Set<ObjectIdentifier>()
        var all: [(ordinal: UInt64, step: Int, call: Int)] = []
        for (stepIndex, step) in steps.enumerated() where seenSpies.insert(step.spyID).inserted {
            all += step.ordinals.enumerated().map { ($0.element, stepIndex, $0.offset) }
        }
        guard !all.isEmpty else { return "No calls were recorded." }
        all.sort { $0.ordinal < $1.ordinal }
        let limit = DoublesCallLog<Void>.listLimit
        var lines = all.prefix(limit).enumerated().map { position, entry in
            "  \(position + 1). \(steps[entry.step].method) with \(steps[entry.step].describeCall(entry.call))"
        }
        if all.count > limit { lines.append("  … and \(all.count - limit) more") }
        return "Calls seen, in order:\n" + lines.joined(separator: "\n")
    }
}

extension MethodSpy {
    var orderStep: DoublesOrderStep {
        let recorded = withRecords { $0.core.calls }
        return DoublesOrderStep(
            spyID: ObjectIdentifier(self),
            method: method,
            ordinals: recorded.map(\.ordinal),
            describeCall: { DoublesValueDiff.describe(recorded[$0].input) }
        )
    }
}
