import TestSupportCore

/// A completion handler a test passes to a callback API, then awaits with a timeout that fails at
/// the test's line.
///
/// No expectation, `fulfill` or `wait` lines, and it reads the same under XCTest and Swift
/// Testing:
///
/// ```swift
/// let loader = CoverLoaderStub()
/// loader.loadCoverSpy.returns(.success(Data([0xFF, 0xD8])))
/// let done = CompletionRecorder<CoverState>()
/// CoverPresenter(loader: loader)
///     .showCover(for: Book.testValue.id, completion: done.handler)
/// let state = await done.value()
/// ```
///
/// [`value(timeout:)`](<doc:value(timeout:fileID:filePath:line:column:)>)
/// resumes the moment the handler is called. If it is not
/// called within 5 seconds, the failure names the handler and how often it was called, and the
/// value is `nil`. Every call is kept in ``values``. A handler with several parameters records
/// them as a tuple: `completion: { done.handler(($0, $1)) }`.
public final class CompletionRecorder<Value: Sendable>: Sendable {
    /// What failure messages call the handler, such as "the completion handler of a cover load".
    public let name: String
    private let recorded = Locked<[Value]>([])
    /// Counted after each value is recorded, so a woken test finds it.
    private let arrivals = EventCounter()

    /// Creates a recorder whose handler no one has called yet.
    ///
    /// - Parameter name: What failure messages call the handler.
    public init(_ name: String = "the completion handler") {
        self.name = name
    }

    /// The handler to pass as the completion parameter: each call records its value and wakes the
    /// test.
    public var handler: @Sendable (Value) -> Void {
        { [self] value in
            recorded.withLock { $0.append(value) }
            arrivals.increment()
        }
    }

    /// Every value the handler received, first first.
    public var values: [Value] { recorded.withLock { $0 } }

    /// How many times the handler was called.
    public var callCount: Int { recorded.withLock { $0.count } }

    /// Waits for the handler's first call and returns its value, or reports a timeout at the
    /// caller's line.
    ///
    /// After a timeout it returns `nil`.
    ///
    /// ```swift
    /// let done = CompletionRecorder<Int>()
    /// DispatchQueue.global().async { done.handler(42) }
    /// let answer = await done.value(timeout: .seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long to wait before failing. Success never waits for it.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The handler's first value, or `nil` after reporting a timeout.
    public func value(
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Value? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if await arrivals.wait(for: 1, timeout: timeout), let first = values.first { return first }
        let reason =
            Task.isCancelled
            ? "Stopped waiting for \(name) to be called: the waiting task was cancelled"
            : "Timed out after \(timeout.text) waiting for \(name) to be called"
        FailureReporter.report(reason + "; it was never called", at: site)
        return nil
    }

    /// Fails the test if the handler is called within a time, returning the moment it is.
    ///
    /// The inverted form of
    /// [`value(timeout:)`](<doc:value(timeout:fileID:filePath:line:column:)>). A handler already
    /// called fails it at once. A passing check takes the whole time, so keep it short; its
    /// verdict is only as strong as that window.
    ///
    /// ```swift
    /// let done = CompletionRecorder<Int>()
    /// await done.expectNoValue(within: .milliseconds(50))
    /// ```
    ///
    /// - Parameters:
    ///   - timeout: How long the handler may stay uncalled; an upper bound, never a sleep once
    ///     it is called.
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
        let called = await arrivals.wait(for: 1, timeout: timeout)
        if let first = values.first {
            let times = callCount == 1 ? "" : " (called \(callCount) times)"
            FailureReporter.report("Expected \(name) not to be called within \(timeout.text), got \(first)\(times)", at: site)
        } else if !called, Task.isCancelled {
            FailureReporter.report("Cancelled while checking that \(name) is not called within \(timeout.text)", at: site)
        }
    }
}
