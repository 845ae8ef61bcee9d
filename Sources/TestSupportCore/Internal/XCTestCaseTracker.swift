import Foundation
import XCTest

/// Knows whether an XCTest case is running, so a failure found outside a Swift Testing test goes
/// to XCTest alone.
///
/// It observes XCTest through `XCTestObservationCenter` from the first time the package reports
/// or prepares to report a failure on the main thread (where XCTest runs its tests). Until then,
/// and for a test case already running when it started observing, it does not know.
final class XCTestCaseTracker: NSObject, XCTestObservation, @unchecked Sendable {
    // @unchecked Sendable: the only state is `running`, behind a lock; XCTest calls the
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

    /// The tracker of this process: XCTest's observation center is itself process-wide.
    static let shared = XCTestCaseTracker()

    private let running = Locked<State>(.unknown)
    private let isRegistered = Locked(false)

    /// What is known now.
    var state: State { running.value }

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

    func testCaseWillStart(_ testCase: XCTestCase) {
        running.withLock { $0 = .running }
    }

    func testCaseDidFinish(_ testCase: XCTestCase) {
        running.withLock { $0 = .idle }
    }
}
