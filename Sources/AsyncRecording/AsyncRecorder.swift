import TestSupportCore

/// Records the values an asynchronous source produces, so a test can await them one by one or
/// all at once, in XCTest and Swift Testing alike.
///
/// A recorder subscribes when it is created and keeps every value, so nothing sent between two
/// awaits is lost. Awaiting never sleeps: it resumes the moment the value it needs arrives, and
/// a safety timeout (5 seconds unless told) only bounds a test that would otherwise hang. A
/// timeout fails the test at the awaiting line with the values seen so far and what was expected.
///
/// ```swift
/// let recorder = AsyncRecorder(
///     BookImporter().importBooks(["Dune", "Emma", "Piranesi"]))
/// await recorder.expectValues([1, 2, 3])
/// await recorder.finished()
/// ```
///
/// Sources: any `AsyncSequence` (``init(_:label:)``), a property of an `@Observable` object
/// (`init(_:_:label:)`), NotificationCenter (`init(notificationsNamed:object:center:label:)`),
/// and on Apple platforms a Combine `Publisher`.
///
/// [`next(timeout:)`](<doc:next(timeout:fileID:filePath:line:column:)>),
/// [`values(count:timeout:)`](<doc:values(count:timeout:fileID:filePath:line:column:)>) and
/// [`expectValues(_:timeout:)`](<doc:expectValues(_:timeout:fileID:filePath:line:column:)>) hand out
/// values in order, each value once; ``elements`` lists every value received so far, handed out or
/// not, without waiting, and
/// [`firstValues(_:timeout:)`](<doc:firstValues(_:timeout:fileID:filePath:line:column:)>),
/// [`lastValue(timeout:)`](<doc:lastValue(timeout:fileID:filePath:line:column:)>) and
/// [`singleValue(timeout:)`](<doc:singleValue(timeout:fileID:filePath:line:column:)>) wait and read
/// from the start without handing any out.
/// [`completion(timeout:)`](<doc:completion(timeout:fileID:filePath:line:column:)>) returns how the
/// source ended; [`expectNoValue(within:)`](<doc:expectNoValue(within:fileID:filePath:line:column:)>)
/// and [`expectNoCompletion(within:)`](<doc:expectNoCompletion(within:fileID:filePath:line:column:)>)
/// check that nothing happens for a while.
public final class AsyncRecorder<Element: Sendable>: Sendable {
    let storage: RecorderStorage<Element>
    private let source: Locked<(any RecordingSource)?>
    /// What the recorder records, as failure messages name it.
    public let label: String

    init(label: String, storage: RecorderStorage<Element>, source: (any RecordingSource)?) {
        self.label = label
        self.storage = storage
        self.source = Locked(source)
    }

    /// Starts recording a sequence at once, on a task of its own.
    ///
    /// ```swift
    /// let recorder = AsyncRecorder(BookImporter().importBooks(["Dune", "Emma"]))
    /// ```
    ///
    /// - Parameters:
    ///   - sequence: The sequence to iterate; a thrown error becomes
    ///     [`failure(timeout:)`](<doc:failure(timeout:fileID:filePath:line:column:)>).
    ///   - label: How failure messages name the source; defaults to the sequence's type.
    public convenience init<Sequence: AsyncSequence & Sendable>(_ sequence: Sequence, label: String? = nil)
    where Sequence.Element == Element {
        let storage = RecorderStorage<Element>()
        let task = Task {
            do {
                for try await value in sequence {
                    storage.receive(value)
                }
                storage.complete(Task.isCancelled ? .failure(CancellationError()) : .finished)
            } catch {
                storage.complete(.failure(error))
            }
        }
        self.init(
            label: label ?? String(describing: Sequence.self),
            storage: storage,
            source: TaskRecordingSource(task: task)
        )
    }

    deinit {
        source.value?.cancel()
    }

    /// Stops recording: the source is no longer iterated or observed.
    ///
    /// Values already received stay; a recorded sequence then ends with a `CancellationError`.
    public func cancel() {
        source.exchange(nil)?.cancel()
    }

