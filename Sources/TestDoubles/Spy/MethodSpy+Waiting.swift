import TestSupportCore

extension MethodSpy {
    /// Waits until the method has been called a number of times in all, and reports a failure if
    /// that does not happen within 5 seconds.
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
    /// Available at every deployment target; ``waitForCalls(_:timeout:fileID:filePath:line:column:)``
    /// takes another timeout as a `Duration` (iOS 16, macOS 13, tvOS 16, watchOS 9).
    ///
    /// - Parameters:
    ///   - count: The number of calls to wait for, counted since creation or ``reset()``.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: `true` when the calls arrived; `false` after reporting a timeout.
    @discardableResult
    public func waitForCalls(
        _ count: Int = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Bool {
        await waitForCalls(count, timeout: .standard, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits until the method has been called a number of times in all, and reports a failure if
    /// that does not happen within the timeout.
    ///
    /// It resumes the moment the call that reaches `count` is recorded; the failure is reported at
    /// the caller's line.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// await repository.fetchPageSpy.waitForCalls(2, timeout: .seconds(10))
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
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @discardableResult
    public func waitForCalls(
        _ count: Int = 1,
        timeout: Duration,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Bool {
        await waitForCalls(
            count, timeout: WaitTimeout(timeout),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    private func waitForCalls(_ count: Int, timeout: WaitTimeout, at site: CallSite) async -> Bool {
        let arrived = await WaitList.wait(for: count, timeout: timeout, in: self) { spy, body in
            spy.withRecords { body(&$0.waitList) }
        }
        failures.flush()
        if arrived { return true }
        FailureReporter.report(
            DoublesCallLog(method: method, inputs: calls).timeoutFailure(waitingFor: count, timeout: timeout.text), at: site)
        return false
    }
}
