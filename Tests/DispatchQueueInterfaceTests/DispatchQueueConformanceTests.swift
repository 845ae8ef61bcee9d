import Dispatch
import DispatchQueueInterface
import Foundation
import TestSupportCore
import XCTest

/// The real `DispatchQueue` through the interface: forwarding changes nothing. Completion is
/// awaited through the queue's own ordering (a serial queue runs `sync` after earlier `async`
/// blocks) or a continuation the block resumes, never a timed wait.
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

    func test_asyncAfter_withPastDeadline_runsTheBlock() async {
        let queue: any DispatchQueueInterface = DispatchQueue(label: "conformance.after")

        await withCheckedContinuation { continuation in
            queue.asyncAfter(deadline: .now()) { continuation.resume() }
        }
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
        let queue = DispatchQueue(label: "conformance.concrete")
        let ran = Locked(false)
        queue.async { ran.exchange(true) }
        queue.sync {}
        XCTAssertTrue(ran.value)
    }
}
