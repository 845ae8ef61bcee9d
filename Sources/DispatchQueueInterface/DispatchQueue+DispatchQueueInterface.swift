@preconcurrency import Dispatch
import Foundation

/// `DispatchQueue` conforms with no change of behaviour: each requirement forwards to the
/// queue's own method.
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

    /// Submits work to run asynchronously, forwarding to the queue's own method.
    ///
    /// The queue's method is `async(group:qos:flags:execute:)`.
    ///
    /// - Parameters:
    ///   - group: The group, or `nil`.
    ///   - qos: The quality of service.
    ///   - flags: The work item flags.
    ///   - work: The work.
    public func scheduleAsync(
        group: DispatchGroup?,
        qos: DispatchQoS,
        flags: DispatchWorkItemFlags,
        work: @escaping @Sendable () -> Void
    ) {
        async(group: group, qos: qos, flags: flags) { work() }
    }

    /// Submits a work item to run asynchronously, forwarding to the queue's own method.
    ///
    /// The queue's method is `async(execute:)`.
    ///
    /// - Parameter workItem: The work item.
    public func scheduleAsync(_ workItem: DispatchWorkItem) {
        async(execute: workItem)
    }

    /// Submits work to run after a deadline, forwarding to the queue's own method.
    ///
    /// The queue's method is `asyncAfter(deadline:qos:flags:execute:)`.
    ///
    /// - Parameters:
    ///   - deadline: When the work may run.
    ///   - qos: The quality of service.
    ///   - flags: The work item flags.
    ///   - work: The work.
    public func scheduleAsync(
        after deadline: DispatchTime,
        qos: DispatchQoS,
        flags: DispatchWorkItemFlags,
        work: @escaping @Sendable () -> Void
    ) {
        asyncAfter(deadline: deadline, qos: qos, flags: flags) { work() }
    }

    /// Submits work to run after a wall-clock deadline, forwarding to the queue's own method.
    ///
    /// The queue's method is `asyncAfter(wallDeadline:qos:flags:execute:)`.
    ///
    /// - Parameters:
    ///   - wallDeadline: When the work may run.
    ///   - qos: The quality of service.
    ///   - flags: The work item flags.
    ///   - work: The work.
    public func scheduleAsync(
        afterWallDeadline wallDeadline: DispatchWallTime,
        qos: DispatchQoS,
        flags: DispatchWorkItemFlags,
        work: @escaping @Sendable () -> Void
    ) {
        asyncAfter(wallDeadline: wallDeadline, qos: qos, flags: flags) { work() }
    }

    /// Submits a work item to run after a deadline, forwarding to the queue's own method.
    ///
    /// The queue's method is `asyncAfter(deadline:execute:)`.
    ///
    /// - Parameters:
    ///   - workItem: The work item.
    ///   - deadline: When the work may run.
    public func scheduleAsync(_ workItem: DispatchWorkItem, after deadline: DispatchTime) {
        asyncAfter(deadline: deadline, execute: workItem)
    }

    /// Submits a work item to run after a wall-clock deadline, forwarding to the queue's own
    /// method.
    ///
    /// The queue's method is `asyncAfter(wallDeadline:execute:)`.
    ///
    /// - Parameters:
    ///   - workItem: The work item.
    ///   - wallDeadline: When the work may run.
    public func scheduleAsync(_ workItem: DispatchWorkItem, afterWallDeadline wallDeadline: DispatchWallTime) {
        asyncAfter(wallDeadline: wallDeadline, execute: workItem)
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
