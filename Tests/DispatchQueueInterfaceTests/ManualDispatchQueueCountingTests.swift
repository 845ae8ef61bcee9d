import Dispatch
import DispatchQueueInterface
import Foundation
import TestSupportCore
import Testing

/// pendingCount and isIdle are kept as counts, not recomputed by walking the held blocks; these
/// pin that the counts stay right through every way a block leaves the queue.
@Suite("ManualDispatchQueue counts")
struct ManualDispatchQueueCountingTests {
    @Test("pendingCount follows closures and work items as they are added, cancelled, run and dropped")
    func pendingCountFollowsEveryChange() {
        let queue = ManualDispatchQueue()
        let item = DispatchWorkItem {}
        queue.async {}
        queue.asyncAfter(deadline: queue.now + 1, execute: item)
        queue.asyncAfter(deadline: queue.now + 2) {}
        #expect(queue.pendingCount == 3)

        item.cancel()
        #expect(queue.pendingCount == 2)

        queue.runNext()
        #expect(queue.pendingCount == 1)

        #expect(queue.removeAllPending() == 1)
        #expect(queue.pendingCount == 0)
        #expect(queue.isIdle)
    }

    @Test("A runNext loop runs every block once, in order, and leaves the queue idle")
    func runNextLoopDrainsInOrder() {
        let queue = ManualDispatchQueue()
        let order = Locked<[Int]>([])
        for index in (0..<100).reversed() {
            queue.asyncAfter(deadline: queue.now + .milliseconds(index)) { order.withLock { $0.append(index) } }
        }

        var steps = 0
        while !queue.isIdle {
            queue.runNext()
            steps += 1
        }

        #expect(steps == 100)
        #expect(order.value == Array(0..<100))
    }

    @Test("isCurrentQueue is true inside a block run by runNext or runAll, and false between runs")
    func isCurrentQueueOnlyInsideBlocks() {
        let queue = ManualDispatchQueue()
        let seen = Locked<[Bool]>([])
        queue.async { seen.withLock { $0.append(queue.isCurrentQueue) } }
        queue.async { seen.withLock { $0.append(queue.isCurrentQueue) } }

        queue.runNext()
        #expect(queue.isCurrentQueue == false)
        queue.runAll()

        #expect(seen.value == [true, true])
        #expect(queue.isCurrentQueue == false)
    }
}
