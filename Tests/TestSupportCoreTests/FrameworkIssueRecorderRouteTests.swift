import Testing

@testable import TestSupportCore

@Suite("FrameworkIssueRecorder.route")
struct FrameworkIssueRecorderRouteTests {
    @Test(
        "A failure on a Swift Testing test's task goes to Swift Testing alone, whatever XCTest is doing",
        arguments: [XCTestCaseTracker.State.unknown, .running, .idle], [true, false]
    )
    func swiftTestingTestOwnsItsFailures(xcTest: XCTestCaseTracker.State, onMainThread: Bool) {
        #expect(FrameworkIssueRecorder.route(inSwiftTestingTest: true, xcTest: xcTest, onMainThread: onMainThread) == .swiftTesting)
    }

    @Test("Outside a Swift Testing test, a running XCTest case receives the failure alone, from any thread", arguments: [true, false])
    func runningXCTestCaseOwnsOtherFailures(onMainThread: Bool) {
        #expect(FrameworkIssueRecorder.route(inSwiftTestingTest: false, xcTest: .running, onMainThread: onMainThread) == .xcTest)
    }

    @Test("With XCTest idle, a failure off every test's task goes to Swift Testing, which fails the run", arguments: [true, false])
    func idleXCTestLeavesFailuresToSwiftTesting(onMainThread: Bool) {
        #expect(FrameworkIssueRecorder.route(inSwiftTestingTest: false, xcTest: .idle, onMainThread: onMainThread) == .swiftTesting)
    }

    @Test("Before XCTest has been observed, the main thread means an XCTest case")
    func unknownOnMainThreadMeansXCTest() {
        #expect(FrameworkIssueRecorder.route(inSwiftTestingTest: false, xcTest: .unknown, onMainThread: true) == .xcTest)
    }

    @Test("Before XCTest has been observed, a failure off the main thread goes to both, since either may be running")
    func unknownOffMainThreadGoesToBoth() {
        #expect(FrameworkIssueRecorder.route(inSwiftTestingTest: false, xcTest: .unknown, onMainThread: false) == .both)
    }
}
