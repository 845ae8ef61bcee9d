import Dispatch
import DispatchQueueInterface
import Foundation
import TestSupportCore
import Testing

@Suite("ManualDispatchQueue.advance(by:)")
struct ManualDispatchQueueAdvanceTests {
    @Test("A block scheduled 30 seconds ahead runs only once 30 seconds of virtual time have passed")
    func runsThirtySecondBlockAtItsDeadline() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        queue.asyncAfter(deadline: queue.now + 30) { ran.exchange(true) }

        queue.advance(by: .seconds(29))
        #expect(ran.value == false)
        queue.advance(by: .seconds(1))
        #expect(ran.value == true)
        #expect(queue.elapsed == .seconds(30))
    }

    @Test("A millisecond delay is exact: 299 ms does not run a 300 ms block, 300 ms does")
    func millisecondDelaysAreExact() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        queue.asyncAfter(deadline: queue.now + .milliseconds(300)) { ran.exchange(true) }

        queue.advance(by: .milliseconds(299))
        #expect(ran.value == false)
        queue.advance(by: .milliseconds(1))
        #expect(ran.value == true)
    }

    @Test("10,000 blocks at seeded random deadlines run in exact deadline order, ties in submission order")
    func tenThousandRandomDeadlinesRunInOrder() {
        let queue = ManualDispatchQueue()
        var generator = SeededGenerator(seed: 20_261_122)
        let deadlines = (0..<10_000).map { _ in Int.random(in: 0..<3_600_000, using: &generator) }
        let order = Locked<[Int]>([])
        for (index, milliseconds) in deadlines.enumerated() {
            queue.asyncAfter(deadline: queue.now + .milliseconds(milliseconds)) { order.withLock { $0.append(index) } }
        }

        let ran = queue.advance(by: .seconds(3_600))

        let expected = deadlines.indices.sorted { (deadlines[$0], $0) < (deadlines[$1], $1) }
        #expect(ran == 10_000)
        #expect(order.value == expected)
        #expect(Set(deadlines).count < deadlines.count, "the seed must produce ties for the tie rule to be tested")
    }

    @Test("Blocks with the same deadline run in the order they were submitted")
    func tiesRunInSubmissionOrder() {
        let queue = ManualDispatchQueue()
        let order = Locked<[String]>([])
        let deadline = queue.now + 1
        for name in ["first", "second", "third"] {
            queue.asyncAfter(deadline: deadline) { order.withLock { $0.append(name) } }
        }

        queue.advance(by: .seconds(1))

        #expect(order.value == ["first", "second", "third"])
    }

    @Test("A block scheduled while another runs counts its delay from that virtual time and runs within the same step")
    func blocksScheduledWhileRunningAreHonoured() {
        let queue = ManualDispatchQueue()
        let times = Locked<[DispatchTimeInterval]>([])
        queue.asyncAfter(deadline: queue.now + 1) {
            times.withLock { $0.append(queue.elapsed) }
            queue.asyncAfter(deadline: queue.now + 2) { times.withLock { $0.append(queue.elapsed) } }
        }
        queue.asyncAfter(deadline: queue.now + 2) { times.withLock { $0.append(queue.elapsed) } }

        queue.advance(by: .seconds(3))

        #expect(times.value == [.seconds(1), .seconds(2), .seconds(3)])
    }

    @Test("A negative step moves nothing and records the misuse")
    func negativeStepIsRecorded() {
        let queue = ManualDispatchQueue(label: "feed")

        queue.advance(by: .seconds(-1))

        #expect(queue.elapsed == .nanoseconds(0))
        #expect(queue.misuses.map(\.kind) == [.negativeTimeStep])
    }

    @Test("A wall-clock DispatchWallTime value runs at its distance from now")
    func wallDeadlineRunsAtItsDistance() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        let deadline: DispatchWallTime = .now() + 10
        queue.asyncAfter(wallDeadline: deadline) { ran.exchange(true) }

        // The caller's `.now()` and the scheduling are two instants; on a loaded machine a stall
        // between them reads the delay short by whole milliseconds (the guide's differences
        // table), so the test leaves room for a stall of up to 50 ms.
        queue.advance(by: .milliseconds(9_950))
        #expect(ran.value == false)
        queue.advance(by: .milliseconds(50))
        #expect(ran.value == true)
    }
}

