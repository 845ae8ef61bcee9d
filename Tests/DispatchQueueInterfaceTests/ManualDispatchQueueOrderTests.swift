import Dispatch
import DispatchQueueInterface
import Foundation
import TestSupportCore
import Testing

/// The queue settles its order lazily, so bursts, single blocks and blocks scheduled from inside
/// running blocks take different paths; these check the run order against a plain simulation.
@Suite("ManualDispatchQueue order under mixed scheduling")
struct ManualDispatchQueueOrderTests {
    /// A block's follow-up: every fifth block schedules one more, at a delay fixed by its number.
    private static func followUpDelay(of block: Int) -> Int? {
        block.isMultiple(of: 5) ? (block &* 7_919) % 3_000 : nil
    }

    /// The reference: pending blocks as (deadline, submission, block), kept sorted latest first
    /// by binary insertion; running a block records it and schedules its follow-up.
    private struct Simulation {
        var now: Int64 = 0
        var pending: [(deadline: Int64, submission: Int, block: Int)] = []
        var submissions = 0
        var blocks = 0
        var order: [Int] = []

        mutating func schedule(afterMilliseconds delay: Int) {
            let deadline = now + Int64(delay) * 1_000_000
            var low = 0
            var high = pending.count
            while low < high {
                let middle = (low + high) / 2
                if (pending[middle].deadline, pending[middle].submission) > (deadline, submissions) {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            pending.insert((deadline, submissions, blocks), at: low)
            submissions += 1
            blocks += 1
        }

        mutating func runNext(dueBy limit: Int64) -> Bool {
            guard let next = pending.last, next.deadline <= limit else { return false }
            pending.removeLast()
            now = max(now, next.deadline)
            order.append(next.block)
            if let delay = followUpDelay(of: next.block) { schedule(afterMilliseconds: delay) }
            return true
        }

        mutating func advance(byMilliseconds step: Int) {
            let target = now + Int64(step) * 1_000_000
            while runNext(dueBy: target) {}
            now = max(now, target)
        }
    }

    /// The queue under test, with blocks that behave as the simulation's do.
    private final class Driver: Sendable {
        let queue = ManualDispatchQueue()
        let blocks = Locked(0)
        let order = Locked<[Int]>([])

        func schedule(afterMilliseconds delay: Int) {
            let block = blocks.withLock { count in
                defer { count += 1 }
                return count
            }
            queue.asyncAfter(deadline: queue.now + .milliseconds(delay)) { [self] in
                order.withLock { $0.append(block) }
                if let delay = ManualDispatchQueueOrderTests.followUpDelay(of: block) { schedule(afterMilliseconds: delay) }
            }
        }
    }

    @Test("Bursts, single blocks and follow-ups scheduled while blocks run keep deadline order, ties in submission order")
    func mixedSchedulingMatchesTheSimulation() {
        var generator = SeededGenerator(seed: 1_048_573)
        let driver = Driver()
        var simulation = Simulation()
        for _ in 0..<60 {
            let burst = [1, 2, 40, 300, 1_500].randomElement(using: &generator) ?? 1
            for _ in 0..<burst {
                // Whole seconds give ties; zero is due at once.
                let delay =
                    Bool.random(using: &generator)
                    ? Int.random(in: 0..<5, using: &generator) * 1_000 : Int.random(in: 0..<5_000, using: &generator)
                driver.schedule(afterMilliseconds: delay)
                simulation.schedule(afterMilliseconds: delay)
            }
            if Bool.random(using: &generator) {
                let step = Int.random(in: 0..<4_000, using: &generator)
                driver.queue.advance(by: .milliseconds(step))
                simulation.advance(byMilliseconds: step)
            } else {
                for _ in 0..<Int.random(in: 1..<200, using: &generator) {
                    #expect(driver.queue.runNext() == simulation.runNext(dueBy: .max))
                }
            }
            #expect(driver.queue.pendingCount == simulation.pending.count)
            #expect(driver.queue.elapsedNanoseconds == simulation.now)
        }
        driver.queue.advance(by: .seconds(10))
        simulation.advance(byMilliseconds: 10_000)

        #expect(driver.order.value == simulation.order)
        #expect(driver.queue.pendingCount == simulation.pending.count)
    }

    @Test("Work items cancelled inside a large burst are skipped and no longer counted")
    func cancelledWorkItemsInABurstAreSkipped() {
        let queue = ManualDispatchQueue()
        let ran = Locked<[Int]>([])
        var items: [DispatchWorkItem] = []
        for index in 0..<2_000 {
            let item = DispatchWorkItem { ran.withLock { $0.append(index) } }
            items.append(item)
            queue.asyncAfter(deadline: queue.now + .milliseconds(2_000 - index), execute: item)
        }
        for index in stride(from: 0, to: 2_000, by: 3) { items[index].cancel() }

        #expect(queue.pendingCount == 1_333)
        #expect(queue.advance(by: .seconds(2)) == 1_333)
        #expect(ran.value == (0..<2_000).reversed().filter { !$0.isMultiple(of: 3) })
        #expect(queue.isIdle)
    }

    @Test("removeAllPending in the middle of a drain drops the rest and the queue keeps working")
    func removeAllPendingMidDrain() {
        let queue = ManualDispatchQueue()
        let ran = Locked(0)
        for index in 0..<3_000 { queue.asyncAfter(deadline: queue.now + .milliseconds(index % 1_000)) { ran.withLock { $0 += 1 } } }
        queue.advance(by: .milliseconds(499))

        #expect(ran.value == 1_500)
        #expect(queue.removeAllPending() == 1_500)
        queue.asyncAfter(deadline: queue.now + .milliseconds(1)) { ran.withLock { $0 += 1 } }
        #expect(queue.pending.map(\.submissionIndex) == [3_000])
        #expect(queue.advance(by: .milliseconds(1)) == 1)
        #expect(ran.value == 1_501)
    }

    @Test("A block that ran is released at once, while blocks submitted after it are still pending")
    func ranBlockIsReleasedWhileOthersPend() {
        final class Token: Sendable {}
        weak var released: Token?
        let queue = ManualDispatchQueue()
        do {
            let token = Token()
            released = token
            queue.async { _ = token }
        }
        queue.async {}
        queue.async {}
        queue.runNext()

        #expect(released == nil)
        #expect(queue.pendingCount == 2)
    }

    @Test("A queue dropped with blocks pending releases them, wherever they are held")
    func droppedQueueReleasesPendingBlocks() {
        final class Token: Sendable {}
        weak var inbox: Token?
        weak var run: Token?
        weak var heap: Token?
        do {
            let queue = ManualDispatchQueue()
            let runToken = Token()
            run = runToken
            for index in 0..<100 { queue.asyncAfter(deadline: queue.now + .seconds(index + 2)) { _ = runToken } }
            queue.runNext()
            let heapToken = Token()
            heap = heapToken
            queue.asyncAfter(deadline: queue.now + .seconds(1)) { _ = heapToken }
            queue.runNext()
            let inboxToken = Token()
            inbox = inboxToken
            queue.asyncAfter(deadline: queue.now + .seconds(1)) { _ = inboxToken }
            #expect(queue.pendingCount == 100)
        }

        #expect(inbox == nil)
        #expect(run == nil)
        #expect(heap == nil)
    }
}
