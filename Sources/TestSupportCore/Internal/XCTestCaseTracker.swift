import Foundation
import XCTest

/// Knows whether an XCTest case is running, so a failure found outside a Swift Testing test goes
/// to XCTest alone; and which one, so a check can run at its end.
///
/// It observes XCTest through `XCTestObservationCenter` from the first time the package reports
/// or prepares to report a failure on the main thread (where XCTest runs its tests). Until then,
/// and for a test case already running when it started observing, it does not know.
final class XCTestCaseTracker: NSObject, XCTestObservation, @unchecked Sendable {
    // @unchecked Sendable: the only state is `current`, behind a lock; XCTest calls the
    // observation methods on its own thread while failures are reported from any thread.

    /// What the tracker knows about XCTest right now.
    enum State: Equatable, Sendable {
        /// It has not observed a test case start or finish yet.
        case unknown
        /// An XCTest case is between its start and its finish.
        case running
        /// No XCTest case is running.
        case idle
    }

    /// The running case as the tracker saw it start.
    private struct Current {
        var state = State.unknown
        /// The running case's name, when the tracker saw it start.
        var name: String?
        /// Checks to run in the running case's teardown; `nil` once they ran or when no case
        /// is known to be running, so a check comes too late rather than too early.
        var endOfTestChecks: [@Sendable () -> Void]?
    }

    /// The tracker of this process: XCTest's observation center is itself process-wide.
    static let shared = XCTestCaseTracker()

    private let current = Locked(Current())
    private let isRegistered = Locked(false)

    /// What is known now.
    var state: State { current.value.state }

    /// The name of the running case, when the tracker saw it start.
    var runningTestName: String? { current.withLock { $0.state == .running ? $0.name : nil } }

    /// Starts observing XCTest if it has not yet; only on the main thread, where XCTest's
    /// observation center expects its observers to be added.
    func observeIfNeeded() {
        guard !isRegistered.value, Thread.isMainThread else { return }
        let shouldRegister = isRegistered.withLock { registered -> Bool in
            defer { registered = true }
            return !registered
        }
        guard shouldRegister else { return }
        MainActor.assumeIsolated {
            XCTestObservationCenter.shared.addTestObserver(self)
        }
    }

    /// Adds a check to run in the running case's teardown, before its `tearDown()`.
    ///
    /// - Returns: `false` when no case is known to be running, or its teardown has begun.
    func addEndOfTestCheck(_ check: @escaping @Sendable () -> Void) -> Bool {
        current.withLock { current in
            guard current.state == .running, current.endOfTestChecks != nil else { return false }
            current.endOfTestChecks?.append(check)
            return true
        }
    }

    /// Runs the checks added for the running case, once.
    func runEndOfTestChecks() {
        let checks = current.withLock { current in
            defer { current.endOfTestChecks = nil }
            return current.endOfTestChecks ?? []
        }
        for check in checks { check() }
    }

    func testCaseWillStart(_ testCase: XCTestCase) {
        current.withLock { $0 = Current(state: .running, name: testCase.name, endOfTestChecks: []) }
        // Registered as the case starts, the only time XCTest always accepts a teardown block:
        // one added while teardown runs would stop the process.
        testCase.addTeardownBlock { [weak self] in self?.runEndOfTestChecks() }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        current.withLock { $0 = Current(state: .idle) }
    }
}
