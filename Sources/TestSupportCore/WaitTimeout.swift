/// How long a wait may last before it fails the test, written like a duration but taken at every
/// deployment target.
///
/// Every wait in the package takes one as `timeout:` and defaults to 5 seconds. A passing wait
/// never waits for it: it returns the moment what it waits for happens.
///
/// ```swift
/// let done = CompletionRecorder<Int>()
/// DispatchQueue.global().async { done.handler(42) }
/// let answer = await done.value(timeout: .milliseconds(500))
/// ```
///
/// `.zero` looks only at what has already happened. On iOS 16, macOS 13, tvOS 16 and watchOS 9
/// and later, ``init(_:)`` takes a `Duration`.
public struct WaitTimeout: Sendable, Hashable {
    /// How long to wait, in nanoseconds; 0 means "only what has already happened".
    package let nanoseconds: UInt64

    private init(nanoseconds: UInt64) {
        self.nanoseconds = nanoseconds
    }

    /// A timeout that looks only at what has already happened.
    public static let zero = WaitTimeout(nanoseconds: 0)

    /// A timeout of whole seconds; zero or less waits not at all.
    ///
    /// - Parameter seconds: The number of seconds.
    /// - Returns: The timeout.
    public static func seconds(_ seconds: Int) -> WaitTimeout {
        let (milliseconds, overflow) = seconds.multipliedReportingOverflow(by: 1_000)
        return .milliseconds(overflow ? (seconds > 0 ? Int.max : 0) : milliseconds)
    }

    /// A timeout of seconds with a fraction, such as half a second; zero or less waits not at all.
    ///
    /// - Parameter seconds: The number of seconds.
    /// - Returns: The timeout.
    public static func seconds(_ seconds: Double) -> WaitTimeout {
        let nanoseconds = seconds * 1_000_000_000
        guard nanoseconds > 0 else { return .zero }
        return WaitTimeout(nanoseconds: nanoseconds < Double(UInt64.max) ? UInt64(nanoseconds) : UInt64.max)
    }

    /// A timeout of milliseconds; zero or less waits not at all.
    ///
    /// - Parameter milliseconds: The number of milliseconds.
    /// - Returns: The timeout.
    public static func milliseconds(_ milliseconds: Int) -> WaitTimeout {
        guard milliseconds > 0 else { return .zero }
        let (nanoseconds, overflow) = UInt64(milliseconds).multipliedReportingOverflow(by: 1_000_000)
        return WaitTimeout(nanoseconds: overflow ? UInt64.max : nanoseconds)
    }

    /// A timeout as long as a duration; a duration of zero or less waits not at all.
    ///
    /// ```swift
    /// let patience: Duration = .seconds(2)
    /// let done = CompletionRecorder<Int>()
    /// done.handler(42)
    /// _ = await done.value(timeout: WaitTimeout(patience))
    /// ```
    ///
    /// - Parameter duration: How long to wait.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    public init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) {
            nanoseconds = 0
        } else if seconds >= Int64(UInt64.max / 1_000_000_000) {
            nanoseconds = UInt64.max
        } else {
            nanoseconds = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
        }
    }

    /// The timeout as failure messages print it, to the millisecond: `0 s`, `0.25 s`, `5 s`.
    package var text: String {
        let milliseconds = nanoseconds / 1_000_000 + (nanoseconds % 1_000_000 >= 500_000 ? 1 : 0)
        let fraction = milliseconds % 1_000
        guard fraction != 0 else { return "\(milliseconds / 1_000) s" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(milliseconds / 1_000).\(digits) s"
    }
}
