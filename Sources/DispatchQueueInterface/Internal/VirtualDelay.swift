@preconcurrency import Dispatch

/// Maps the `DispatchTime` deadlines production code passes onto a double's virtual clock, and
/// the virtual clock back to `DispatchTime`.
///
/// Inline deadlines (`.now() + 0.3`, a ``QueueDeadline``) carry their delay and need no
/// mapping. Two kinds of `DispatchTime` still reach a ``ManualDispatchQueue``:
/// - Deadlines made from the queue's own `now` (`queue.now + 0.3`). The queue's `now` lives in a
///   range of uptime values no real clock reaches: its zero is at 2^61 + 2^58 ns (83 years of
///   uptime), and everything from 2^61 ns (73 years) up is read as virtual. The 2^58 ns (9 years)
///   below the zero hold `queue.now - x`, a virtual deadline in the past; the virtual clock runs
///   for 64 years above it before `DispatchTime` itself turns a sum into `.distantFuture`.
///   So a real deadline of uptime plus 10^9 s (32 years) can never be taken for a virtual one.
/// - Deadlines made from the real clock (`DispatchTime.now() + 0.3` kept in a variable). Their
///   delay is measured against the real clock when the block is scheduled (read before any lock
///   is taken) and rounded UP to the whole millisecond: the caller read the real clock an instant
///   earlier, and rounding up restores every whole-millisecond delay, unless the thread stalls
///   for a millisecond or more between reading the clock and scheduling. The double remembers
///   each real deadline it has mapped, so the same `DispatchTime` value always maps to the same
///   virtual deadline (identical deadlines stay ties, however far apart they are scheduled).
package enum VirtualDelay {
    /// The virtual deadline of work that never runs (`.distantFuture`).
    static let never: Int64 = .max

    /// Deadlines at or beyond this uptime are read as virtual (made from a double's `now`).
    static let virtualThreshold: UInt64 = 1 << 61

    /// The uptime of the virtual clock's zero, read back through `DispatchTime` so that a
    /// platform whose ticks are not nanoseconds agrees with itself.
    static let origin: UInt64 = DispatchTime(uptimeNanoseconds: virtualThreshold + (1 << 58)).uptimeNanoseconds

    private static let nanosecondsPerMillisecond: Int64 = 1_000_000

    /// +1 if later wall times have larger raw values, -1 if smaller; libdispatch has used both
    /// encodings, so it is measured once rather than assumed.
    private static let wallTimeDirection: Int64 = {
        let now = DispatchWallTime.now()
        let later = now + .seconds(1)
        return Int64(bitPattern: later.rawValue &- now.rawValue) > 0 ? 1 : -1
    }()

    /// The `DispatchTime` a double answers for `now` when its virtual clock reads `offset`.
    static func dispatchTime(atOffset offset: Int64) -> DispatchTime {
        DispatchTime(uptimeNanoseconds: origin &+ UInt64(max(0, min(offset, never - 1))))
    }

    /// What reading a deadline needs, read once by each queue, so that scheduling a block reads
    /// no lazily initialized global.
    struct DeadlineReader {
        private let origin = VirtualDelay.origin
        private let distantFuture = DispatchTime.distantFuture.rawValue

        /// What `deadline` is: `.distantFuture`, made from a double's `now` (offset zero for one
        /// before the zero), or a real-clock deadline, measured against the real clock now.
        func read(_ deadline: DispatchTime) -> Due {
            guard deadline.rawValue != distantFuture else { return .never }
            let uptime = deadline.uptimeNanoseconds
            guard uptime >= virtualThreshold else { return .real(deadline, realNow: DispatchTime.now().uptimeNanoseconds) }
            guard uptime > origin else { return .virtual(offset: 0) }
            let offset = uptime - origin
            return .virtual(offset: offset >= UInt64(never) ? never - 1 : Int64(offset))
        }
    }

    /// A deadline as the caller gave it, read before the queue's lock is taken and turned into a
    /// virtual deadline once it is held.
    enum Due {
        /// Due at the current virtual time (`async`).
        case now
        /// `.distantFuture`: never due.
        case never
        /// A deadline made from the queue's `now`, as its offset from the virtual clock's zero.
        case virtual(offset: Int64)
        /// A delay from the moment of scheduling, written inline (`.now() + 0.3`).
        case relative(QueueDeadline)
        /// A real-clock uptime deadline; `realNow` is the real clock read on entry, before the
        /// lock, as close as possible to the caller's `.now()`.
        case real(DispatchTime, realNow: UInt64)
        /// A wall-clock deadline; `wallNow` is the wall clock read on entry, before the lock.
        case wall(DispatchWallTime, wallNow: DispatchWallTime)

        /// The virtual deadline, given the virtual `now` and the real-clock deadlines already
        /// mapped (by raw value), which a real-clock deadline reads and joins.
        func virtualDeadline(now: Int64, realDeadlines: inout [UInt64: Int64]) -> Int64 {
            switch self {
            case .now:
                return now
            case .never:
                return VirtualDelay.never
            case .virtual(let offset):
                return max(now, offset)
            case .relative(let deadline):
                // A delay of `Int64.max` is `VirtualDelay.never`, which `deadline(now:delay:)` keeps.
                return VirtualDelay.deadline(now: now, delay: max(0, deadline.nanoseconds))
            case .wall(let wallDeadline, let wallNow):
                return VirtualDelay.deadline(for: wallDeadline, wallNow: wallNow, now: now)
            case .real(let deadline, let realNow):
                if let known = realDeadlines[deadline.rawValue] { return max(known, now) }
                let mapped = VirtualDelay.deadline(now: now, delay: VirtualDelay.delay(untilReal: deadline, realNow: realNow))
                if realDeadlines.count >= VirtualDelay.rememberedRealDeadlines { realDeadlines.removeAll() }
                realDeadlines[deadline.rawValue] = mapped
                return mapped
            }
        }
    }

    /// How many real-clock deadlines a queue remembers before its memory starts afresh.
    static let rememberedRealDeadlines = 100_000

    /// The delay until a real-clock uptime deadline, measured against `realNow` and rounded up
    /// to the whole millisecond; zero for a deadline already past.
    static func delay(untilReal deadline: DispatchTime, realNow: UInt64) -> Int64 {
        let uptime = deadline.uptimeNanoseconds
        guard uptime > realNow else { return 0 }
        let difference = uptime - realNow
        return roundedUp(difference > UInt64(Int64.max) ? Int64.max : Int64(difference))
    }

    /// The virtual deadline of a wall-clock deadline: its delay from the real wall clock
    /// (`wallNow`, read as the caller scheduled it), rounded up to the whole millisecond, after the
    /// virtual `now`.
    static func deadline(for wallDeadline: DispatchWallTime, wallNow: DispatchWallTime, now: Int64) -> Int64 {
        if wallDeadline.rawValue == DispatchWallTime.distantFuture.rawValue { return never }
        let raw = Int64(bitPattern: wallDeadline.rawValue &- wallNow.rawValue)
        let difference = wallTimeDirection > 0 ? raw : (raw == .min ? .max : -raw)
        guard difference > 0 else { return now }
        return deadline(now: now, delay: roundedUp(difference))
    }

    /// `now + delay`, saturating just below ``never``.
    static func deadline(now: Int64, delay: Int64) -> Int64 {
        if delay == never { return never }
        let (sum, overflow) = now.addingReportingOverflow(delay)
        return overflow ? never - 1 : min(sum, never - 1)
    }

    /// The interval in whole nanoseconds (saturating); `nil` for `.never`.
    static func nanoseconds(of interval: DispatchTimeInterval) -> Int64? {
        func scaled(_ value: Int, by factor: Int64) -> Int64 {
            let (product, overflow) = Int64(value).multipliedReportingOverflow(by: factor)
            return overflow ? (value < 0 ? .min : .max) : product
        }
        if case .seconds(let value) = interval { return scaled(value, by: 1_000_000_000) }
        if case .milliseconds(let value) = interval { return scaled(value, by: 1_000_000) }
        if case .microseconds(let value) = interval { return scaled(value, by: 1_000) }
        if case .nanoseconds(let value) = interval { return Int64(value) }
        return nil
    }

    /// An interval equal to `nanoseconds`, in the finest unit that fits `Int` on this platform
    /// (32-bit watchOS counts `Int` in 32 bits).
    static func interval(nanoseconds: Int64) -> DispatchTimeInterval {
        if let exact = Int(exactly: nanoseconds) { return .nanoseconds(exact) }
        if let exact = Int(exactly: nanoseconds / 1_000), nanoseconds % 1_000 == 0 { return .microseconds(exact) }
        if let exact = Int(exactly: nanoseconds / 1_000_000), nanoseconds % 1_000_000 == 0 { return .milliseconds(exact) }
        return .seconds(Int(clamping: nanoseconds / 1_000_000_000))
    }

    /// Nanoseconds as seconds, for messages: `0.3 seconds`, `30.0 seconds`, `0.000000005 seconds`.
    package static func describe(nanoseconds: Int64) -> String {
        let sign = nanoseconds < 0 ? "-" : ""
        let magnitude = nanoseconds.magnitude
        let whole = magnitude / 1_000_000_000
        let fraction = magnitude % 1_000_000_000
        guard fraction != 0 else { return "\(sign)\(whole).0 seconds" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits) seconds"
    }

    private static func roundedUp(_ nanoseconds: Int64) -> Int64 {
        let remainder = nanoseconds % nanosecondsPerMillisecond
        guard remainder != 0 else { return nanoseconds }
        let (rounded, overflow) = nanoseconds.addingReportingOverflow(nanosecondsPerMillisecond - remainder)
        return overflow ? never - 1 : rounded
    }
}
