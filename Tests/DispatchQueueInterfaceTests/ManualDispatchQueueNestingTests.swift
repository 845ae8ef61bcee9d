import Dispatch
import DispatchQueueInterface
import Foundation
import TestSupportCore
import Testing

/// Which queue a thread is inside is tracked per thread; these pin it for queues run from inside
/// each other's blocks and for other threads.
@Suite("ManualDispatchQueue nesting")
struct ManualDispatchQueueNestingTests {
    @Test("Inside a block of one queue run from a block of another, both queues are current, and neither once they return")
    func nestedRunsMarkBothQueues() {
        let outer = ManualDispatchQueue(label: "outer")
        let inner = ManualDispatchQueue(label: "inner")
        let seen = Locked<[String: Bool]>([:])
        inner.async {
            seen.withLock { $0["inner sees inner"] = inner.isCurrentQueue }
            seen.withLock { $0["inner sees outer"] = outer.isCurrentQueue }
        }
        outer.async {
            inner.runNext()
            seen.withLock { $0["outer after inner returned sees inner"] = inner.isCurrentQueue }
            seen.withLock { $0["outer after inner returned sees outer"] = outer.isCurrentQueue }
        }

        outer.runAll()

        #expect(
            seen.value == [
                "inner sees inner": true, "inner sees outer": true,
                "outer after inner returned sees inner": false, "outer after inner returned sees outer": true,
            ])
        #expect(outer.isCurrentQueue == false)
        #expect(inner.isCurrentQueue == false)
    }

    @Test("sync on a queue from a nested block of another queue, run from the first queue's work, records the deadlock")
    func syncFromNestedWorkRecordsDeadlock() {
        let outer = ManualDispatchQueue(label: "outer")
        let inner = ManualDispatchQueue(label: "inner")
        inner.async { outer.sync {} }
        outer.async { inner.runAll() }

        outer.runAll()

        #expect(outer.misuses.map(\.kind) == [.syncFromOwnWork])
        #expect(inner.misuses.isEmpty)
    }

    @Test("Another thread is not inside the queue while one of its blocks runs")
    func otherThreadIsNotInside() {
        let queue = ManualDispatchQueue()
        let fromOtherThread = Locked<Bool?>(nil)
        queue.async {
            let done = DispatchSemaphore(value: 0)
            Thread {
                fromOtherThread.exchange(queue.isCurrentQueue)
                done.signal()
            }.start()
            done.wait()
        }

        queue.runAll()

        #expect(fromOtherThread.value == false)
    }
}
