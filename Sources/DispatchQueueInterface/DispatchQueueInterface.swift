@preconcurrency import Dispatch

/// The part of a dispatch queue that app code calls, as a protocol, so a test can inject a queue it
/// controls.
///
/// `DispatchQueue` conforms, and so do the doubles ``ManualDispatchQueue`` and
/// ``ImmediateDispatchQueue``.
///
/// Production code takes the interface and defaults it to the real queue; nothing changes at
/// run time:
///
/// ```swift
/// final class SearchViewModel: Sendable {
///     private let queue: any DispatchQueueInterface
///
///     init(queue: any DispatchQueueInterface = DispatchQueue.main) {
///         self.queue = queue
///     }
///
///     func queryChanged(_ text: String) {
///         queue.asyncAfter(deadline: .now() + .milliseconds(300)) {
///             self.search(text)
///         }
///     }
///
///     func search(_ text: String) { /* … */ }
/// }
/// ```
///
/// A test passes a ``ManualDispatchQueue`` and moves virtual time:
///
/// ```swift
/// let queue = ManualDispatchQueue()
/// let viewModel = BookSearchViewModel(queue: queue) { _ in [] }
/// viewModel.queryChanged("dune")
/// queue.advance(by: .milliseconds(300))  // the search runs now, in no time
/// ```
///
/// The requirements have names of their own (``schedule(_:at:)``, `performSync`); the familiar
/// spellings (`async`, `asyncAfter`, `sync`) are extension methods that forward to them. So
/// `DispatchQueue` conforms through small forwarding methods and never depends on the exact
/// signatures of its SDK methods (which differ between SDK releases, down to
/// `@convention(block)`).
public protocol DispatchQueueInterface: Sendable {
    /// Whether this is the main queue (or a double standing in for it).
    var isMainQueue: Bool { get }

    /// Whether the calling code is running on this queue now.
    ///
    /// For `DispatchQueue.main` this is `Thread.isMainThread`. Dispatch has no reliable
    /// "current queue" query for other queues, so a real non-main queue answers `false`. The
    /// doubles answer `true` while they are running one of their own blocks.
    var isCurrentQueue: Bool { get }

    /// The queue's current time, to build deadlines from.
    ///
    /// Such as `queue.now + 0.3`.
    ///
    /// `DispatchQueue` answers `DispatchTime.now()`; ``ManualDispatchQueue`` answers its virtual
    /// time, so a delay built from it is exact in a test whatever the real clock does.
    ///
    /// ```swift
    /// let queue = ManualDispatchQueue()
    /// let timeout = SearchSessionTimeout(queue: queue)
    /// queue.asyncAfter(deadline: queue.now + .seconds(30)) {
    ///     timeout.inputReceived()
    /// }
    /// ```
    var now: DispatchTime { get }

    /// Submits work to run on the queue, at once or at a time: the one requirement behind every
    /// async and asyncAfter call.
    ///
    /// A queue of your own switches over the work and the time:
    ///
    /// ```swift
    /// final class LoggingQueue: DispatchQueueInterface {
    ///     let base = DispatchQueue.main
    ///     let log = Locked<[String]>([])
    ///     var isMainQueue: Bool { base.isMainQueue }
    ///     var isCurrentQueue: Bool { base.isCurrentQueue }
    ///     func schedule(_ work: QueueWork, at time: QueueTime) {
    ///         log.withLock { $0.append("\(time)") }
    ///         base.schedule(work, at: time)
    ///     }
    ///     func performSync<T>(_ work: () throws -> T) rethrows -> T {
    ///         try base.performSync(work)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - work: A closure with its group, quality of service and flags, or a work item.
    ///   - time: When it may run.
    func schedule(_ work: QueueWork, at time: QueueTime)

    /// Runs work on the queue and waits for it, returning its result or rethrowing its error.
    ///
    /// - Parameter work: The work.
    /// - Returns: What `work` returns.
    func performSync<T>(_ work: () throws -> T) rethrows -> T
}

