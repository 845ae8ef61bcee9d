extension Duration {
    /// Seconds with three decimals, such as `0.250 s`.
    var formattedSeconds: String {
        let (seconds, attoseconds) = components
        let milliseconds = seconds * 1_000 + attoseconds / 1_000_000_000_000_000
        let whole = milliseconds / 1_000
        let fraction = abs(milliseconds % 1_000)
        let padded = String(repeating: "0", count: 3 - String(fraction).count) + String(fraction)
        return "\(whole).\(padded) s"
    }
}
