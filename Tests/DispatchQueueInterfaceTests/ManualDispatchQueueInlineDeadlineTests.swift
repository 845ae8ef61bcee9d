import Dispatch
import DispatchQueueInterface
import Foundation
import TestSupportCore
import Testing

/// Deadlines written inline as production code writes them, `.now() + x`, through the seam. They
/// carry their delay, so they are exact whatever the machine's load; `.ci/stress` runs them 50
/// times in a row beside a busy-loop process.
@Suite("ManualDispatchQueue inline .now() + x deadlines")
struct ManualDispatchQueueInlineDeadlineTests {
    /// Production code as apps write it: a debounce that restarts a 300 ms countdown on each input.
    private final class Debouncer: Sendable {
        private let queue: any DispatchQueueInterface
        private let pending = Locked<DispatchWorkItem?>(nil)
        private let action: @Sendable () -> Void

        init(queue: any DispatchQueueInterface, action: @escaping @Sendable () -> Void) {
            self.queue = queue
            self.action = action
        }

        func input() {
            let item = DispatchWorkItem(block: action)
            pending.exchange(item)?.cancel()
            queue.asyncAfter(deadline: .now() + 0.3, execute: item)
        }
    }

    @Test("A 300 ms debounce never runs at 299 ms: 2,000 debounce-style .now() + 0.3 schedules")
    func debounceIsExactUnderLoad() {
        let queue = ManualDispatchQueue()
        let fired = Locked<[Int64]>([])
        let debouncer = Debouncer(queue: queue) { fired.withLock { $0.append(queue.elapsedNanoseconds) } }
        var early: [Int] = []
        var expected: [Int64] = []

        for round in 0..<1_000 {
            let start = queue.elapsedNanoseconds
            debouncer.input()
            queue.advance(by: .milliseconds(150))
            debouncer.input()
            queue.advance(by: .milliseconds(299))
            if fired.value.count != round { early.append(round) }
            queue.advance(by: .milliseconds(1))
            expected.append(start + 450_000_000)
        }

        #expect(early.isEmpty, "fired at 299 ms in rounds \(early.prefix(10))")
        #expect(fired.value == expected)
        #expect(queue.isIdle)
    }

    @Test("A plain closure at .now() + 0.3 is due at exactly 300 ms after the virtual now")
    func inlineClosureDeadlineIsExact() {
        let queue = ManualDispatchQueue()
        queue.advance(by: .seconds(2))
        let seam: any DispatchQueueInterface = queue
        seam.asyncAfter(deadline: .now() + 0.3) {}

        #expect(queue.pending.map(\.deadlineNanoseconds) == [2_300_000_000])
        #expect(queue.pending.map(\.kind) == [.asyncAfterDeadline])
    }

    @Test("10,000 blocks at random .now() + ms deadlines run in (deadline, submission) order under small advances")
    func tenThousandInlineDeadlinesRunInOrder() {
        let queue = ManualDispatchQueue()
        let seam: any DispatchQueueInterface = queue
        var generator = SeededGenerator(seed: 26_001)
        let ran = Locked<[(index: Int, at: Int64)]>([])
        ran.withLock { $0.reserveCapacity(10_000) }
        var deadlines: [Int64] = []
        for batch in 0..<100 {
            for offset in 0..<100 {
                let index = batch * 100 + offset
                let milliseconds = Int.random(in: 0..<2_000, using: &generator)
                deadlines.append(queue.elapsedNanoseconds + Int64(milliseconds) * 1_000_000)
                seam.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) {
                    ran.withLock { $0.append((index, queue.elapsedNanoseconds)) }
                }
            }
            queue.advance(by: .milliseconds(3))
        }
        while !queue.isIdle { queue.advance(by: .milliseconds(7)) }

