@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension Duration {
    /// A duration as failure messages print it, to the millisecond: `0 s`, `0.25 s`, `30 s`.
    ///
    /// Shared by every module of the package (`package` access), so all timeouts read alike.
    package var secondsText: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1_000 + (attoseconds + 500_000_000_000_000) / 1_000_000_000_000_000
        let whole = milliseconds / 1_000
        let fraction = abs(milliseconds % 1_000)
        guard fraction != 0 else { return "\(whole) s" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(whole).\(digits) s"
    }
}
