/// The one path by which every helper in the package reports a test failure.
///
/// It records the failure with exactly one framework, the one that runs the test:
/// - inside a Swift Testing test (`Test.current != nil`) it records an `Issue` at the caller's
///   file, line and column;
/// - while an `XCTestCase` runs, it calls `XCTFail` (from any thread: XCTest attributes it to
///   the running case). The package learns when XCTest cases start and finish through
///   `XCTestObservationCenter`;
/// - on a thread no test's task covers while XCTest is idle (a URLSession or Dispatch thread in
///   a Swift Testing run), it records an `Issue`, which fails the run instead of vanishing (use
///   ``OffTaskFailureReporter`` to land such failures on the right test);
/// - outside any test process (a benchmark, a preview) it also writes the message to standard
///   error. It never crashes.
///
/// Calling both frameworks would count a failure twice where they interoperate (Swift 6.3 with
/// Xcode 26.4). Both are called only before the package has seen XCTest run a case, and only for
/// a failure off the main thread, where nothing tells which framework is running.
///
/// ```swift
/// func expectSorted(
///     _ values: [Int],
///     fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///     line: UInt = #line, column: UInt = #column
/// ) {
///     if values != values.sorted() {
///         FailureReporter.report(
///             "Expected \(values) to be sorted",
///             at: CallSite(
///                 fileID: fileID, filePath: filePath, line: line,
///                 column: column))
///     }
/// }
/// ```
///
/// A test may take over reporting for a scope with ``withHandler(_:operation:)-(_,()->R)`` or
/// ``collectFailures(_:)-(()->Void)``; the handler is task-local, so tests running in parallel
/// never see each other's failures.
public enum FailureReporter {
    /// Receives failures in place of the test frameworks while installed.
    public typealias Handler = @Sendable (TestFailure) -> Void

    @TaskLocal static var taskHandler: Handler?

    /// The handler installed for the current task, if any.
    ///
    /// Types that detect failures on other threads (URLSession, Dispatch) capture this when they
    /// are created, so failures they find later still reach the scope that created them.
    package static var currentHandler: Handler? { taskHandler }

    /// Reports a failure at the given location.
    ///
    /// - Parameters:
    ///   - message: What went wrong: name what was expected and what was found.
    ///   - location: The caller's location, usually built from the public helper's defaulted
    ///     `fileID`, `filePath`, `line` and `column` parameters.
    public static func report(_ message: String, at location: CallSite) {
        let failure = TestFailure(message: message, location: location)
        if let handler = taskHandler {
            handler(failure)
        } else {
            FrameworkIssueRecorder.record(failure)
        }
    }

    /// Reports a failure at the caller's location.
    ///
    /// ```swift
    /// let users: [String] = []
    /// guard let user = users.first else {
    ///     FailureReporter.report("Expected at least one user")
    ///     return
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - message: What went wrong.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public static func report(
        _ message: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        report(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Sends every failure reported by an operation on this task and its child tasks to a handler
    /// instead of the test frameworks.
    ///
    /// - Parameters:
    ///   - handler: Receives each failure.
    ///   - operation: The code whose failures are redirected.
    /// - Returns: What `operation` returns.
    public static func withHandler<R>(
        _ handler: @escaping Handler,
        operation: () throws -> R
    ) rethrows -> R {
        try $taskHandler.withValue(handler, operation: operation)
    }

    /// Sends every failure reported by an asynchronous operation on this task and its child tasks
    /// to a handler instead of the test frameworks.
    ///
    /// - Parameters:
    ///   - handler: Receives each failure.
    ///   - isolation: The caller's actor; inferred.
    ///   - operation: The code whose failures are redirected.
    /// - Returns: What `operation` returns.
    public static func withHandler<R>(
        _ handler: @escaping Handler,
        isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> R
    ) async rethrows -> R {
        try await $taskHandler.withValue(handler, operation: operation, isolation: isolation)
    }

    /// Runs a closure and returns the failures it reported instead of failing the test.
    ///
    /// The package's own tests use this to assert on failure messages and locations:
    ///
    /// ```swift
    /// let spy = Spy<Int, Void>("fetch(id:)")
    /// let failures = FailureReporter.collectFailures {
    ///     spy.expectCalled(times: 2)
    /// }
    /// #expect(
    ///     failures.map(\.message) == ["Expected 2 calls to fetch(id:), saw 0"])
    /// ```
    ///
    /// - Parameter body: The code under test.
    /// - Returns: The failures, in the order they were reported.
    public static func collectFailures(_ body: () throws -> Void) rethrows -> [TestFailure] {
        let failures = Locked<[TestFailure]>([])
        try withHandler({ failure in failures.withLock { $0.append(failure) } }, operation: body)
        return failures.value
    }

    /// Runs an asynchronous closure and returns the failures it reported instead of failing the
    /// test.
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor; inferred.
    ///   - body: The code under test.
    /// - Returns: The failures, in the order they were reported.
    public static func collectFailures(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Void
    ) async rethrows -> [TestFailure] {
        let failures = Locked<[TestFailure]>([])
        try await withHandler({ failure in failures.withLock { $0.append(failure) } }, isolation: isolation, operation: body)
        return failures.value
    }
}
