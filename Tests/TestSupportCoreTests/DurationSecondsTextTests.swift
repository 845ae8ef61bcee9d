import TestSupportCore
import Testing

@Suite("Duration.secondsText")
struct DurationSecondsTextTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test(
        "Durations print to the millisecond, without trailing zeros",
        arguments: [
            (Duration.zero, "0 s"),
            (.milliseconds(250), "0.25 s"),
            (.milliseconds(1_500), "1.5 s"),
            (.seconds(30), "30 s"),
            (.milliseconds(7), "0.007 s"),
            (.microseconds(1_499), "0.001 s"),
        ]
    )
    func printsToTheMillisecond(duration: Duration, expected: String) {
        #expect(duration.secondsText == expected)
    }
}
