import TestSupportCore

extension MethodSpy {
    /// Waits until the method has been called a number of times in all, and reports a failure if
    /// that does not happen within the timeout.
    ///
    /// It resumes the moment the call that reaches `count` is recorded; the failure is reported at
    /// the caller's line.
    ///
    /// For code that calls the dependency from a task of its own, with nothing to await:
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// let viewModel = BookListViewModel(repository: repository)
    /// Task { await viewModel.load() }   // fires and forgets
    /// await repository.fetchPageSpy.waitForCalls(1)
    /// repository.fetchPageSpy.expectCalledOnce(with: 1)
    /// ```
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
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if await waitUntilCalled(count, timeout: timeout) { return true }
        FailureReporter.report(
            DoublesCallLog(method: method, inputs: calls).timeoutFailure(waitingFor: count, timeout: timeout.text), at: site)
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
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// _ = BookListViewModel(repository: repository)
    /// await repository.fetchPageSpy.expectNoCalls(within: .milliseconds(50))
    /// ```
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
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let arrived = await waitUntilCalled(1, timeout: timeout)
        let calls = calls
        guard arrived || Task.isCancelled else { return }
        FailureReporter.report(DoublesCallLog(method: method, inputs: calls).noCallsFailure(within: timeout.text), at: site)
    }
}
