import TestSupportCore

// How the source ended: the recorder's reads that wait for the end (finished, failure, completion,
// lastValue, singleValue) and the check that it does not end (expectNoCompletion).

extension AsyncRecorder {
    // MARK: finished / failure

    /// Waits for the source to finish and fails the test if it fails or does not finish in time.
    ///
    /// ```swift
    /// let recorder = AsyncRecorder(BookImporter().importBooks(["Dune"]))
    /// await recorder.finished()
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long to wait before failing; `.zero` looks only at what already happened.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: `true` when it finished; `false` after reporting a failure.
    @discardableResult
    public func finished(
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Bool {
        await finishedValues(timeout: timeout, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) != nil
    }

    /// Waits for the source to fail and returns its error; fails the test if it finishes instead
    /// or does not end in time.
    ///
    /// ```swift
    /// let recorder = AsyncRecorder(BookImporter().importBooks(["Dune", ""]))
    /// let error = await recorder.failure()
    /// #expect(error as? BookImporter.ImportError == .emptyTitle(position: 2))
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long to wait before failing; `.zero` looks only at what already happened.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The error, or `nil` after reporting a failure.
    @discardableResult
    public func failure(
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> (any Error)? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let (completion, end) = await completion(timeout: timeout)
        switch completion {
        case .failure(let error)?:
            return error
        case .finished?:
            FailureReporter.report("Expected \(label) to fail, but it finished; \(seenText())", at: site)
        case nil:
            FailureReporter.report(notEndedText(end, timeout: timeout, waitingFor: "fail"), at: site)
        }
        return nil
    }

    // MARK: completion

    /// Waits for the source to end and returns how it ended, without deciding in advance whether
    /// it should finish or fail.
    ///
    /// ```swift
    /// let recorder = AsyncRecorder(BookImporter().importBooks(["Dune"]))
    /// guard case .finished? = await recorder.completion() else { return }
    /// ```
    ///
    /// Fails the test at the caller's line, listing the values so far, if the source has not
    /// ended in time.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait before failing; `.zero` looks only at what already happened.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: How the source ended, or `nil` after reporting a failure.
    @discardableResult
    public func completion(
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> RecordedCompletion? {
        let (completion, end) = await completion(timeout: timeout)
        if completion == nil {
            FailureReporter.report(
                notEndedText(end, timeout: timeout, waitingFor: "end"),
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            )
        }
        return completion
    }

    // MARK: lastValue

    /// Waits for the source to finish and returns the last value it sent.
    ///
    /// ```swift
    /// let recorder = AsyncRecorder(BookImporter().importBooks(["Dune", "Emma"]))
    /// #expect(await recorder.lastValue() == 2)
    /// ```
    ///
    /// It reads every value from the start, handed out or not, and hands none out. Fails the test
    /// at the caller's line if the source fails or does not finish in time.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait before failing; `.zero` looks only at what already happened.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The last value; `nil` when the source finished without one, or after reporting a
    ///   failure.
    public func lastValue(
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Element? {
        await finishedValues(timeout: timeout, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))?.last
    }

    // MARK: singleValue

    /// Waits for the source to finish and returns its one value; fails the test unless it sent
    /// exactly one.
    ///
    /// ```swift
    /// let recorder = AsyncRecorder(BookImporter().importBooks(["Dune"]))
    /// #expect(await recorder.singleValue() == 1)
    /// ```
    ///
    /// It reads every value from the start, handed out or not, and hands none out. Fails the test
    /// at the caller's line if the source sent none or several, fails, or does not finish in time.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait before failing; `.zero` looks only at what already happened.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The value, or `nil` after reporting a failure.
    public func singleValue(
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Element? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let values = await finishedValues(timeout: timeout, at: site) else { return nil }
        guard values.count == 1, let only = values.first else {
            let got = values.isEmpty ? "none" : "\(values.count): \(values)"
            FailureReporter.report("Expected exactly one value from \(label) before it finished, got \(got)", at: site)
            return nil
        }
        return only
    }

    /// Every value once the source finished, or `nil` after reporting why it did not.
    private func finishedValues(timeout: WaitTimeout, at site: CallSite) async -> [Element]? {
        let (completion, end) = await completion(timeout: timeout)
        switch completion {
        case .finished?:
            return storage.state.value.values
        case .failure(let error)?:
            FailureReporter.report("Expected \(label) to finish, but it failed with \(error); \(seenText())", at: site)
        case nil:
            FailureReporter.report(notEndedText(end, timeout: timeout, waitingFor: "finish"), at: site)
        }
        return nil
    }

    // MARK: expectNoCompletion

    /// Fails the test if the source finishes or fails within a time.
    ///
    /// The inverted form of [`finished(timeout:)`](<doc:finished(timeout:fileID:filePath:line:column:)>).
    ///
    /// ```swift
    /// let (updates, _) = AsyncStream<Int>.makeStream()
    /// let recorder = AsyncRecorder(updates)
    /// await recorder.expectNoCompletion(within: .milliseconds(100))
    /// ```
    ///
    /// A live source can only be watched for a while, so a passing check takes the whole `timeout`;
    /// it is an upper bound, never a sleep: the check returns, and fails, the moment the source
    /// ends. Keep `timeout` short.
    ///
    /// - Parameters:
    ///   - timeout: How long the source must keep running.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNoCompletion(
        within timeout: WaitTimeout,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let (completion, end) = await completion(timeout: timeout)
        switch completion {
        case .finished?:
            FailureReporter.report("Expected \(label) not to finish within \(timeout.text), but it finished; \(seenText())", at: site)
        case .failure(let error)?:
            FailureReporter.report(
                "Expected \(label) not to end within \(timeout.text), but it failed with \(error); \(seenText())", at: site
            )
        case nil where end == .cancelled:
            FailureReporter.report("Cancelled while checking that \(label) does not end within \(timeout.text); \(seenText())", at: site)
        case nil:
            return
        }
    }

    // MARK: Internals

    /// Waits for the source to end; `nil` with why when it has not.
    func completion(timeout: WaitTimeout) async -> (completion: RecordedCompletion?, end: RecorderStorage<Element>.WaitEnd) {
        let end = await storage.wait(forCount: Int.max, timeout: timeout)
        return (storage.state.value.completion, end)
    }

    /// Says the source has not ended: timed out or cancelled while waiting for `wanted`.
    func notEndedText(_ end: RecorderStorage<Element>.WaitEnd, timeout: WaitTimeout, waitingFor wanted: String) -> String {
        end == .cancelled
            ? "Cancelled while waiting for \(label) to \(wanted); \(seenText())"
            : "Timed out after \(timeout.text) waiting for \(label) to \(wanted); \(seenText())"
    }
}
