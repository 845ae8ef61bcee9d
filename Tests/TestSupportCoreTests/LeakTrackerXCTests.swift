import TestSupportCore
import TestSupportTesting
import XCTest

private final class Session {
    var onExpire: (() -> Void)?
}

final class TrackForMemoryLeaksXCTests: XCTestCase {
    private var expectsLeakAtTeardown = false
    private var teardownFailures: [(description: String, line: Int)] = []
    private var trackedLine = 0

    func test_trackForMemoryLeaks_releasedInstance_passes() {
        let session = Session()
        trackForMemoryLeaks(session)
        session.onExpire = {}
    }

    func test_trackForMemoryLeaks_retainCycle_failsAtTeardownOnTrackingLine() {
        expectsLeakAtTeardown = true
        let session = Session()
        trackedLine = #line + 1
        trackForMemoryLeaks(session)
        session.onExpire = { _ = session }
    }

    // XCTest reports every failure through `record(_:)` where it has `XCTIssue` (Apple's XCTest,
    // which deprecates the older `recordFailure(withDescription:inFile:atLine:expected:)`), and
    // through `recordFailure` in swift-corelibs-xctest, which has no `XCTIssue`.
    #if canImport(ObjectiveC)
    override func record(_ issue: XCTIssue) {
        guard expectsLeakAtTeardown else { return super.record(issue) }
        teardownFailures.append((issue.compactDescription, issue.sourceCodeContext.location?.lineNumber ?? 0))
    }
    #else
    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard expectsLeakAtTeardown else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        teardownFailures.append((description, lineNumber))
    }
    #endif

    override func tearDown() {
        // Teardown blocks, where the leak check runs, have run by now.
        if expectsLeakAtTeardown {
            expectsLeakAtTeardown = false
            XCTAssertEqual(teardownFailures.map(\.line), [trackedLine])
            XCTAssertTrue(
                teardownFailures.first?.description.contains("Memory leak: TestSupportCoreTests.(unknown context") == true,
                "\(teardownFailures)")
            XCTAssertTrue(
                teardownFailures.first?.description.contains(
                    "Session tracked at TestSupportCoreTests/LeakTrackerXCTests.swift:\(trackedLine)") == true, "\(teardownFailures)")
        }
        super.tearDown()
    }
}
