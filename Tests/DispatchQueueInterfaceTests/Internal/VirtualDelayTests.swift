import Dispatch
import Testing

@testable import DispatchQueueInterface

/// The edge between real-clock and virtual `DispatchTime` values: a value is read as virtual from
/// 2^61 ns up, far above any uptime plus any sane delay.
@Suite("VirtualDelay edge between real and virtual deadlines")
struct VirtualDelayTests {
    private static let fiftyYears: Int64 = 50 * 365 * 86_400 * 1_000_000_000

    @Test("The last uptime below the virtual range is read as real, about 70 years ahead, not due early")
    func lastRealUptimeIsNotDueEarly() {
        let queue = ManualDispatchQueue()
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: VirtualDelay.virtualThreshold - 1)) {}

        #expect(queue.advance(by: .nanoseconds(Int(Self.fiftyYears))) == 0)
        #expect(queue.pendingCount == 1)
    }

    @Test("The first uptime in the virtual range is a virtual deadline in the past, due now")
    func firstVirtualUptimeIsDueNow() {
        let queue = ManualDispatchQueue()
        queue.asyncAfter(deadline: DispatchTime(uptimeNanoseconds: VirtualDelay.virtualThreshold)) {}

        #expect(queue.runDue() == 1)
        #expect(queue.elapsedNanoseconds == 0)
    }

    @Test("A deadline 50 years after the queue's now is still virtual and exact")
    func farVirtualDeadlineIsExact() {
        let queue = ManualDispatchQueue()
        queue.asyncAfter(deadline: queue.now + .nanoseconds(Int(Self.fiftyYears))) {}

        #expect(queue.pending.map(\.deadlineNanoseconds) == [Self.fiftyYears])
    }

    @Test("The queue's now minus a year is a virtual deadline in the past, not a real one")
    func virtualPastIsDueNow() {
        let queue = ManualDispatchQueue()
        queue.asyncAfter(deadline: queue.now - .seconds(365 * 86_400)) {}

        #expect(queue.runDue() == 1)
    }
}
