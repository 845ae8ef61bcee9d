import TestSupportCore

extension RecordingStore {
    /// Reports a failure at the caller's line unless exactly so many actions were dispatched.
    ///
    /// The message lists the actions.
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
                + "\(actions.count == 1 ? "was" : "were") dispatched" + DoublesCallLog.listing(actions),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}

extension RecordingStore {
    /// Reports a failure at the caller's line unless some dispatched action has the type and
    /// satisfies the predicate.
    ///
    /// For actions that are not `Equatable`, such as class actions or `any Action` existentials.
    /// The message lists what was dispatched, with each action's type.
    ///
    /// ```swift
    /// struct LoadPage: Sendable { let page: Int }
    /// let store = RecordingStore<any Sendable, Void>()
    /// store.dispatch(LoadPage(page: 1))
    /// store.expectDispatched(LoadPage.self, "page 2") { $0.page == 2 }
    /// // Expected a dispatched LoadPage matching page 2, but none of the 2
    /// // dispatched actions did:
    /// //   #1 RefreshRequested()
    /// //   #2 LoadPage(page: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The concrete action type to look for.
    ///   - description: What the predicate checks, for the failure message.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - predicate: Whether a matching action is the expected one; by default any action of
    ///     the type is.
    public func expectDispatched<Specific>(
        _ type: Specific.Type,
        _ description: String? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        where predicate: (Specific) -> Bool = { _ in true }
    ) {
        let actions = dispatchedActions
        for action in actions {
            if let specific = action as? Specific, predicate(specific) { return }
        }
        let wanted = "\(Specific.self)" + (description.map { " matching \($0)" } ?? "")
        let reason =
            actions.isEmpty
            ? "no action was dispatched"
            : "none of the \(actions.count) dispatched \(actions.count == 1 ? "action" : "actions") did"
        FailureReporter.report(
            "Expected a dispatched \(wanted), but \(reason)" + DoublesCallLog.listing(actions),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Reports a failure at the caller's line if a dispatched action has the type and satisfies
    /// the predicate.
    ///
    /// ```swift
    /// struct LoadFailed: Sendable {}
    /// let store = RecordingStore<any Sendable, Void>()
    /// store.expectNotDispatched(LoadFailed.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The concrete action type that must not appear.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - predicate: Which actions of the type count; by default all do.
    public func expectNotDispatched<Specific>(
        _ type: Specific.Type,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        where predicate: (Specific) -> Bool = { _ in true }
    ) {
        var found: [Action] = []
        for action in dispatchedActions {
            if let specific = action as? Specific, predicate(specific) { found.append(action) }
        }
        guard !found.isEmpty else { return }
        FailureReporter.report(
            "Expected no dispatched \(Specific.self), but \(found.count) \(found.count == 1 ? "was" : "were") dispatched"
                + DoublesCallLog.listing(found),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}

extension RecordingStore where Action: Equatable {
    /// Reports a failure at the caller's line unless the dispatched actions are exactly the
    /// expected ones, in order.
    ///
    /// The message names each action that differs and how.
    ///
    /// ```swift
    /// let store = RecordingStore<LibraryAction, LibraryState>(
    ///     initialState: LibraryState())
    /// let book = Book.testValue
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
        let headline =
            actions.count == expected.count
            ? "Expected other dispatched actions" : "Expected \(expected.count) dispatched actions, got \(actions.count)"
        let lines =
            [headline]
            + DoublesSequenceDiff.lines(
                expected: expected, actual: actions, noun: "action", describe: { DoublesValueDiff.describe($0) }, equal: ==,
                differences: { DoublesValueDiff.differences(expected: $0, actual: $1) }
            )
        FailureReporter.report(
            lines.joined(separator: "\n"),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}
