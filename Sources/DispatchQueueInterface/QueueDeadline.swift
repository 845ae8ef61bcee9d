@preconcurrency import Dispatch

/// A deadline written as a delay from the moment the block is scheduled, so each queue reads it on its own clock.
///
/// It is what `.now() + 0.3` builds when the queue is a ``DispatchQueueInterface``: production
/// code keeps the spelling it writes for `DispatchQueue`, a real queue adds the delay to the real
/// clock when it is called, and ``ManualDispatchQueue`` adds it to its virtual clock, exactly,
/// however long the caller was stalled between `.now()` and the call.
///
/// ```swift
/// let queue: any DispatchQueueInterface = ManualDispatchQueue()
/// queue.asyncAfter(deadline: .now() + 0.3) { print("search") }
/// ```
///
/// A `DispatchTime` computed elsewhere still works: the overloads that take one are kept, and
/// `.now() + x` written inline picks this type.
public struct QueueDeadline: Sendable, Equatable {
    /// The delay in nanoseconds; `Int64.max` means never, as `DispatchTime.distantFuture` does.
    let nanoseconds: Int64

    private init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The moment the block is scheduled.
    ///
    /// Spelled `.now()` inline, as for `DispatchTime`.
    ///
    /// - Returns: A deadline with no delay.
    public static func now() -> QueueDeadline {
        QueueDeadline(nanoseconds: 0)
    }

    /// The delay after the moment of scheduling.
    ///
    /// `.never` for a deadline that is never due, so `clock + delay` is the deadline on any
    /// `DispatchTime` or `DispatchWallTime` clock.
    public var delay: DispatchTimeInterval {
        nanoseconds == .max ? .never : VirtualDelay.interval(nanoseconds: nanoseconds)
    }

    /// A deadline later by a number of seconds.
    ///
    /// Rounded to the nanosecond as `DispatchTime` rounds it.
    ///
    /// - Parameters:
    ///   - deadline: The deadline.
    ///   - seconds: The seconds to add.
    /// - Returns: The later deadline.
    public static func + (deadline: QueueDeadline, seconds: Double) -> QueueDeadline {
        deadline.adding(Self.nanoseconds(ofSeconds: seconds))
    }

    /// A deadline earlier by a number of seconds.
    ///
    /// Rounded to the nanosecond as `DispatchTime` rounds it.
    ///
    /// - Parameters:
    ///   - deadline: The deadline.
    ///   - seconds: The seconds to subtract.
    /// - Returns: The earlier deadline.
    public static func - (deadline: QueueDeadline, seconds: Double) -> QueueDeadline {
        deadline.adding(Self.nanoseconds(ofSeconds: -seconds))
    }

    /// A deadline later by an interval.
    ///
    /// Adding `.never` gives a deadline that is never due.
    ///
    /// - Parameters:
    ///   - deadline: The deadline.
    ///   - interval: The interval to add.
    /// - Returns: The later deadline.
    public static func + (deadline: QueueDeadline, interval: DispatchTimeInterval) -> QueueDeadline {
        deadline.adding(VirtualDelay.nanoseconds(of: interval) ?? .max)
    }

    /// A deadline earlier by an interval.
    ///
    /// Subtracting `.never` gives a deadline long past.
    ///
    /// - Parameters:
    ///   - deadline: The deadline.
    ///   - interval: The interval to subtract.
    /// - Returns: The earlier deadline.
    public static func - (deadline: QueueDeadline, interval: DispatchTimeInterval) -> QueueDeadline {
        let nanoseconds = VirtualDelay.nanoseconds(of: interval) ?? .max
        return deadline.adding(nanoseconds == .min ? .max : -nanoseconds)
    }

    /// Adds nanoseconds, saturating: past `Int64.max` is never, as `DispatchTime` clamps it, and
    /// the past stops at `-Int64.max`, which libdispatch can negate.
    private func adding(_ other: Int64) -> QueueDeadline {
        guard nanoseconds != .max else { return self }
        let (sum, overflow) = nanoseconds.addingReportingOverflow(other)
        return QueueDeadline(nanoseconds: overflow ? (other > 0 ? .max : -.max) : max(sum, -.max))
    }

    /// Seconds as whole nanoseconds, truncated and clamped, as libdispatch converts them.
    private static func nanoseconds(ofSeconds seconds: Double) -> Int64 {
        let value = seconds * 1_000_000_000
        if value.isNaN || value >= Double(Int64.max) { return .max }
        if value <= Double(Int64.min) { return .min }
        return Int64(value)
    }
}
