import TestSupportCore

extension MainActorMethodSpy {
    /// Waits until the method has been called a number of times in all, and reports a failure if
    /// that does not happen within the timeout.
    ///
    /// It resumes the moment the call that reaches `count` is recorded; the failure is reported at
    /// the caller's line.
    ///
    /// - Parameters:
    ///   - count: The number of calls to wait for, counted since creation or ``reset()``.
    ///   - timeout: How long to wait before failing. Success never waits for it.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: `true` when the calls arrived; `false` after reporting a timeout.
    @discardableResult
    public func waitForCalls(
        _ count: Int = 1,
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Bool {
        if await callCounter.wait(for: count, timeout: timeout) { return true }
        FailureReporter.report(
            DoublesCallLog(method: method, inputs: calls).timeoutFailure(waitingFor: count, timeout: timeout.text),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
        return false
    }

    /// Fails the test if the method is called within a time, returning the moment a call
    /// arrives.
    ///
    /// The inverted form of
    /// [`waitForCalls(_:timeout:)`](<doc:waitForCalls(_:timeout:fileID:filePath:line:column:)>): it checks
    /// calls counted since creation, ``clearRecorded()`` or ``reset()``, so a call already made
    /// fails it at once. A passing check takes the whole time, so keep it short; its verdict is
    /// only as strong as that window.
    ///
    /// - Parameters:
    ///   - timeout: How long no call may arrive; an upper bound, never a sleep once a call
    ///     arrives.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNoCalls(
        within timeout: WaitTimeout,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let arrived = await callCounter.wait(for: 1, timeout: timeout)
        guard arrived || Task.isCancelled else { return }
        FailureReporter.report(
            DoublesCallLog(method: method, inputs: calls).noCallsFailure(within: timeout.text),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}
