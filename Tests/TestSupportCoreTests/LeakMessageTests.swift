import TestSupportCore
import TestSupportTesting
import Testing
import XCTest

/// An object that keeps itself alive through a retain cycle.
final class LeakMessageNode {
    var next: LeakMessageNode?

    static func cycle() -> LeakMessageNode {
        let node = LeakMessageNode()
        node.next = node
        return node
    }
}

/// A user's own leak helper: it tracks and checks with its caller's place, so both places are one.
private func expectReleasedNow(
    _ object: AnyObject,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let tracker = LeakTracker()
    tracker.track(object, fileID: fileID, filePath: filePath, line: line, column: column)
    tracker.expectNoLeaks(fileID: fileID, filePath: filePath, line: line, column: column)
}

@Suite("Leak messages")
struct LeakMessageTests {
    @Test("A leak tracked and checked at one place names the place once")
    func samePlaceNamedOnce() {
        let node = LeakMessageNode.cycle()
        let line = #line + 2
        withKnownIssue {
            expectReleasedNow(node)
        } matching: { issue in
            issue.isFailure(
                containing: "Memory leak: TestSupportCoreTests.LeakMessageNode, tracked and checked at "
                    + "TestSupportCoreTests/LeakMessageTests.swift:\(line):",
                line: line
            ) && issue.message.contains(", is still alive; look for a retain cycle")
        }
    }

    @Test("A tracked object that withLeakTracking returned is named as what keeps it alive")
    func returnedObjectIsNamedAsTheHolder() {
        let line = #line + 4
        withKnownIssue {
            _ = withLeakTracking { tracker in
                let node = LeakMessageNode()
                tracker.track(node)
                return node
            }
        } matching: { issue in
            issue.isFailure(
                containing:
                    "Memory leak: TestSupportCoreTests.LeakMessageNode tracked at TestSupportCoreTests/LeakMessageTests.swift:\(line):",
                line: line
            )
                && issue.message.contains(
                    " is still alive at TestSupportCoreTests/LeakMessageTests.swift:\(line - 2):")
                && issue.message.hasSuffix("; it is the value withLeakTracking returned, which keeps it alive: return something else")
        }
    }

    #if compiler(>=6.1)
    @Test("A leak the .leakTracked trait finds says it was alive after the test's body returned")
    func traitSaysAfterBody() async throws {
        let test = try #require(Test.current)
        let line = #line + 4
        try await withKnownIssue {
            try await LeakTrackedTrait.leakTracked.provideScope(for: test, testCase: Test.Case.current) {
                let node = LeakMessageNode.cycle()
                LeakTracker.current?.track(node)
            }
        } matching: { issue in
            issue.isFailure(
                containing:
                    "Memory leak: TestSupportCoreTests.LeakMessageNode tracked at TestSupportCoreTests/LeakMessageTests.swift:\(line):",
                line: line
            ) && issue.message.contains(" is still alive after the test's body returned; look for a retain cycle")
        }
    }
    #endif
}

final class LeakMessageXCTests: FailureRecordingTestCase {
    func test_expectNoLeaks_trackedAndCheckedAtOnePlace_namesThePlaceOnce() {
        let node = LeakMessageNode.cycle()
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            expectReleasedNow(node)
        }

        XCTAssertEqual(failures.map(\.line), [line])
        let message = failures.first?.description ?? ""
        XCTAssertTrue(
            message.contains(
                "Memory leak: TestSupportCoreTests.LeakMessageNode, tracked and checked at TestSupportCoreTests/LeakMessageTests.swift:\(line):"
            ),
            message)
        XCTAssertTrue(message.contains(", is still alive; look for a retain cycle"), message)
    }

    func test_withLeakTracking_returnedTrackedObject_namesItAsTheHolder() {
        var line = 0

        let failures = capturingXCTestFailures {
            _ = withLeakTracking { tracker in
                let node = LeakMessageNode()
                line = #line + 1
                tracker.track(node)
                return node
            }
        }

        XCTAssertEqual(failures.map(\.line), [line])
        let message = failures.first?.description ?? ""
        XCTAssertTrue(message.contains(" is still alive at TestSupportCoreTests/LeakMessageTests.swift:\(line - 3):"), message)
        XCTAssertTrue(
            message.contains("; it is the value withLeakTracking returned, which keeps it alive: return something else"), message)
    }
}

/// trackForMemoryLeaks checks at teardown, so its message says when instead of repeating the place.
final class LeakMessageTeardownXCTests: XCTestCase {
    private var expectsLeakAtTeardown = false
    private var teardownFailures: [(description: String, line: Int)] = []
    private var trackedLine = 0

    func test_trackForMemoryLeaks_retainCycle_saysStillAliveAtEndOfTest() {
        expectsLeakAtTeardown = true
        let node = LeakMessageNode.cycle()
        trackedLine = #line + 1
        trackForMemoryLeaks(node)
    }

    override func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard expectsLeakAtTeardown else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        teardownFailures.append((description, lineNumber))
    }

    override func tearDown() {
        // Teardown blocks, where the leak check runs, have run by now.
        if expectsLeakAtTeardown {
            expectsLeakAtTeardown = false
            XCTAssertEqual(teardownFailures.map(\.line), [trackedLine])
            XCTAssertTrue(
                teardownFailures.first?.description.contains(
                    "Memory leak: TestSupportCoreTests.LeakMessageNode tracked at TestSupportCoreTests/LeakMessageTests.swift:\(trackedLine):"
                ) == true, "\(teardownFailures)")
            XCTAssertTrue(
                teardownFailures.first?.description.contains(" is still alive at the end of the test; look for a retain cycle") == true,
                "\(teardownFailures)")
        }
        super.tearDown()
    }
}
