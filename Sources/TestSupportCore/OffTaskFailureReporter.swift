import Testing

/// Reports failures found on threads the test does not run on (URLSession, Dispatch, detached
/// tasks) so that the right test still fails.
///
/// Swift Testing attributes an issue to a test only when it is recorded on that test's task:
/// one recorded from a URLSession thread fails the run as «unknown» while the test passes.
/// Create one of these on the test's task (a stub registry or a fake does so in its
/// initializer); call ``report(_:at:)`` from anywhere; call ``flush()`` on the test's task at
/// the next verification or when the scope ends, and every failure kept from another thread is
/// reported again, this time against the test.
///
/// ```swift
/// final class StubServer: Sendable {
///     private let failures = OffTaskFailureReporter()
///
///     func handle(_ request: Request) {          // runs on a URLSession thread
///         failures.report("No stub for \(request)", at: request.callSite)
///     }
///
///     func verify(fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///                 line: UInt = #line, column: UInt = #column) {   // runs on the test's task
///         failures.flush()
///     }
/// }
/// ```
public final class OffTaskFailureReporter: Sendable {
    private let capturedHandler: FailureReporter.Handler?
    private let createdInSwiftTestingTest: Bool
    private let kept = Locked<[TestFailure]>([])

    /// Creates a reporter bound to the current test; call it on the test's own task.
    public init() {
        capturedHandler = FailureReporter.currentHandler
        createdInSwiftTestingTest = Test.current != nil
    }

    /// Reports a failure from any thread.
    ///
    /// On the test's task it is reported at once. Off it, during a Swift Testing test, it is
    /// reported at once (so the run fails even if nothing flushes) and also kept for
    /// ``flush()``. A handler installed when this reporter was created receives it directly.
    ///
    /// - Parameters:
    ///   - message: What went wrong.
    ///   - location: The user's line the failure belongs to.
    public func report(_ message: String, at location: CallSite) {
        if let capturedHandler, FailureReporter.currentHandler == nil {
            capturedHandler(TestFailure(message: message, location: location))
            return
        }
        if createdInSwiftTestingTest && Test.current == nil && FailureReporter.currentHandler == nil {
            kept.withLock { $0.append(TestFailure(message: message, location: location)) }
        }
        FailureReporter.report(message, at: location)
    }

    /// The failures kept from other threads and not yet flushed.
    public var pendingFailures: [TestFailure] { kept.value }

    /// Reports again, on the calling task, every failure kept from another thread, then forgets
    /// them.
    ///
    /// Call it on the test's own task: at a verification, or when a scope ends.
    public func flush() {
        let failures = kept.exchange([])
        for failure in failures {
            FailureReporter.report(
                "\(failure.message) (found off the test's task; reported again here)",
                at: failure.location
            )
        }
    }
}