extension DispatchQueueInterface {
    /// The real uptime clock: the answer of a queue with no clock of its own.
    ///
    /// That is `DispatchTime.now()`.
    public var now: DispatchTime { DispatchTime.now() }

    /// Submits work to run asynchronously, spelled as on a dispatch queue.
    ///
    /// The `DispatchQueue.async` spelling.
    ///
    /// ```swift
    /// let queue: any DispatchQueueInterface = DispatchQueue.main
    /// let title = Locked("")
    /// queue.async { title.withLock { $0 = "Dune" } }
    /// ```
    ///
    /// - Parameters:
    ///   - group: A group the work is associated with.
    ///   - qos: The quality of service.
    ///   - flags: The work item flags.
    ///   - work: The work.
    public func async(
        group: DispatchGroup? = nil,
        qos: DispatchQoS = .unspecified,
        flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        schedule(.closure(work, group: group, qos: qos, flags: flags), at: .now)
    }

    /// Submits a work item to run asynchronously, spelled as on a dispatch queue.
    ///
    /// The `DispatchQueue.async(execute:)` spelling.
    ///
    /// - Parameter workItem: The work item; skipped if cancelled before it runs.
    public func async(execute workItem: DispatchWorkItem) {
        schedule(.workItem(workItem), at: .now)
    }

    /// Submits work to run after a delay written inline, spelled as on a dispatch queue.
    ///
    /// The `DispatchQueue.asyncAfter(deadline: .now() + x)` spelling: the delay counts from the
    /// call on the queue's own clock, so a ``ManualDispatchQueue`` reads it exactly.
    ///
    /// ```swift
    /// let queue: any DispatchQueueInterface = ManualDispatchQueue()
    /// let timeout = SearchSessionTimeout(queue: queue)
    /// queue.asyncAfter(deadline: .now() + 30) { timeout.inputReceived() }
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: The delay from the moment of the call, such as `.now() + 0.3`.
    ///   - qos: The quality of service.
    ///   - flags: The work item flags.
    ///   - work: The work.
    public func asyncAfter(
        deadline: QueueDeadline,
        qos: DispatchQoS = .unspecified,
        flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        schedule(.closure(work, group: nil, qos: qos, flags: flags), at: .delay(deadline))
    }

    /// Submits work to run at or after a deadline, spelled as on a dispatch queue.
    ///
    /// The `DispatchQueue.asyncAfter` spelling, for a `DispatchTime` computed elsewhere.
    ///
    /// ```swift
    /// let queue = ManualDispatchQueue()
    /// let timeout = SearchSessionTimeout(queue: queue)
    /// queue.asyncAfter(deadline: queue.now + 30) { timeout.inputReceived() }
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: When the work may run.
    ///   - qos: The quality of service.
    ///   - flags: The work item flags.
    ///   - work: The work.
    @_disfavoredOverload
    public func asyncAfter(
        deadline: DispatchTime,
        qos: DispatchQoS = .unspecified,
        flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        schedule(.closure(work, group: nil, qos: qos, flags: flags), at: .deadline(deadline))
    }

    /// Submits work to run after a delay on the wall clock written inline.
    ///
    /// The `DispatchQueue.asyncAfter(wallDeadline: .now() + x)` spelling: the delay counts from
    /// the call.
    ///
    /// - Parameters:
    ///   - wallDeadline: The delay from the moment of the call, such as `.now() + 0.3`.
    ///   - qos: The quality of service.
    ///   - flags: The work item flags.
    ///   - work: The work.
    public func asyncAfter(
        wallDeadline: QueueDeadline,
        qos: DispatchQoS = .unspecified,
        flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        schedule(.closure(work, group: nil, qos: qos, flags: flags), at: .wallDelay(wallDeadline))
    }

