@preconcurrency import Dispatch
import DispatchQueueInterface
import TestSupportCore
import Testing

/// Scenarios other virtual-time schedulers and embedded event loops are known for, run on the
/// manual queue: stepping time, running to completion, ordering of ties and of work scheduled from
/// work, cancellation, huge and past deadlines.
@Suite("ManualDispatchQueue peer scenarios")
struct ManualDispatchQueuePeerScenarioTests {
    /// Schedules `body` now and then every `interval` after that, the way a repeating timer fires.
    private static func repeatEvery(
        _ interval: DispatchTimeInterval,
        on queue: ManualDispatchQueue,
        after delay: DispatchTimeInterval = .seconds(0),
        _ body: @escaping @Sendable () -> Void
    ) {
        queue.asyncAfter(deadline: .now() + delay) {
            body()
            repeatEvery(interval, on: queue, after: interval, body)
        }
    }

    @Test("Delayed work stays pending through partial advances and runs on the step that reaches its deadline")
    func partialAdvancesRunWorkOnlyAtItsDeadline() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        queue.asyncAfter(deadline: .now() + 1) { ran.withLock { $0 = true } }

        for _ in 1...3 {
            queue.advance(by: .milliseconds(250))
            #expect(ran.value == false)
        }
        queue.advance(by: .milliseconds(250))

