import Dispatch
import DispatchQueueInterface
import Foundation
import TestSupportCore
import XCTest

/// The real `DispatchQueue` through the interface: forwarding changes nothing. Completion is
/// awaited through the queue's own ordering (a serial queue runs `sync` after earlier `async`
/// blocks) or an expectation with a 5 s bound, so a regression fails instead of hanging.
final class DispatchQueueConformanceTests: XCTestCase {
    func test_async_onSerialQueue_runsBeforeLaterSync() {
        let queue: any DispatchQueueInterface = DispatchQueue(label: "conformance.serial")
        let order = Locked<[String]>([])

        queue.async { order.withLock { $0.append("async") } }
        queue.sync { order.withLock { $0.append("sync") } }

        XCTAssertEqual(order.value, ["async", "sync"])
    }

    func test_sync_returningAndThrowing_forwardsValueAndError() throws {
        struct Boom: Error {}
        let queue: any DispatchQueueInterface = DispatchQueue(label: "conformance.sync")

        XCTAssertEqual(queue.sync { 7 }, 7)
        XCTAssertThrowsError(try queue.sync { throw Boom() }) { XCTAssertTrue($0 is Boom) }
    }

    func test_asyncAfter_withPastDeadline_runsTheBlock() {
        let queue: any DispatchQueueInterface = DispatchQueue(label: "conformance.after")
        let ran = expectation(description: "block ran")

        queue.asyncAfter(deadline: .now()) { ran.fulfill() }

        wait(for: [ran], timeout: 5)
    }

    func test_asyncAfter_inlineDelay_runsAfterTheDelayOnTheRealClock() {
        let queue: any DispatchQueueInterface = DispatchQueue(label: "conformance.inline")
        let start = DispatchTime.now()
        let ranAt = Locked<DispatchTime?>(nil)
        let ran = expectation(description: "block ran")

        queue.asyncAfter(deadline: .now() + 0.05) {
            ranAt.exchange(.now())
            ran.fulfill()
        }

        wait(for: [ran], timeout: 5)
        let elapsed = (ranAt.value?.uptimeNanoseconds ?? 0) &- start.uptimeNanoseconds
        XCTAssertGreaterThanOrEqual(elapsed, 50_000_000)
    }

    func test_asyncAfter_inlineWallDelayAndWorkItem_runOnTheRealQueue() {
        let queue: any DispatchQueueInterface = DispatchQueue(label: "conformance.inline.wall")
        let ran = expectation(description: "both ran")
        ran.expectedFulfillmentCount = 2

        queue.asyncAfter(wallDeadline: .now() + 0.01) { ran.fulfill() }
        queue.asyncAfter(deadline: .now() + .milliseconds(10), execute: DispatchWorkItem { ran.fulfill() })

        wait(for: [ran], timeout: 5)
    }

    func test_asyncAfter_dispatchTimeVariable_stillSchedules() {
        let queue: any DispatchQueueInterface = DispatchQueue(label: "conformance.variable")
        let deadline: DispatchTime = .now()
        let ran = expectation(description: "block ran")

        queue.asyncAfter(deadline: deadline) { ran.fulfill() }

        wait(for: [ran], timeout: 5)
    }

    func test_asyncWorkItem_whenCancelledBeforeSubmission_isSkipped() {
        let queue: any DispatchQueueInterface = DispatchQueue(label: "conformance.item")
        let ran = Locked(false)
        let item = DispatchWorkItem { ran.exchange(true) }
        item.cancel()

        queue.async(execute: item)
        queue.sync {}

        XCTAssertFalse(ran.value)
    }

    func test_asyncWithGroup_leavesGroupAfterRunning() {
        let queue: any DispatchQueueInterface = DispatchQueue(label: "conformance.group")
        let group = DispatchGroup()

        queue.async(group: group) {}
        queue.sync {}

        XCTAssertEqual(group.wait(timeout: .now()), .success)
    }

    func test_isMainQueue_forMainAndPrivateQueues() {
        XCTAssertTrue(DispatchQueue.main.isMainQueue)
        XCTAssertFalse(DispatchQueue(label: "conformance.private").isMainQueue)
        XCTAssertFalse(DispatchQueue(label: "conformance.private").isCurrentQueue)
    }

    func test_concreteDispatchQueueCalls_stillResolveToDispatchQueue() {
        // Importing the module must not make the SDK's own spellings ambiguous.
        // `.now() + x` inline keeps meaning `DispatchTime` / `DispatchWallTime` on a concrete queue.
        let queue = DispatchQueue(label: "conformance.concrete")
        let ran = expectation(description: "every block ran")
        ran.expectedFulfillmentCount = 4
        queue.async { ran.fulfill() }
        queue.asyncAfter(deadline: .now() + 0.001) { ran.fulfill() }
        queue.asyncAfter(wallDeadline: .now() + .milliseconds(1)) { ran.fulfill() }
        queue.asyncAfter(deadline: .now() + 0.002, execute: DispatchWorkItem { ran.fulfill() })
        wait(for: [ran], timeout: 5)
    }
}
