@preconcurrency import Dispatch
import Foundation

/// Dispatch's own queues conform with no change of behaviour.
///
/// Each requirement forwards to the queue's own method.
extension DispatchQueue: DispatchQueueInterface {
    /// Whether this queue is the main queue.
    ///
    /// That is, whether it is `DispatchQueue.main`.
    ///
    /// Compared by label: on Linux `DispatchQueue.main` hands out a new wrapper object on each
    /// access, so identity says nothing.
    public var isMainQueue: Bool { self === DispatchQueue.main || label == DispatchQueue.main.label }

    /// Whether the caller is on the main thread, for the main queue; false for any other queue.
    ///
    /// That is `Thread.isMainThread` for the main queue; any other queue answers `false`, since
    /// Dispatch offers no reliable "current queue" query.
    public var isCurrentQueue: Bool { isMainQueue && Thread.isMainThread }

    /// Submits work, forwarding to the queue's own async or asyncAfter method.
    ///
    /// A delay written inline (`.now() + 0.3`) is added to the real clock now.
    ///
    /// - Parameters:
    ///   - work: The closure or work item.
    ///   - time: When it may run.
    public func schedule(_ work: QueueWork, at time: QueueTime) {
        switch (work, time) {
        case (.closure(let body, let group, let qos, let flags), .now):
            async(group: group, qos: qos, flags: flags) { body() }
        case (.workItem(let item), .now):
            async(execute: item)
        case (.closure(let body, _, let qos, let flags), .deadline), (.closure(let body, _, let qos, let flags), .delay):
            asyncAfter(deadline: Self.uptimeDeadline(time), qos: qos, flags: flags) { body() }
        case (.workItem(let item), .deadline), (.workItem(let item), .delay):
            asyncAfter(deadline: Self.uptimeDeadline(time), execute: item)
        case (.closure(let body, _, let qos, let flags), .wallDeadline), (.closure(let body, _, let qos, let flags), .wallDelay):
            asyncAfter(wallDeadline: Self.wallDeadline(time), qos: qos, flags: flags) { body() }
        case (.workItem(let item), .wallDeadline), (.workItem(let item), .wallDelay):
            asyncAfter(wallDeadline: Self.wallDeadline(time), execute: item)
        }
    }

    /// The uptime deadline of a time on that clock; a delay counts from now.
    private static func uptimeDeadline(_ time: QueueTime) -> DispatchTime {
        if case .deadline(let deadline) = time { return deadline }
        if case .delay(let delay) = time { return .now() + delay.delay }
        return .now()
    }

    /// The wall-clock deadline of a time on that clock; a delay counts from now.
    private static func wallDeadline(_ time: QueueTime) -> DispatchWallTime {
        if case .wallDeadline(let deadline) = time { return deadline }
        if case .wallDelay(let delay) = time { return .now() + delay.delay }
        return .now()
    }

    /// Runs work on the queue and waits for it, forwarding to the queue's own method.
    ///
    /// The queue's method is `sync(execute:)`.
    ///
    /// - Parameter work: The work.
    /// - Returns: What `work` returns.
    public func performSync<T>(_ work: () throws -> T) rethrows -> T {
        try sync(execute: work)
    }
}