    /// Every value received so far, in order, whether or not it was handed out, without waiting.
    public var elements: [Element] {
        storage.state.value.values
    }

    /// Whether the source has finished without an error.
    public var isFinished: Bool {
        if case .finished? = storage.state.value.completion { return true }
        return false
    }

    // MARK: next

    /// Waits for the next value not yet handed out and returns it.
    ///
    /// ```swift
    /// let recorder = AsyncRecorder(BookImporter().importBooks(["Dune", "Emma"]))
    /// #expect(await recorder.next() == 1)
    /// ```
    ///
    /// Fails the test at the caller's line, listing the values so far, if the source ends first
    /// or none arrives within the timeout.
    ///
    /// - Parameters:
    ///   - timeout: How long to wait before failing; `.zero` looks only at what already arrived.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The value, or `nil` after reporting a failure.
    @discardableResult
    public func next(
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Element? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return await take(1, timeout: timeout, at: site, waitingFor: "the next value")?.first
    }

    // MARK: values(count:)

    /// Waits for a number of values not yet handed out and returns them.
    ///
    /// ```swift
    /// let recorder = AsyncRecorder(BookImporter().importBooks(["Dune", "Emma"]))
    /// let progress = await recorder.values(count: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many values to wait for.
    ///   - timeout: How long to wait before failing; `.zero` looks only at what already arrived.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The values, or `nil` after reporting that fewer arrived in time.
    @discardableResult
    public func values(
        count: Int,
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [Element]? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        return await take(count, timeout: timeout, at: site, waitingFor: Self.countText(count))
    }

    // MARK: expectValues

    /// Waits for as many values as expected and fails the test unless they equal the expected ones.
    ///
    /// ```swift
    /// let recorder = AsyncRecorder(
    ///     BookImporter().importBooks(["Dune", "Emma", "Piranesi"]))
    /// await recorder.expectValues([1, 2, 3])
    /// ```
    ///
    /// The values compared are the next ones not yet handed out, so consecutive calls check
    /// consecutive stretches of the source.
    ///
    /// - Parameters:
    ///   - expected: The values the source should produce next, in order.
    ///   - timeout: How long to wait before failing; `.zero` looks only at what already arrived.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectValues(
        _ expected: [Element],
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async where Element: Equatable {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let actual = await take(expected.count, timeout: timeout, at: site, waitingFor: "values \(expected)") else { return }
        guard actual != expected else { return }
        let firstDifference = zip(actual, expected).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? 0
        FailureReporter.report(
            "Expected values \(expected) from \(label), got \(actual) "
                + "(first difference at index \(firstDifference): expected \(expected[firstDifference]), got \(actual[firstDifference]))",
            at: site
        )
    }

    // MARK: firstValues

    /// Waits until the source has sent a number of values and returns the first ones, from the
    /// start, without handing any out.
    ///
    /// ```swift
    /// let recorder = AsyncRecorder(BookImporter().importBooks(["Dune", "Emma"]))
    /// #expect(await recorder.firstValues(2) == [1, 2])
    /// #expect(await recorder.next() == 1)
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many values to read from the start.
    ///   - timeout: How long to wait before failing; `.zero` looks only at what already arrived.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The first `count` values, or `nil` after reporting that fewer arrived in time.
    public func firstValues(
        _ count: Int,
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [Element]? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard count >= 0 else {
            FailureReporter.report("Expected a count of 0 or more values to wait for, got \(count)", at: site)
            return nil
        }
        let end = await storage.wait(forCount: count, timeout: timeout)
        let state = storage.state.value
        if state.values.count >= count { return Array(state.values.prefix(count)) }
        let wanted = count == 1 ? "the first value" : "the first \(count) values"
        let got = count > 1 ? "; got only \(state.values)" : ""
        FailureReporter.report(
            "\(headline(waitingFor: wanted, completion: state.completion, end: end, timeout: timeout))\(got); \(Self.seenText(state))",
            at: site
        )
        return nil
    }

    // MARK: expectNoValue

