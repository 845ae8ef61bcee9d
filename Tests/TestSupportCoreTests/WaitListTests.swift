import TestSupportCore
import TestSupportTesting
import Testing

@Suite("WaitList, the package's one wait-with-timeout engine")
struct WaitListTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A short timeout really expires, well before the 5 s default")
    func shortTimeoutExpires() async {
        let counter = EventCounter()
        let clock = ContinuousClock()
        let start = clock.now

        let reached = await counter.wait(for: 1, timeout: WaitTimeout(.milliseconds(50)))

        let waited = clock.now - start
        #expect(!reached)
        #expect(waited >= .milliseconds(50))
        // Catches a unit mix-up (50 ms read as 50 s). A full parallel run on a loaded machine
        // delays a task by seconds, never by 30.
        #expect(waited < .seconds(30))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    // An hour's timeout: `true` can only come from the count, and the time limit ends a
    // regression that would wait it out.
    @Test("A wait resumes the moment the count is reached, long before its timeout", .timeLimit(.minutes(1)))
    func resumesWhenReached() async {
        let counter = EventCounter()

        async let reached = counter.wait(for: 2, timeout: WaitTimeout(.seconds(3_600)))
        counter.increment()
        counter.increment()

        #expect(await reached)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    // An hour's timeout, so only the cancellation can end the wait within the time limit.
    @Test("A cancelled wait returns at once, not reached", .timeLimit(.minutes(1)))
    func cancelledWaitReturns() async {
        let counter = EventCounter()
        let waiter = Task { await counter.wait(for: 1, timeout: WaitTimeout(.seconds(3_600))) }

        waiter.cancel()

        #expect(await waiter.value == false)
    }
}
