/// A safety timeout stored as nanoseconds with its text for failure messages, so waiting needs
/// no `Duration` (iOS 16 / macOS 13) below the API that takes one.
///
/// Shared by every module that waits with a timeout (`package` access), so all of them time out
/// and print their timeouts alike.
package struct WaitTimeout: Sendable {
    /// How long to wait, in nanoseconds; 0 means "only what has already happened".
    package let nanoseconds: UInt64
    /// The timeout as failure messages print it, such as `5 s`.
    package let text: String

    /// The default safety timeout of every wait in the package: 5 seconds.
    package static let standard = WaitTimeout(nanoseconds: 5_000_000_000, text: "5 s")

    /// A timeout from a `Duration`; negative durations wait not at all.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    package init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) {
            nanoseconds = 0
        } else if seconds >= Int64(UInt64.max / 1_000_000_000) {
            nanoseconds = UInt64.max
        } else {
            nanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        }
        text = duration.secondsText
    }

    private init(nanoseconds: UInt64, text: String) {
        self.nanoseconds = nanoseconds
        self.text = text
    }
}
