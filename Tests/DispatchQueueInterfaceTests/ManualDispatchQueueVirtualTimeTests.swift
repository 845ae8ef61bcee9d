import Dispatch
import DispatchQueueInterface
import Foundation
import TestSupportCore
import Testing

/// Virtual time never depends on the real clock or on how fast the machine runs the test. These
/// run 50 times in a row beside a busy-loop process in `.ci/stress`.
@Suite("ManualDispatchQueue virtual time")
struct ManualDispatchQueueVirtualTimeTests {
    /// Burns real time on the calling thread without sleeping, so real time passes between two
    /// calls the way it does on a loaded machine.
    private static func burnRealTime(milliseconds: UInt64) {
        let end = DispatchTime.now().uptimeNanoseconds + milliseconds * 1_000_000
        while DispatchTime.now().uptimeNanoseconds < end {}
    }

    @Test("A deadline built from the queue's now is due at exactly that offset, to the nanosecond")
    func queueNowDeadlineIsExact() {
        let queue = ManualDispatchQueue()
        queue.asyncAfter(deadline: queue.now + 0.3) {}

        #expect(queue.pending.map(\.deadlineNanoseconds) == [300_000_000])
    }

    @Test("Real time passing after scheduling does not move the queue's clock or its deadlines")
    func realTimeDoesNotMoveVirtualTime() {
        let queue = ManualDispatchQueue()
        queue.asyncAfter(deadline: queue.now + .milliseconds(300)) {}

        Self.burnRealTime(milliseconds: 3)

        #expect(queue.elapsedNanoseconds == 0)
        #expect(queue.advance(by: .nanoseconds(299_999_999)) == 0)
        #expect(queue.advance(by: .nanoseconds(1)) == 1)
    }

    @Test("One DispatchTime value used twice, real milliseconds apart, gives ties that run in submission order")
    func sameRealDeadlineIsATieWhateverTheRealGap() {
        let queue = ManualDispatchQueue()
        let order = Locked<[String]>([])
        let deadline = DispatchTime.now() + 1
        queue.asyncAfter(deadline: deadline) { order.withLock { $0.append("first") } }
        Self.burnRealTime(milliseconds: 3)
        queue.asyncAfter(deadline: deadline) { order.withLock { $0.append("second") } }

        queue.runAll()

        #expect(order.value == ["first", "second"])
        #expect(Set(queue.pending.map(\.deadlineNanoseconds)).count <= 1)
    }

    @Test("A 5 ns delay runs after a 4 ns delay scheduled later; sub-millisecond delays are exact")
    func nanosecondDelaysAreExactAndOrdered() {
        let queue = ManualDispatchQueue()
        let times = Locked<[(String, Int64)]>([])
        queue.asyncAfter(deadline: queue.now + .nanoseconds(5)) { times.withLock { $0.append(("5 ns", queue.elapsedNanoseconds)) } }
        queue.asyncAfter(deadline: queue.now + .nanoseconds(4)) { times.withLock { $0.append(("4 ns", queue.elapsedNanoseconds)) } }

        queue.runAll()

        #expect(times.value.map(\.0) == ["4 ns", "5 ns"])
        #expect(times.value.map(\.1) == [4, 5])
    }

    @Test("Inside a block, now reads the block's deadline, so a nested delay counts from there")
    func nowInsideABlockIsItsDeadline() {
        let queue = ManualDispatchQueue()
        let seen = Locked<[Int64]>([])
        queue.asyncAfter(deadline: queue.now + .seconds(1)) {
            seen.withLock { $0.append(queue.elapsedNanoseconds) }
            queue.asyncAfter(deadline: queue.now + .milliseconds(500)) { seen.withLock { $0.append(queue.elapsedNanoseconds) } }
        }

        queue.advance(by: .seconds(3))

        #expect(seen.value == [1_000_000_000, 1_500_000_000])
        #expect(queue.elapsedNanoseconds == 3_000_000_000)
    }

    @Test("A deadline already in the past on the virtual clock is due now, after work already due now")
    func pastDeadlineIsDueNow() {
        let queue = ManualDispatchQueue()
        queue.advance(by: .seconds(5))
        let order = Locked<[String]>([])
        queue.async { order.withLock { $0.append("async") } }
        queue.asyncAfter(deadline: queue.now - .seconds(1)) { order.withLock { $0.append("past") } }

        #expect(queue.runDue() == 2)
        #expect(order.value == ["async", "past"])
        #expect(queue.elapsed == .seconds(5))
    }