@Suite("ManualDispatchQueue.runNext() / runDue() / runAll()")
struct ManualDispatchQueueRunTests {
    @Test("runNext runs the earliest block and moves virtual time to its deadline")
    func runNextRunsEarliest() {
        let queue = ManualDispatchQueue()
        let order = Locked<[String]>([])
        queue.asyncAfter(deadline: queue.now + 5) { order.withLock { $0.append("late") } }
        queue.asyncAfter(deadline: queue.now + 2) { order.withLock { $0.append("early") } }

        let ran = queue.runNext()

        #expect(ran)
        #expect(order.value == ["early"])
        #expect(queue.elapsed == .seconds(2))
    }

    @Test("runNext on an empty queue returns false")
    func runNextOnEmptyQueueReturnsFalse() {
        #expect(ManualDispatchQueue().runNext() == false)
    }

    @Test("runDue runs what is due now, including work it schedules for now, and leaves later work")
    func runDueRunsOnlyDueWork() {
        let queue = ManualDispatchQueue()
        let order = Locked<[String]>([])
        queue.async {
            order.withLock { $0.append("due") }
            queue.async { order.withLock { $0.append("scheduled while running") } }
        }
        queue.asyncAfter(deadline: queue.now + 1) { order.withLock { $0.append("later") } }

        let ran = queue.runDue()

        #expect(ran == 2)
        #expect(order.value == ["due", "scheduled while running"])
        #expect(queue.pendingCount == 1)
        #expect(queue.elapsed == .nanoseconds(0))
    }

    @Test("runAll runs everything, moving time to the last deadline")
    func runAllRunsEverything() {
        let queue = ManualDispatchQueue()
        let count = Locked(0)
        for seconds in [3, 1, 2] {
            queue.asyncAfter(deadline: queue.now + .seconds(seconds)) { count.withLock { $0 += 1 } }
        }

        let ran = queue.runAll()

        #expect(ran == 3)
        #expect(count.value == 3)
        #expect(queue.elapsed == .seconds(3))
        #expect(queue.isIdle)
    }

    @Test("runAll stops work that keeps rescheduling itself and records runaway work")
    func runAllStopsRunawayWork() {
        let queue = ManualDispatchQueue(label: "ticker", blockLimitPerRun: 50)
        @Sendable func tick() { queue.asyncAfter(deadline: queue.now + 1) { tick() } }
        tick()

        let ran = queue.runAll()

        #expect(ran == 50)
        #expect(queue.misuses.map(\.kind) == [.runawayWork])
        #expect(queue.misuses.first?.message.contains("runAll() on queue 'ticker' stopped after 50 blocks") == true)
        #expect(queue.pendingCount == 1)
    }

    @Test("Work scheduled at distantFuture never runs and stays pending with no deadline")
    func distantFutureNeverRuns() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        queue.asyncAfter(deadline: .distantFuture) { ran.exchange(true) }

        queue.runAll()

        #expect(ran.value == false)
        #expect(queue.pending.map(\.deadline) == [nil])
    }

    @Test("removeAllPending drops the work and reports how many blocks it dropped")
    func removeAllPendingDropsWork() {
        let queue = ManualDispatchQueue()
        queue.async {}
        queue.asyncAfter(deadline: queue.now + 1) {}

        #expect(queue.removeAllPending() == 2)
        #expect(queue.isIdle)
    }
}

@Suite("ManualDispatchQueue work items, groups and inspection")
struct ManualDispatchQueueWorkItemTests {
    @Test("A work item cancelled before its deadline is skipped")
    func cancelledWorkItemIsSkipped() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        let item = DispatchWorkItem { ran.exchange(true) }
        queue.asyncAfter(deadline: queue.now + 1, execute: item)

        item.cancel()
        queue.advance(by: .seconds(1))

