import Testing

/// Reports failures found on threads the test does not run on (URLSession, Dispatch, detached
/// tasks) so that the right test fails, exactly once.
///
/// Swift Testing attributes an issue to a test only when it is recorded on that test's task: an
/// issue recorded from a URLSession thread fails the run as «unknown» while the test itself
/// passes (measured on Linux, Swift 6.3.1). So a type that detects failures on other threads
/// creates one of these on the test's task (a stub registry does so in its initializer), calls
/// ``report(_:at:)`` from anywhere, and calls ``flush()`` on the test's task at its next
/// verification or when its scope ends.
///
/// What happens to a failure depends on where it is found:
/// - on a task that has a handler installed (``FailureReporter/withHandler(_:operation:)-(_,()->R)``),
///   or when the reporter was created under one, the handler receives it at once;
/// - on a Swift Testing test's own task, or anywhere during an XCTest (XCTest attributes
///   `XCTFail` from any thread to the running test), it is reported at once;
/// - off the task of the Swift Testing test that created the reporter, it is kept, and reported
///   on the test's task by the next ``flush()``; if nothing flushes, it is reported when the
///   reporter is deallocated, which happens on the test's task when the test's last reference
///   goes away. Either way the test fails once, at the user's line.
///
/// ```swift
/// final class StubServer: Sendable {
///     private let failures = OffTaskFailureReporter()
///
///     // Runs on a URLSession thread:
///     func handle(_ request: URLRequest, at callSite: CallSite) {
///         failures.report("No stub for \(request)", at: callSite)
///     }
///
///     func verify() {                            // runs on the test's task
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
        XCTestCaseTracker.shared.observeIfNeeded()
        capturedHandler = FailureReporter.currentHandler
        createdInSwiftTestingTest = Test.current != nil
    }

    /// Reports a failure from any thread, at once or later on the test's task.
    ///
    /// Reports a failure from any thread; see the type's documentation for when it is reported
    /// at once and when it is kept for ``flush()``.
    ///
    /// - Parameters:
    ///   - message: What went wrong.
    ///   - location: The user's line the failure belongs to.
    public func report(_ message: String, at location: CallSite) {
        let failure = TestFailure(message: message, location: location)
        if FailureReporter.currentHandler == nil, let capturedHandler {
            capturedHandler(failure)
        } else if FailureReporter.currentHandler == nil, createdInSwiftTestingTest, Test.current == nil {
            kept.withLock { $0.append(failure) }
        } else {
            FailureReporter.report(message, at: location)
        }
    }

    /// The failures kept from other threads and not yet flushed.
    public var pendingFailures: [TestFailure] { kept.value }

    /// Reports, on the calling task, every failure kept from another thread, then forgets them.
    ///
    /// Call it on the test's own task: at a verification, or when a scope ends.
    public func flush() {
        Self.reportKept(kept.exchange([]))
    }

    deinit {
        Self.reportKept(kept.exchange([]))
    }

    private static func reportKept(_ failures: [TestFailure]) {
        for failure in failures {
            FailureReporter.report(failure.message, at: failure.location)
        }
    }
}
