import TestSupportCore

extension RecordingStore {
    /// Reports a failure at the caller's line unless exactly `count` actions were dispatched;
    /// the message lists them.
    ///
    /// - Parameters:
    ///   - count: The expected number of actions.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectDispatched(
        count: Int,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let actions = dispatchedActions
        guard actions.count != count else { return }
        FailureReporter.report(
            "Expected \(count) dispatched \(count == 1 ? "action" : "actions"), but \(actions.count) "
                + "\(actions.count == 1 ? "was" : "were") dispatched" + Self.listing(actions),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}

extension RecordingStore where Action: Equatable {
    /// Reports a failure at the caller's line unless the dispatched actions are exactly
    /// `expected`, in order; the message names each action that differs and how.
    ///
    /// ```swift
    /// store.expectDispatched([.refreshRequested, .booksLoaded([book])])
    /// ```
    ///
    /// - Parameters:
    ///   - expected: Every expected action, first first.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectDispatched(
        _ expected: [Action],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let actions = dispatchedActions
        guard actions != expected else { return }
        var lines = ["Expected \(expected.count) dispatched actions, got \(actions.count)"]
        if actions.count == expected.count { lines = ["Expected other dispatched actions"] }
        for index in 0..<max(actions.count, expected.count) {
            switch (index < expected.count ? expected[index] : nil, index < actions.count ? actions[index] : nil) {
            case let (expectedAction?, seenAction?) where expectedAction != seenAction:
                lines.append("  action #\(index + 1) differs:\n" + DoublesValueDiff.diffBlock(expected: expectedAction, actual: seenAction))
            case let (expectedAction?, nil):
                lines.append("  action #\(index + 1) missing: expected \(DoublesValueDiff.describe(expectedAction))")
            case let (nil, seenAction?):
                lines.append("  action #\(index + 1) unexpected: \(DoublesValueDiff.describe(seenAction))")
            default:
                break
            }
        }
        FailureReporter.report(
            lines.joined(separator: "\n"),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}