        #expect(ran.value == false)
        #expect(queue.pendingCount == 0)
    }

    @Test("runNext skips a cancelled work item and runs the next block")
    func runNextSkipsCancelledItem() {
        let queue = ManualDispatchQueue()
        let ran = Locked<[String]>([])
        let item = DispatchWorkItem { ran.withLock { $0.append("cancelled") } }
        queue.async(execute: item)
        queue.async { ran.withLock { $0.append("next") } }
        item.cancel()

        #expect(queue.runNext())
        #expect(ran.value == ["next"])
    }

    @Test("A group is entered on submission and left once the block has run")
    func groupIsLeftAfterRun() {
        let queue = ManualDispatchQueue()
        let group = DispatchGroup()
        queue.async(group: group) {}

        #expect(group.wait(timeout: .now()) == .timedOut)
        queue.runDue()
        #expect(group.wait(timeout: .now()) == .success)
    }

    @Test("removeAllPending leaves the group of every dropped block, so its waiters are not stranded")
    func removeAllPendingLeavesGroups() {
        let queue = ManualDispatchQueue()
        let group = DispatchGroup()
        queue.async(group: group) {}
        queue.async(group: group) {}
        queue.async {}

        #expect(queue.removeAllPending() == 3)
        #expect(group.wait(timeout: .now()) == .success)
    }

    @Test("pending lists blocks in run order with virtual deadlines and submission indices")
    func pendingListsBlocksInRunOrder() {
        let queue = ManualDispatchQueue()
        queue.asyncAfter(deadline: queue.now + 2) {}
        queue.async(qos: .userInitiated) {}
        queue.asyncAfter(wallDeadline: .now() + 1) {}

        let pending = queue.pending

        #expect(pending.map(\.deadline) == [.nanoseconds(0), .seconds(1), .seconds(2)])
        #expect(pending.map(\.submissionIndex) == [1, 2, 0])
        #expect(pending.map(\.kind) == [.async, .asyncAfterWallDeadline, .asyncAfterDeadline])
        #expect(pending.first?.qos == .userInitiated)
    }
}

@Suite("ManualDispatchQueue.sync and isCurrentQueue")
struct ManualDispatchQueueSyncTests {
    @Test("sync returns the block's value")
    func syncReturnsValue() {
        let queue = ManualDispatchQueue()

        let value = queue.sync { 42 }

        #expect(value == 42)
        #expect(queue.misuses.isEmpty)
    }

    @Test("sync rethrows the block's error")
    func syncRethrows() {
        struct Boom: Error, Equatable {}
        let queue = ManualDispatchQueue()

        #expect(throws: Boom.self) { try queue.sync { throw Boom() } }
    }

    @Test("sync from inside the queue's own work records the deadlock a serial queue would have, and does not hang")
    func syncFromOwnWorkRecordsDeadlock() {
        let queue = ManualDispatchQueue(label: "database")
        let inner = Locked(false)
        queue.async { queue.sync { _ = inner.exchange(true) } }

        queue.runDue()

        #expect(inner.value == true)
        #expect(queue.misuses.map(\.kind) == [.syncFromOwnWork])
        #expect(queue.misuses.first?.message.hasPrefix("sync was called on queue 'database' from inside its own work") == true)
    }

    @Test("The onMisuse handler receives each misuse as it happens")
    func onMisuseReceivesMisuse() {
        let received = Locked<[DispatchQueueMisuse.Kind]>([])
        let queue = ManualDispatchQueue(onMisuse: { misuse in received.withLock { $0.append(misuse.kind) } })
        queue.async { queue.sync {} }

        queue.runDue()

        #expect(received.value == [.syncFromOwnWork])
    }

    @Test("takeMisuses returns the misuses once")
    func takeMisusesForgets() {
        let queue = ManualDispatchQueue()
        queue.advance(by: .seconds(-1))

        #expect(queue.takeMisuses().count == 1)
        #expect(queue.misuses.isEmpty)
    }

    @Test("isCurrentQueue is true inside the queue's work and false outside")
    func isCurrentQueueInsideWork() {
        let queue = ManualDispatchQueue()
        let inside = Locked<Bool?>(nil)
        queue.async { inside.exchange(queue.isCurrentQueue) }

        queue.runDue()

        #expect(inside.value == true)
        #expect(queue.isCurrentQueue == false)
    }

    @Test("asyncIfNotCurrent runs inline from the queue's own work and defers from outside")
    func asyncIfNotCurrentRunsInlineOnQueue() {
        let queue = ManualDispatchQueue.manualMain
        let order = Locked<[String]>([])
        queue.asyncIfNotCurrent { order.withLock { $0.append("from outside") } }
        #expect(order.value.isEmpty)

        queue.async {
            queue.asyncIfNotCurrent { order.withLock { $0.append("inline") } }
            order.withLock { $0.append("after inline") }
        }
        queue.runDue()

        #expect(order.value == ["from outside", "inline", "after inline"])
    }

    @Test("The main-queue double answers isMainQueue")
    func mainDoubleIsMain() {
        #expect(ManualDispatchQueue(isMainQueue: true).isMainQueue)
        #expect(ManualDispatchQueue.manual.isMainQueue == false)
    }
}
