@preconcurrency import Dispatch

/// Turns the real-clock deadlines production code passes (`.now() + 30`) into delays on a
/// double's virtual clock.
///
/// A deadline is read relative to the moment it is scheduled and rounded UP to the whole
/// millisecond. The caller computed `.now() + delay` an instant earlier, so the measured delay
/// falls short of the intended one by that instant; rounding up restores every whole-millisecond
/// delay exactly (a sub-millisecond delay becomes one millisecond).
package enum VirtualDelay {
    /// The delay of work that never runs (`.distantFuture`).
    static let never: Int64 = .max

    private static let nanosecondsPerMillisecond: Int64 = 1_000_000

    /// +1 if later wall times have larger raw values, -1 if smaller; libdispatch has used both
    /// encodings, so it is measured once rather than assumed.
    private static let wallTimeDirection: Int64 = {
        let now = DispatchWallTime.now()
        let later = now + .seconds(1)
        return Int64(bitPattern: later.rawValue &- now.rawValue) > 0 ? 1 : -1
    }()

    /// The virtual delay, in nanoseconds, until an uptime deadline.
    static func nanoseconds(until deadline: DispatchTime) -> Int64 {
        if deadline == .distantFuture { return never }
        let now = DispatchTime.now().uptimeNanoseconds
        let target = deadline.uptimeNanoseconds
        guard target > now else { return 0 }
        let difference = target - now
        return roundedUp(difference > UInt64(Int64.max) ? Int64.max : Int64(difference))
    }

    /// The virtual delay, in nanoseconds, until a wall-clock deadline.
    static func nanoseconds(until wallDeadline: DispatchWallTime) -> Int64 {
        if wallDeadline.rawValue == DispatchWallTime.distantFuture.rawValue { return never }
        let now = DispatchWallTime.now()
        let raw = Int64(bitPattern: wallDeadline.rawValue &- now.rawValue)
        let difference = wallTimeDirection > 0 ? raw : (raw == .min ? .max : -raw)
        guard difference > 0 else { return 0 }
        return roundedUp(difference)
    }

    /// The deadline on the virtual clock: `now + delay`, saturating at ``never``.
    static func deadline(now: Int64, delay: Int64) -> Int64 {
        if delay == never { return never }
        let (sum, overflow) = now.addingReportingOverflow(delay)
        return overflow ? never - 1 : min(sum, never - 1)
    }

    private static func roundedUp(_ nanoseconds: Int64) -> Int64 {
        let remainder = nanoseconds % nanosecondsPerMillisecond
        guard remainder != 0 else { return nanoseconds }
        let (rounded, overflow) = nanoseconds.addingReportingOverflow(nanosecondsPerMillisecond - remainder)
        return overflow ? never - 1 : rounded
    }
}

extension VirtualDelay {
    /// An interval in whole nanoseconds, saturating at the bounds of `Int64`; `.never` is
    /// ``never``.
    static func nanoseconds(of interval: DispatchTimeInterval) -> Int64 {
        func scaled(_ value: Int, by factor: Int64) -> Int64 {
            let (product, overflow) = Int64(value).multipliedReportingOverflow(by: factor)
            return overflow ? (value < 0 ? .min : .max) : product
        }
        switch interval {
        case .seconds(let value): return scaled(value, by: 1_000_000_000)
        case .milliseconds(let value): return scaled(value, by: 1_000_000)
        case .microseconds(let value): return scaled(value, by: 1_000)
        case .nanoseconds(let value): return Int64(value)
        case .never: return never
        @unknown default: return never
        }
    }

    /// A virtual time as an `Int` count of nanoseconds for `DispatchTimeInterval.nanoseconds`.
    static func clampedInt(_ nanoseconds: Int64) -> Int {
        Int(clamping: nanoseconds)
    }

    /// An interval as failure messages print it: `0.3 s`, `30 s`, `never`.
    package static func text(of interval: DispatchTimeInterval) -> String {
        let nanoseconds = nanoseconds(of: interval)
        if nanoseconds == never { return "never" }
        let milliseconds = nanoseconds / 1_000_000
        let whole = milliseconds / 1_000
        let fraction = abs(milliseconds % 1_000)
        if nanoseconds % 1_000_000 != 0 { return "\(nanoseconds) ns" }
        guard fraction != 0 else { return "\(whole) s" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(milliseconds < 0 && whole == 0 ? "-" : "")\(whole).\(digits) s"
    }
}