    /// Submits work to run at or after a wall-clock deadline.
    ///
    /// The `DispatchQueue.asyncAfter(wallDeadline:)` spelling, for a `DispatchWallTime`
    /// computed elsewhere.
    ///
    /// - Parameters:
    ///   - wallDeadline: When the work may run.
    ///   - qos: The quality of service.
    ///   - flags: The work item flags.
    ///   - work: The work.
    @_disfavoredOverload
    public func asyncAfter(
        wallDeadline: DispatchWallTime,
        qos: DispatchQoS = .unspecified,
        flags: DispatchWorkItemFlags = [],
        execute work: @escaping @Sendable () -> Void
    ) {
        schedule(.closure(work, group: nil, qos: qos, flags: flags), at: .wallDeadline(wallDeadline))
    }

    /// Submits a work item to run after a delay written inline; cancel the item to stop it.
    ///
    /// ```swift
    /// let queue: any DispatchQueueInterface = ManualDispatchQueue()
    /// var pendingSearch: DispatchWorkItem?
    /// pendingSearch?.cancel()
    /// let item = DispatchWorkItem { print("search dune") }
    /// pendingSearch = item
    /// queue.asyncAfter(deadline: .now() + .milliseconds(300), execute: item)
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: The delay from the moment of the call, such as `.now() + 0.3`.
    ///   - workItem: The work item.
    public func asyncAfter(deadline: QueueDeadline, execute workItem: DispatchWorkItem) {
        schedule(.workItem(workItem), at: .delay(deadline))
    }

    /// Submits a work item to run at or after a deadline; cancel the item to stop it.
    ///
    /// For a `DispatchTime` computed elsewhere.
    ///
    /// ```swift
    /// let queue = ManualDispatchQueue()
    /// let item = DispatchWorkItem { print("search dune") }
    /// queue.asyncAfter(deadline: queue.now + .milliseconds(300), execute: item)
    /// ```
    ///
    /// - Parameters:
    ///   - deadline: When the work may run.
    ///   - workItem: The work item.
    @_disfavoredOverload
    public func asyncAfter(deadline: DispatchTime, execute workItem: DispatchWorkItem) {
        schedule(.workItem(workItem), at: .deadline(deadline))
    }

    /// Submits a work item to run after a delay on the wall clock written inline.
    ///
    /// - Parameters:
    ///   - wallDeadline: The delay from the moment of the call, such as `.now() + 0.3`.
    ///   - workItem: The work item.
    public func asyncAfter(wallDeadline: QueueDeadline, execute workItem: DispatchWorkItem) {
        schedule(.workItem(workItem), at: .wallDelay(wallDeadline))
    }

    /// Submits a work item to run at or after a wall-clock deadline.
    ///
    /// For a `DispatchWallTime` computed elsewhere.
    ///
    /// - Parameters:
    ///   - wallDeadline: When the work may run.
    ///   - workItem: The work item.
    @_disfavoredOverload
    public func asyncAfter(wallDeadline: DispatchWallTime, execute workItem: DispatchWorkItem) {
        schedule(.workItem(workItem), at: .wallDeadline(wallDeadline))
    }

    /// Runs work on the queue and waits for it, spelled as on a dispatch queue.
    ///
    /// The `DispatchQueue.sync` spelling.
    ///
    /// ```swift
    /// let queue = ManualDispatchQueue()
    /// let cache = ["dune": Book.testValue]
    /// let count = queue.sync { cache.count }
    /// ```
    ///
    /// - Parameter work: The work; it may throw.
    /// - Returns: What `work` returns.
    public func sync<T>(execute work: () throws -> T) rethrows -> T {
        try performSync(work)
    }

    /// Runs work at once if the caller is already on this queue, otherwise submits it
    /// asynchronously.
    ///
    /// The "ensure main thread" helper apps write by hand.
    ///
    /// ```swift
    /// let queue: any DispatchQueueInterface = DispatchQueue.main
    /// // Inline on main, hops otherwise:
    /// queue.asyncIfNotCurrent { print("render") }
    /// ```
    ///
    /// - Parameter work: The work.
    public func asyncIfNotCurrent(execute work: @escaping @Sendable () -> Void) {
        if isCurrentQueue {
            work()
        } else {
            schedule(.closure(work, group: nil, qos: .unspecified, flags: []), at: .now)
        }
    }
}
