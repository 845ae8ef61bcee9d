import TestSupportCore

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension Task {
    /// The task's result, awaited for at most `timeout`: past it, a failure is reported at the
    /// caller's line, the task is cancelled and `nil` is returned at once, so a task that never
    /// ends fails the test instead of hanging the run.
    ///
    /// The timeout is a safety net, never a verdict: in a full parallel run beside other load a
    /// task can wait seconds for a thread, so the default is a minute.
    ///
    /// - Parameters:
    ///   - timeout: How long the task may take.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The task's result, or `nil` after reporting that it did not end in time.
    public func result(
        within timeout: Duration = .seconds(60),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Result<Success, Failure>? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        // Resumed once, by whichever comes first: the task's end or the timeout.
        let waiter = Locked<CheckedContinuation<Result<Success, Failure>?, Never>?>(nil)
        let watchdog = Locked<Task<Void, Never>?>(nil)
        return await withCheckedContinuation { continuation in
            waiter.withLock { $0 = continuation }
            watchdog.withLock {
                $0 = Task<Void, Never> {
                    do { try await Task<Never, Never>.sleep(for: timeout) } catch { return }
                    guard let waiting = waiter.exchange(nil) else { return }
                    self.cancel()
                    FailureReporter.report("The task did not end within \(WaitTimeout(timeout).text); it was cancelled", at: site)
                    waiting.resume(returning: nil)
                }
            }
            Task<Void, Never> {
                let result = await self.result
                watchdog.value?.cancel()
                waiter.exchange(nil)?.resume(returning: result)
            }
        }
    }

    /// The task's value, awaited for at most `timeout`; see ``result(within:fileID:filePath:line:column:)``.
    ///
    /// - Parameters:
    ///   - timeout: How long the task may take.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The task's value, or `nil` after reporting that it did not end in time.
    @discardableResult
    public func value(
        within timeout: Duration = .seconds(60),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws(Failure) -> Success? {
        try await result(within: timeout, fileID: fileID, filePath: filePath, line: line, column: column)?.get()
    }
}
