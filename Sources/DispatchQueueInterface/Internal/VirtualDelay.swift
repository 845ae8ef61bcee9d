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
    /// no lazily initialized global. A deadline is read on entry, before the queue's lock is
    /// taken, so a real clock is read as close as possible to the caller's `.now()`.
    struct DeadlineReader {
        private let origin = VirtualDelay.origin
        private let distantFuture = DispatchTime.distantFuture.rawValue
        private let wallDistantFuture = DispatchWallTime.distantFuture.rawValue
        private let wallDirection = VirtualDelay.wallTimeDirection

        /// An uptime deadline: `.distantFuture`, made from a double's `now` (offset zero for one
        /// before the zero), or made from the real clock, its delay measured against it now.
        func read(_ deadline: DispatchTime) -> Due {
            guard deadline.rawValue != distantFuture else { return .never }
            let uptime = deadline.uptimeNanoseconds
            guard uptime >= virtualThreshold else {
                let realNow = DispatchTime.now().uptimeNanoseconds
                return .real(deadline.rawValue, delay: uptime > realNow ? roundedUp(Int64(clamping: uptime - realNow)) : 0)
            }
            guard uptime > origin else { return .virtual(offset: 0) }
            let offset = uptime - origin
            return .virtual(offset: offset >= UInt64(never) ? never - 1 : Int64(offset))
        }

        /// A wall-clock deadline: its delay from the real wall clock now.
        func read(_ wallDeadline: DispatchWallTime) -> Due {
            guard wallDeadline.rawValue != wallDistantFuture else { return .never }
            let raw = Int64(bitPattern: wallDeadline.rawValue &- DispatchWallTime.now().rawValue)
            let difference = wallDirection > 0 ? raw : (raw == .min ? .max : -raw)
            return difference > 0 ? .delay(roundedUp(difference)) : .now
        }

        /// A delay written inline (`.now() + 0.3`): exact.
        func read(_ deadline: QueueDeadline) -> Due {
            // A delay of `Int64.max` is `VirtualDelay.never`, which `deadline(now:delay:)` keeps.
            .delay(max(0, deadline.nanoseconds))
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
        /// Due this many nanoseconds after the current virtual time.
        case delay(Int64)
        /// A real-clock uptime deadline, by raw value, and its delay rounded up to the whole
        /// millisecond (the caller read the real clock an instant earlier).
        case real(UInt64, delay: Int64)

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
            case .delay(let delay):
                return VirtualDelay.deadline(now: now, delay: delay)
            case .real(let raw, let delay):
                if let known = realDeadlines[raw] { return max(known, now) }
                let mapped = VirtualDelay.deadline(now: now, delay: delay)
                if realDeadlines.count >= VirtualDelay.rememberedRealDeadlines { realDeadlines.removeAll() }
                realDeadlines[raw] = mapped
                return mapped
            }
        }
    }

    /// How many real-clock deadlines a queue remembers before its memory starts afresh.
    static let rememberedRealDeadlines = 100_000

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
