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
        #expect(waited < .seconds(5))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A wait resumes the moment the count is reached, long before its timeout")
    func resumesWhenReached() async {
        let counter = EventCounter()
        let clock = ContinuousClock()
        let start = clock.now

        async let reached = counter.wait(for: 2, timeout: WaitTimeout(.seconds(10)))
        counter.increment()
        counter.increment()

        #expect(await reached)
        #expect(clock.now - start < .seconds(5))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A cancelled wait returns at once, not reached")
    func cancelledWaitReturns() async {
        let counter = EventCounter()
        let clock = ContinuousClock()
        let start = clock.now
        let waiter = Task { await counter.wait(for: 1, timeout: WaitTimeout(.seconds(10))) }

        waiter.cancel()

        #expect(await waiter.value(within: .seconds(5)) == false)
        #expect(clock.now - start < .seconds(5))
    }
}
