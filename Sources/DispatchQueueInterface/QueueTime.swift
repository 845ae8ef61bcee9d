@preconcurrency import Dispatch

/// When submitted work may run: at once, at a deadline on the uptime or the wall clock, or after
/// a delay written inline.
///
/// Built by the `async` and `asyncAfter` methods and handed to a queue's
/// ``DispatchQueueInterface/schedule(_:at:)``.
public enum QueueTime: Sendable {
    /// As soon as the queue gets to it.
    ///
    /// What `async` asks for.
    case now
    /// At or after a deadline on the uptime clock.
    ///
    /// What `asyncAfter(deadline:)` asks for with a `DispatchTime` computed elsewhere.
    case deadline(DispatchTime)
    /// At or after a deadline on the wall clock.
    ///
    /// What `asyncAfter(wallDeadline:)` asks for with a `DispatchWallTime` computed elsewhere.
    case wallDeadline(DispatchWallTime)
    /// After a delay from the moment of the call, on the uptime clock.
    ///
    /// What `asyncAfter(deadline: .now() + 0.3)` asks for.
    case delay(QueueDeadline)
    /// After a delay from the moment of the call, on the wall clock.
    ///
    /// What `asyncAfter(wallDeadline: .now() + 0.3)` asks for.
    case wallDelay(QueueDeadline)
}
