import TestSupportCore
import Testing

@Suite("WaitTimeout")
struct WaitTimeoutTests {
    @Test(
        "A timeout prints to the millisecond, without trailing zeros",
        arguments: [
            (WaitTimeout.zero, "0 s"),
            (.milliseconds(250), "0.25 s"),
            (.milliseconds(1_500), "1.5 s"),
            (.seconds(30), "30 s"),
            (.milliseconds(7), "0.007 s"),
            (.seconds(0.0015), "0.002 s"),
        ]
    )
    func printsToTheMillisecond(timeout: WaitTimeout, expected: String) {
        #expect(timeout.text == expected)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A duration becomes the same timeout, rounded to the millisecond in messages")
    func readsADuration() {
        #expect(WaitTimeout(.milliseconds(250)) == .milliseconds(250))
        #expect(WaitTimeout(.seconds(2)) == .seconds(2))
        #expect(WaitTimeout(.microseconds(1_499)).text == "0.001 s")
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(
        "A negative time waits not at all",
        arguments: [WaitTimeout.seconds(-1), .seconds(Int.min), .seconds(-0.5), .milliseconds(-20), WaitTimeout(.seconds(-3))]
    )
    func negativeIsZero(timeout: WaitTimeout) {
        #expect(timeout == .zero)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(
        "A time too long to count in nanoseconds waits for the longest time there is",
        arguments: [WaitTimeout.seconds(Int.max), .seconds(1e30), .milliseconds(Int.max), WaitTimeout(.seconds(Int64.max))]
    )
    func hugeIsClamped(timeout: WaitTimeout) {
        #expect(timeout.nanoseconds == UInt64.max)
    }

    @Test("Whole seconds, fractional seconds and milliseconds agree")
    func spellingsAgree() {
        #expect(WaitTimeout.seconds(2) == .seconds(2.0))
        #expect(WaitTimeout.seconds(0.5) == .milliseconds(500))
    }
}