        #expect(ran.value)
        #expect(queue.elapsedNanoseconds == 1_000_000_000)
    }

    @Test("advance(to:) measured from the starting now runs work once the target reaches its deadline")
    func advanceToFromStartRunsAtDeadline() {
        let queue = ManualDispatchQueue()
        let start = queue.now
        let ran = Locked(false)
        queue.asyncAfter(deadline: .now() + 1) { ran.withLock { $0 = true } }

        queue.advance(to: start + .milliseconds(750))
        #expect(ran.value == false)
        queue.advance(to: start + .milliseconds(1000))

        #expect(ran.value)
    }

    @Test("A delay of a billion seconds is reached by runAll() after a smaller advance leaves it pending")
    func hugeDelayRunsOnRunAll() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        queue.asyncAfter(deadline: .now() + .seconds(1_000_000_000)) { ran.withLock { $0 = true } }

        queue.advance(by: .seconds(1_000_000))
        #expect(ran.value == false)
        #expect(queue.runAll() == 1)

        #expect(ran.value)
        #expect(queue.elapsedNanoseconds == 1_000_000_000 * 1_000_000_000)
    }

    @Test("Work delayed by zero does not run inline; an advance by zero runs it")
    func zeroDelayRunsOnAdvanceByZero() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        queue.asyncAfter(deadline: .now() + 0) { ran.withLock { $0 = true } }

        #expect(ran.value == false)
        #expect(queue.advance(by: .seconds(0)) == 1)

        #expect(ran.value)
    }

    @Test("The queue's now is never the raw value zero, which DispatchTime reads as the real now")
    func nowIsNeverRawZero() {
        let queue = ManualDispatchQueue()
        queue.advance(by: .nanoseconds(0))

        #expect(queue.now.uptimeNanoseconds != 0)
        #expect(queue.now + .seconds(1) > queue.now)
    }

    @Test("Two repeating schedules started together fire in submission order whenever their ticks coincide")
    func twoRepeatingSchedulesKeepSubmissionOrder() {
        let queue = ManualDispatchQueue()
        let fired = Locked<[Int]>([])
        Self.repeatEvery(.seconds(2), on: queue) { fired.withLock { $0.append(1) } }
        Self.repeatEvery(.seconds(1), on: queue) { fired.withLock { $0.append(42) } }

        #expect(fired.value == [])
        queue.runDue()
        #expect(fired.value == [1, 42])
        queue.advance(by: .seconds(2))

        #expect(fired.value == [1, 42, 42, 1, 42])
    }

    @Test("A repeating schedule advanced far into the future fires once per interval crossed")
    func repeatingScheduleAdvancedFarFiresEveryTick() {
        let queue = ManualDispatchQueue()
        let ticks = Locked(0)
        Self.repeatEvery(.seconds(1), on: queue, after: .seconds(1)) { ticks.withLock { $0 += 1 } }

        queue.advance(by: .seconds(1))
        #expect(ticks.value == 1)
        queue.advance(by: .seconds(1))
        #expect(ticks.value == 2)
        queue.advance(by: .seconds(1_000))

        #expect(ticks.value == 1_002)
        #expect(queue.pendingCount == 1)
    }

    @Test("Submitted work waits for runDue(), which runs all of it in submission order")
    func runDueRunsSubmittedWorkInOrder() {
        let queue = ManualDispatchQueue()
        let order = Locked<[Int]>([])
        for index in 1...3 { queue.async { order.withLock { $0.append(index) } } }

        #expect(order.value == [])
        #expect(queue.runDue() == 3)

        #expect(order.value == [1, 2, 3])
    }

    @Test("Work submitted from running work runs in the same runDue(), after the work already queued")
    func workSubmittedFromWorkRunsAfterQueuedWork() {
        let queue = ManualDispatchQueue()
        let order = Locked<[String]>([])
        queue.async {
            order.withLock { $0.append("first") }
            queue.async { order.withLock { $0.append("nested") } }
        }
        queue.async { order.withLock { $0.append("second") } }

        queue.runDue()

        #expect(order.value == ["first", "second", "nested"])
    }

    @Test("Work submitted after runDue() returns waits for the next run")
    func workSubmittedAfterRunWaits() {
        let queue = ManualDispatchQueue()
        let runs = Locked(0)
        queue.async { runs.withLock { $0 += 1 } }
        queue.runDue()

        queue.async { runs.withLock { $0 += 1 } }
        #expect(runs.value == 1)
        queue.runDue()

        #expect(runs.value == 2)
    }

    @Test("Delayed work runs one per nanosecond step when each has its own nanosecond deadline")
    func nanosecondDeadlinesRunOneStepAtATime() {
        let queue = ManualDispatchQueue()
        let latest = Locked(0)
        for index in 1...10 {
            queue.asyncAfter(deadline: .now() + .nanoseconds(index)) { latest.withLock { $0 = index } }
        }

        for expected in 1...10 {
            #expect(latest.value == expected - 1)
            queue.advance(by: .nanoseconds(1))
            #expect(latest.value == expected)
        }
    }

    @Test("Runs once at its deadline and never again however far time moves on")
    func delayedWorkRunsOnce() {
        let queue = ManualDispatchQueue()
        let runs = Locked(0)
        queue.asyncAfter(deadline: .now() + .nanoseconds(5)) { runs.withLock { $0 += 1 } }

        queue.advance(by: .nanoseconds(4))
        #expect(runs.value == 0)
        queue.advance(by: .nanoseconds(1))
        #expect(runs.value == 1)
        queue.advance(by: .seconds(3600))

        #expect(runs.value == 1)
    }

    @Test("Work submitted by delayed work runs within the same advance, at the delayed work's instant")
    func workSubmittedByDelayedWorkRunsInSameAdvance() {
        let queue = ManualDispatchQueue()
        let seen = Locked<[Int64]>([])
        queue.asyncAfter(deadline: .now() + .nanoseconds(5)) {
            queue.async { seen.withLock { $0.append(queue.elapsedNanoseconds) } }
        }

        queue.advance(by: .nanoseconds(4))
        #expect(seen.value == [])
        queue.advance(by: .nanoseconds(1))

        #expect(seen.value == [5])
    }

    @Test("Delays scheduled from delayed work count from that work's instant, not from the advance's start")
    func delaysFromDelayedWorkCountFromItsInstant() {
        let queue = ManualDispatchQueue()
        let latest = Locked(0)
        queue.asyncAfter(deadline: .now() + .nanoseconds(5)) {
            latest.withLock { $0 = 1 }
            queue.asyncAfter(deadline: .now() + .nanoseconds(3)) { latest.withLock { $0 = 2 } }
            queue.asyncAfter(deadline: .now() + .nanoseconds(5)) { latest.withLock { $0 = 3 } }
        }

        let expected = [(4, 0), (1, 1), (2, 1), (1, 2), (1, 2), (1, 3)]
        for (step, value) in expected {
            queue.advance(by: .nanoseconds(step))
            #expect(latest.value == value)
        }
    }

    @Test("Delayed work scheduled by submitted work runs after that work's own submissions, in one advance")
    func delayedFromSubmittedRunsAfterSubmitted() {
        let queue = ManualDispatchQueue()
        let order = Locked<[String]>([])
        queue.async {
            queue.asyncAfter(deadline: .now() + .nanoseconds(5)) { order.withLock { $0.append("delayed") } }
            queue.async { order.withLock { $0.append("submitted") } }
        }

        queue.advance(by: .nanoseconds(5))

        #expect(order.value == ["submitted", "delayed"])
    }

    @Test("A work item cancelled by earlier delayed work never runs")
    func workItemCancelledByEarlierWorkNeverRuns() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        let item = DispatchWorkItem { ran.withLock { $0 = true } }
        queue.asyncAfter(deadline: .now() + .nanoseconds(10), execute: item)
        queue.asyncAfter(deadline: .now() + .nanoseconds(5)) { item.cancel() }

        queue.advance(by: .nanoseconds(20))

        #expect(ran.value == false)
        #expect(queue.isIdle)
    }

    @Test("A cancelled work item leaves the pending list at once and is not counted as run")
    func cancelledWorkItemLeavesPending() {
        let queue = ManualDispatchQueue()
        let item = DispatchWorkItem {}
        queue.asyncAfter(deadline: .now() + .seconds(3600), execute: item)
        #expect(queue.pendingCount == 1)

        item.cancel()

        #expect(queue.pendingCount == 0)
        #expect(queue.pending.isEmpty)
        #expect(queue.runAll() == 0)
    }

    @Test("Equal deadlines run in submission order; submissions they make run after all of them, before later work")
    func equalDeadlinesThenTheirSubmissionsThenLaterWork() {
        let queue = ManualDispatchQueue()
        let order = Locked<[String]>([])
        for name in ["tie A", "tie B"] {
            queue.asyncAfter(deadline: .now() + .nanoseconds(5)) {
                order.withLock { $0.append(name) }
                queue.async { order.withLock { $0.append("after \(name)") } }
            }
        }
        queue.async { order.withLock { $0.append("submitted") } }
        queue.asyncAfter(deadline: .now() + .nanoseconds(10)) { order.withLock { $0.append("later") } }

        queue.advance(by: .nanoseconds(10))

        #expect(order.value == ["submitted", "tie A", "tie B", "after tie A", "after tie B", "later"])
    }

    @Test("runAll() runs far-apart work with now at each work's own deadline")
    func runAllSetsNowToEachDeadline() {
        let queue = ManualDispatchQueue()
        let seen = Locked<[Int64]>([])
        queue.asyncAfter(deadline: .now() + .nanoseconds(3_141_592)) { seen.withLock { $0.append(queue.elapsedNanoseconds) } }
        queue.asyncAfter(deadline: .now() + .seconds(3_141_592)) { seen.withLock { $0.append(queue.elapsedNanoseconds) } }

        #expect(queue.runAll() == 2)

        #expect(seen.value == [3_141_592, 3_141_592 * 1_000_000_000])
    }

    @Test("During one long advance each piece of work sees now at its own deadline, and now ends at the target")
    func longAdvanceRunsWorkAtItsOwnInstant() {
        let queue = ManualDispatchQueue()
        let seen = Locked<[Int64]>([])
        for seconds in [3, 7] {
            queue.asyncAfter(deadline: .now() + .seconds(seconds)) { seen.withLock { $0.append(queue.elapsedNanoseconds) } }
        }

        queue.advance(by: .seconds(10))

        #expect(seen.value == [3_000_000_000, 7_000_000_000])
        #expect(queue.elapsedNanoseconds == 10_000_000_000)
    }

    @Test("advance(to:) an exact deadline runs the work due at it")
    func advanceToExactDeadline() {
        let queue = ManualDispatchQueue()
        let deadline = queue.now + .seconds(42)
        let runs = Locked(0)
        queue.asyncAfter(deadline: deadline) { runs.withLock { $0 += 1 } }

        queue.advance(to: deadline)

        #expect(runs.value == 1)
    }

    @Test("advance(to:) a time in the past leaves virtual time where it is")
    func advanceToThePastDoesNotMoveTimeBack() {
        let queue = ManualDispatchQueue()
        let start = queue.now
        let runs = Locked(0)
        queue.asyncAfter(deadline: start + .seconds(42)) { runs.withLock { $0 += 1 } }

        queue.advance(to: start + .seconds(40))
        #expect(runs.value == 0)
        queue.advance(to: start)
        #expect(queue.elapsedNanoseconds == 40_000_000_000)
        #expect(runs.value == 0)
        queue.advance(by: .seconds(2))

        #expect(runs.value == 1)
    }

    @Test("A negative delay is due at once, like a deadline already passed")
    func negativeDelayIsDueAtOnce() {
        let queue = ManualDispatchQueue()
        queue.advance(by: .seconds(5))
        let ran = Locked(false)
        queue.asyncAfter(deadline: .now() - 3) { ran.withLock { $0 = true } }

        #expect(queue.runDue() == 1)

        #expect(ran.value)
        #expect(queue.elapsedNanoseconds == 5_000_000_000)
    }

    @Test("Work at distantFuture is pending forever: runAll() leaves it and time does not jump")
    func distantFutureNeverRuns() {
        let queue = ManualDispatchQueue()
        let ran = Locked(false)
        queue.asyncAfter(deadline: .distantFuture) { ran.withLock { $0 = true } }

        #expect(queue.runAll() == 0)
        queue.advance(by: .seconds(1_000_000_000))

        #expect(ran.value == false)
        #expect(queue.pending.map(\.deadlineNanoseconds) == [nil])
        #expect(queue.elapsedNanoseconds == 1_000_000_000 * 1_000_000_000)
    }

    @Test("Advancing past several deadlines at once runs them in deadline order and reports the count")
    func advancePastSeveralDeadlines() {
        let queue = ManualDispatchQueue()
        let order = Locked<[Int]>([])
        for seconds in [3, 1, 2] {
            queue.asyncAfter(deadline: .now() + .seconds(seconds)) { order.withLock { $0.append(seconds) } }
        }

        #expect(queue.advance(by: .seconds(10)) == 3)

        #expect(order.value == [1, 2, 3])
        #expect(queue.isIdle)
        #expect(queue.elapsedNanoseconds == 10_000_000_000)
    }

    @Test("A repeating schedule's ticks each see now at their own whole second")
    func repeatingTicksSeeTheirOwnInstant() {
        let queue = ManualDispatchQueue()
        let seen = Locked<[Int64]>([])
        Self.repeatEvery(.seconds(1), on: queue, after: .seconds(1)) { seen.withLock { $0.append(queue.elapsedNanoseconds) } }

        queue.advance(by: .seconds(1))
        queue.advance(by: .seconds(1))
        queue.advance(by: .seconds(5))

        #expect(seen.value == (1...7).map { Int64($0) * 1_000_000_000 })
    }

    /// Each tick is fresh work, so a tie goes to the tick submitted first (the 3 s schedule's tick
    /// for 6 s was submitted at 3 s, the 2 s schedule's at 4 s), not to the schedule created first.
    @Test("Two self-rescheduling schedules of 2 s and 3 s interleave, a tie going to the tick submitted first")
    func repeatingSchedulesInterleave() {
        let queue = ManualDispatchQueue()
        let fired = Locked<[Int]>([])
        Self.repeatEvery(.seconds(2), on: queue, after: .seconds(2)) { fired.withLock { $0.append(1) } }
        Self.repeatEvery(.seconds(3), on: queue, after: .seconds(3)) { fired.withLock { $0.append(2) } }

        let expected: [[Int]] = [[], [1], [1, 2], [1, 2, 1], [1, 2, 1], [1, 2, 1, 2, 1]]
        for value in expected {
            queue.advance(by: .seconds(1))
            #expect(fired.value == value)
        }
    }

    @Test("A repeating schedule that stops itself after three ticks lets runAll() finish with three ticks")
    func selfStoppingScheduleEndsRunAll() {
        let queue = ManualDispatchQueue()
        let ticks = Locked(0)
        @Sendable func tick() {
            let count = ticks.withLock { count in
                count += 1
                return count
            }
            if count < 3 { queue.asyncAfter(deadline: .now() + 1, execute: tick) }
        }
        queue.asyncAfter(deadline: .now() + 1, execute: tick)

        queue.advance(by: .seconds(1))
        #expect(ticks.value == 1)
        queue.runAll()

        #expect(ticks.value == 3)
        #expect(queue.isIdle)
    }

    @Test("A repeating work item cancelled after its first tick never fires again, and runAll() ends")
    func cancelledRepeatingWorkItemStops() {
        let queue = ManualDispatchQueue()
        let ticks = Locked(0)
        let current = Locked<DispatchWorkItem?>(nil)
        @Sendable func schedule() {
            let item = DispatchWorkItem {
                ticks.withLock { $0 += 1 }
                schedule()
            }
            current.withLock { $0 = item }
            queue.asyncAfter(deadline: .now() + 1, execute: item)
        }
        schedule()

        queue.advance(by: .seconds(1))
        #expect(ticks.value == 1)
        current.value?.cancel()

        #expect(queue.runAll() == 0)
        #expect(ticks.value == 1)
    }

    @Test("When two ties each try to cancel the other, the first cancels the second, which never runs")
    func firstOfTwoTiesCancelsTheSecond() {
        let queue = ManualDispatchQueue()
        let ran = Locked<[String]>([])
        let items = Locked<[DispatchWorkItem]>([])
        for name in ["first", "second"] {
            let item = DispatchWorkItem {
                ran.withLock { $0.append(name) }
                for other in items.value { other.cancel() }
            }
            items.withLock { $0.append(item) }
            queue.asyncAfter(deadline: .now() + .nanoseconds(5), execute: item)
        }

        queue.advance(by: .nanoseconds(10))

        #expect(ran.value == ["first"])
    }

    @Test("A cancelled work item is released once the queue passes its deadline, as a real queue releases it")
    func cancelledWorkItemIsReleasedAtItsDeadline() {
        final class Payload: Sendable {}
        let queue = ManualDispatchQueue()
        weak var weakPayload: Payload?
        do {
            let payload = Payload()
            weakPayload = payload
            let item = DispatchWorkItem { _ = payload }
            queue.asyncAfter(deadline: .now() + .seconds(3600), execute: item)
            item.cancel()
        }

        queue.advance(by: .seconds(3600))

        #expect(weakPayload == nil)
    }

    @Test("The immediate queue runs submitted and delayed work inline, before the call returns")
    func immediateQueueRunsEverythingInline() {
        let queue = ImmediateDispatchQueue()
        let runs = Locked(0)

        queue.async { runs.withLock { $0 += 1 } }
        #expect(runs.value == 1)
        queue.asyncAfter(deadline: .now() + 1) { runs.withLock { $0 += 1 } }

        #expect(runs.value == 2)
        #expect(queue.blocksRun == 2)
    }
}