        let expected = deadlines.indices.sorted { (deadlines[$0], $0) < (deadlines[$1], $1) }
        let order = ran.value
        let misplaced = zip(order.map(\.index), expected).filter { $0 != $1 }.count
        #expect(misplaced == 0, "\(misplaced) of 10,000 blocks out of order")
        #expect(order.allSatisfy { deadlines[$0.index] == $0.at })
    }

    @Test("A wall-clock deadline written inline is due at exactly its delay")
    func inlineWallDeadlineIsExact() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        let seam: any DispatchQueueInterface = queue
        seam.asyncAfter(wallDeadline: .now() + 10) { ran.exchange(true) }

        queue.advance(by: .milliseconds(9_999))
        #expect(ran.value == false)
        queue.advance(by: .milliseconds(1))
        #expect(ran.value == true)
    }

    @Test("A work item on the wall clock written inline is due at exactly its delay")
    func inlineWallDeadlineWorkItemIsExact() {
        let queue = ManualDispatchQueue()
        queue.asyncAfter(wallDeadline: .now() + .milliseconds(250), execute: DispatchWorkItem {})

        #expect(queue.pending.map(\.deadlineNanoseconds) == [250_000_000])
        #expect(queue.pending.map(\.kind) == [.asyncAfterWallDeadline])
        #expect(queue.pending.map(\.isWorkItem) == [true])
    }

    @Test("An inline deadline in the past is due now, and .now() + .never is never due")
    func inlinePastAndNever() {
        let queue = ManualDispatchQueue()
        queue.asyncAfter(deadline: .now() - 5) {}
        queue.asyncAfter(deadline: .now() + .never) {}

        #expect(queue.pending.map(\.deadlineNanoseconds) == [0, nil])
        #expect(queue.runAll() == 1)
        #expect(queue.pendingCount == 1)
    }

    @Test("The queue is not idle right after an asyncAfter")
    func notIdleRightAfterAsyncAfter() {
        let queue = ManualDispatchQueue()

        queue.asyncAfter(deadline: .now() + 0.3) {}

        #expect(!queue.isIdle)
        #expect(queue.pendingCount == 1)
    }

    @Test("A DispatchTime kept in a variable still schedules, read against the real clock")
    func dispatchTimeVariableStillWorks() {
        let queue = ManualDispatchQueue()
        let seam: any DispatchQueueInterface = queue
        let deadline: DispatchTime = .now() + 1

        seam.asyncAfter(deadline: deadline) {}

        // Read against the real clock on entry and rounded up to the millisecond; a loaded
        // machine may stall the thread between the two reads, so up to 50 ms short.
        let due = queue.pending.first?.deadlineNanoseconds ?? -1
        #expect(queue.pending.map(\.kind) == [.asyncAfterDeadline])
        #expect((950_000_000...1_000_000_000).contains(due))
    }

    @Test("A DispatchWallTime kept in a variable still schedules, read against the wall clock")
    func wallTimeVariableStillWorks() {
        let queue = ManualDispatchQueue()
        let deadline: DispatchWallTime = .now() + 10

        queue.asyncAfter(wallDeadline: deadline) {}

        let due = queue.pending.first?.deadlineNanoseconds ?? -1
        #expect(queue.pending.map(\.kind) == [.asyncAfterWallDeadline])
        #expect((9_950_000_000...10_000_000_000).contains(due))
    }

    @Test("QueueDeadline adds and subtracts seconds and intervals as DispatchTime does")
    func queueDeadlineArithmetic() {
        #expect((QueueDeadline.now() + 0.3).delay == .nanoseconds(300_000_000))
        #expect((QueueDeadline.now() + .seconds(2) - 0.5).delay == .nanoseconds(1_500_000_000))
        #expect((QueueDeadline.now() - .milliseconds(1)).delay == .nanoseconds(-1_000_000))
        #expect((QueueDeadline.now() + .never).delay == .never)
        #expect((QueueDeadline.now() + .never - 1).delay == .never)
        #expect((QueueDeadline.now() + Double.infinity).delay == .never)
    }
}