    @Test("advance(to:) runs exactly the work due by that deadline, the boundary included")
    func advanceToIsInclusive() {
        let queue = ManualDispatchQueue()
        let start = queue.now
        let ran = Locked<[Int]>([])
        for seconds in [1, 2, 3] {
            queue.asyncAfter(deadline: start + .seconds(seconds)) { ran.withLock { $0.append(seconds) } }
        }

        queue.advance(to: start + .seconds(2))

        #expect(ran.value == [1, 2])
        #expect(queue.elapsed == .seconds(2))
    }

    @Test("advance(to:) an earlier deadline moves nothing and runs nothing")
    func advanceToThePastMovesNothing() {
        let queue = ManualDispatchQueue()
        let start = queue.now
        queue.advance(by: .seconds(2))
        queue.asyncAfter(deadline: queue.now + .seconds(1)) {}

        #expect(queue.advance(to: start + .seconds(1)) == 0)
        #expect(queue.elapsed == .seconds(2))
    }

    @Test("Work that schedules work for now runs within the same step, after everything already due")
    func workScheduledForNowRunsInTheSameStep() {
        let queue = ManualDispatchQueue()
        let order = Locked<[String]>([])
        queue.asyncAfter(deadline: queue.now + 1) {
            order.withLock { $0.append("A") }
            queue.async { order.withLock { $0.append("A's follow-up") } }
        }
        queue.asyncAfter(deadline: queue.now + 1) { order.withLock { $0.append("B") } }

        queue.advance(by: .seconds(1))

        #expect(order.value == ["A", "B", "A's follow-up"])
    }

    @Test("A step shorter than the gap to the next block runs nothing but moves the clock")
    func shortStepMovesTheClockOnly() {
        let queue = ManualDispatchQueue()
        queue.asyncAfter(deadline: queue.now + .seconds(10)) {}

        #expect(queue.advance(by: .seconds(4)) == 0)
        #expect(queue.advance(by: .seconds(4)) == 0)
        #expect(queue.elapsed == .seconds(8))
        #expect(queue.pending.map(\.deadline) == [.seconds(10)])
    }

    @Test("A repeating timer built from now fires once per period over a long step")
    func repeatingTimerFiresOncePerPeriod() {
        let queue = ManualDispatchQueue()
        let fired = Locked<[Int64]>([])
        @Sendable func schedule() {
            queue.asyncAfter(deadline: queue.now + .seconds(1)) {
                fired.withLock { $0.append(queue.elapsedNanoseconds / 1_000_000_000) }
                schedule()
            }
        }
        schedule()

        queue.advance(by: .seconds(5))

        #expect(fired.value == [1, 2, 3, 4, 5])
        #expect(queue.pendingCount == 1)
    }

    @Test("10,000 blocks at seeded random deadlines built from now run in exact order, beside any load")
    func tenThousandBlocksFromNowRunInOrder() {
        let queue = ManualDispatchQueue()
        var generator = SeededGenerator(seed: 15_012)
        let offsets = (0..<10_000).map { _ in Int.random(in: 0..<3_600_000_000, using: &generator) / 1_000 * 1_000 }
        let order = Locked<[Int]>([])
        order.withLock { $0.reserveCapacity(offsets.count) }
        let start = queue.now
        for (index, microseconds) in offsets.enumerated() {
            queue.asyncAfter(deadline: start + .microseconds(microseconds)) { order.withLock { $0.append(index) } }
        }

        let ran = queue.advance(by: .seconds(3_600))

        let expected = offsets.indices.sorted { (offsets[$0], $0) < (offsets[$1], $1) }
        #expect(ran == 10_000)
        #expect(order.value == expected)
    }

    @Test("A real-clock deadline 10^9 s ahead is neither due early nor misread as virtual")
    func billionSecondRealDeadlineIsReadAsReal() {
        let queue = ManualDispatchQueue()
        let value = Locked(0)
        let deadline: DispatchTime = .now() + 1_000_000_000
        queue.asyncAfter(deadline: deadline) { value.withLock { $0 += 1 } }

        queue.advance(by: .seconds(1_000_000))
        #expect(value.value == 0)
        #expect(queue.elapsedNanoseconds == 1_000_000_000_000_000)

        queue.runAll()
        #expect(value.value == 1)
        // Read against the real clock on entry: short by at most the time the thread stalled.
        #expect((999_999_000_000_000_000...1_000_000_000_000_000_000).contains(queue.elapsedNanoseconds))
    }

    @Test("The real DispatchQueue answers now with the real uptime clock")
    func realQueueNowIsTheRealClock() {
        let before = DispatchTime.now()
        let now = DispatchQueue(label: "now").now
        let after = DispatchTime.now()

        #expect(before <= now && now <= after)
    }
}
