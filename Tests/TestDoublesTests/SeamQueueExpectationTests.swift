import DispatchQueueInterface
import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing
import XCTest

@Suite("ManualDispatchQueue.expectNoPendingWork")
struct SeamNoPendingWorkTests {
    @Test("Pending work is reported at the caller's line, listing each block")
    func pendingWorkIsReported() {
        let queue = ManualDispatchQueue(label: "search")
        queue.asyncAfter(deadline: queue.now + .milliseconds(300)) {}

        let line = #line + 2
        withKnownIssue {
            queue.expectNoPendingWork()
        } matching: { issue in
            issue.isFailure(
                containing:
                    "Expected no pending work on queue 'search' at virtual time 0.0 seconds, found 1 block(s): #0 asyncAfterDeadline due at 0.3 seconds",
                line: line
            )
        }
    }

    @Test("An idle queue passes")
    func idleQueuePasses() {
        let queue = ManualDispatchQueue()
        queue.async {}
        queue.runDue()

        #expect(FailureReporter.collectFailures { queue.expectNoPendingWork() }.isEmpty)
    }

    @Test("A cancelled work item is not pending work")
    func cancelledItemIsNotPending() {
        let queue = ManualDispatchQueue()
        let item = DispatchWorkItem {}
        queue.asyncAfter(deadline: queue.now + 1, execute: item)
        item.cancel()

        #expect(FailureReporter.collectFailures { queue.expectNoPendingWork() }.isEmpty)
    }
}

@Suite("ManualDispatchQueue.expectNoMisuse")
struct SeamNoMisuseTests {
    @Test("A sync from the queue's own work is reported at the caller's line, once")
    func syncMisuseIsReportedOnce() {
        let queue = ManualDispatchQueue(label: "db")
        queue.async { queue.sync {} }
        queue.runDue()

        let line = #line + 1
        let failures = FailureReporter.collectFailures { queue.expectNoMisuse() }
        let again = FailureReporter.collectFailures { queue.expectNoMisuse() }

        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.first?.message.hasPrefix("sync was called on queue 'db' from inside its own work: a real serial queue deadlocks here")
                == true)
        #expect(again.isEmpty)
    }

    @Test("The immediate queue's misuse is reported too")
    func immediateQueueMisuse() {
        let queue = ImmediateDispatchQueue(label: "io")
        queue.async { queue.sync {} }

        let line = #line + 2
        withKnownIssue {
            queue.expectNoMisuse()
        } matching: { issue in
            issue.isFailure(containing: "sync was called on queue 'io'", line: line)
        }
    }
}

@Suite("UnimplementedDispatchQueue")
struct SeamUnimplementedQueueTests {
    @Test("async reports at the line that created the queue and does not run the block")
    func asyncReports() {
        let line = #line + 1
        let queue = UnimplementedDispatchQueue(label: "images")
        let ran = Locked(false)

        withKnownIssue {
            queue.async { ran.exchange(true) }
        } matching: { issue in
            issue.isFailure(containing: "Unimplemented: async was called on queue 'images'", line: line)
        }
        #expect(ran.value == false)
    }

    @Test("asyncAfter through the leading-dot factory reports")
    func asyncAfterReports() {
        let queue: UnimplementedDispatchQueue = .unimplemented(label: "timer")

        let failures = FailureReporter.collectFailures { queue.asyncAfter(deadline: .now() + 1) {} }

        #expect(
            failures.map(\.message) == [
                "Unimplemented: asyncAfter(deadline:) was called on queue 'timer'; this code path was expected not to use the queue"
            ])
    }
}

final class SeamQueueExpectationXCTests: FailureRecordingTestCase {
    func test_expectNoPendingWork_withPendingBlock_failsAtCallerLine() {
        let queue = ManualDispatchQueue(label: "search")
        queue.asyncAfter(deadline: queue.now + 2) {}
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            queue.expectNoPendingWork()
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("found 1 block(s): #0 asyncAfterDeadline due at 2.0 seconds") ?? false)
    }

    func test_expectNoMisuse_afterDeadlockingSync_failsAtCallerLine() {
        let queue = ManualDispatchQueue(label: "db")
        queue.async { queue.sync {} }
        queue.runDue()
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            queue.expectNoMisuse()
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("a real serial queue deadlocks here") ?? false)
    }

    func test_unimplementedQueue_whenUsed_failsAtCreationLine() {
        let line = #line + 1
        let queue = UnimplementedDispatchQueue()

        let failures = capturingXCTestFailures { queue.async {} }

        XCTAssertEqual(failures.map(\.line), [line])
    }
}
