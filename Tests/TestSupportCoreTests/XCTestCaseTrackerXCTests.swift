import XCTest

@testable import TestSupportCore

final class XCTestCaseTrackerXCTests: XCTestCase {
    func test_testCaseWillStart_anyCase_statesRunning() {
        let tracker = XCTestCaseTracker()

        tracker.testCaseWillStart(self)

        XCTAssertEqual(tracker.state, .running)
    }

    func test_testCaseDidFinish_afterStart_statesIdle() {
        let tracker = XCTestCaseTracker()
        tracker.testCaseWillStart(self)

        tracker.testCaseDidFinish(self)

        XCTAssertEqual(tracker.state, .idle)
    }

    func test_state_beforeAnyEvent_isUnknown() {
        XCTAssertEqual(XCTestCaseTracker().state, .unknown)
    }
}