    /// Fails the test if a value not yet handed out arrives within a time.
    ///
    /// The inverted form of [`next(timeout:)`](<doc:next(timeout:fileID:filePath:line:column:)>).
    ///
    /// ```swift
    /// let (updates, continuation) = AsyncStream<Int>.makeStream()
    /// let recorder = AsyncRecorder(updates)
    /// continuation.yield(1)
    /// #expect(await recorder.next() == 1)
    /// await recorder.expectNoValue(within: .milliseconds(100))
    /// ```
    ///
    /// A live source can only be watched for a while, so a passing check takes the whole `timeout`
    /// unless the source ends first; it is an upper bound, never a sleep: the check returns, and
    /// fails, the moment a value arrives, and passes at once when the source ends without one.
    /// A value already waiting fails it at once. Keep `timeout` short. Hands nothing out.
    ///
    /// - Parameters:
    ///   - timeout: How long no value may arrive.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNoValue(
        within timeout: WaitTimeout,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let end = await storage.wait(forCount: storage.state.value.consumed + 1, timeout: timeout)
        let state = storage.state.value
        if state.values.count > state.consumed {
            FailureReporter.report(
                "Expected no value from \(label) within \(timeout.text), got \(state.values[state.consumed]); \(Self.seenText(state))",
                at: site
            )
        } else if end == .cancelled {
            FailureReporter.report(
                "Cancelled while checking that no value arrives from \(label) within \(timeout.text); \(Self.seenText(state))",
                at: site
            )
        }
    }

    // MARK: Internals

    /// Hands out the next `count` values, or reports why it cannot and returns `nil`.
    private func take(_ count: Int, timeout: WaitTimeout, at site: CallSite, waitingFor wanted: String) async -> [Element]? {
        guard count >= 0 else {
            FailureReporter.report("Expected a count of 0 or more values to wait for, got \(count)", at: site)
            return nil
        }
        let start = storage.state.value.consumed
        let end = await storage.wait(forCount: start + count, timeout: timeout)
        let outcome = storage.state.withLock { state -> Result<[Element], TakeShortfall> in
            let available = state.values.count - state.consumed
            if available >= count {
                let taken = Array(state.values[state.consumed..<(state.consumed + count)])
                state.consumed += count
                return .success(taken)
            }
            return .failure(
                TakeShortfall(
                    got: Array(state.values[state.consumed...]).description,
                    completion: state.completion,
                    seen: Self.seenText(state)
                )
            )
        }
        switch outcome {
        case .success(let values):
            return values
        case .failure(let shortfall):
            let got = count > 1 ? "; got only \(shortfall.got)" : ""
            FailureReporter.report(
                "\(headline(waitingFor: wanted, completion: shortfall.completion, end: end, timeout: timeout))\(got); \(shortfall.seen)",
                at: site
            )
            return nil
        }
    }

    /// Why a wait for `wanted` from the source came up short: it ended, the timeout passed, or the
    /// waiting task was cancelled.
    func headline(
        waitingFor wanted: String, completion: RecordedCompletion?, end: RecorderStorage<Element>.WaitEnd, timeout: WaitTimeout
    ) -> String {
        switch completion {
        case .finished?:
            return "Expected \(wanted) from \(label), but it finished"
        case .failure(let error)?:
            return "Expected \(wanted) from \(label), but it failed with \(error)"
        case nil:
            return end == .cancelled
                ? "Cancelled while waiting for \(wanted) from \(label)"
                : "Timed out after \(timeout.text) waiting for \(wanted) from \(label)"
        }
    }

    private struct TakeShortfall: Error {
        let got: String
        let completion: RecordedCompletion?
        let seen: String
    }

    func seenText() -> String {
        Self.seenText(storage.state.value)
    }

    static func seenText(_ state: RecorderStorage<Element>.State) -> String {
        let values = state.values
        switch values.count {
        case 0:
            return "no values so far"
        case state.consumed:
            return "values so far: \(values) (all handed out)"
        default:
            return "values so far: \(values) (\(state.consumed) handed out)"
        }
    }

    static func countText(_ count: Int) -> String {
        count == 1 ? "1 value" : "\(count) values"
    }
}
