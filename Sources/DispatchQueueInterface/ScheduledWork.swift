@preconcurrency import Dispatch

/// A block waiting on a manual queue, as the test inspects it.
///
/// The queue is a ``ManualDispatchQueue``.
///
/// ```swift
/// let queue = ManualDispatchQueue()
/// let viewModel = BookSearchViewModel(queue: queue) { _ in [] }
/// viewModel.queryChanged("dune")
/// #expect(queue.pending.map(\.deadline) == [.milliseconds(300)])
/// ```
public struct ScheduledWork: Sendable, Equatable, CustomStringConvertible {
    /// How the block was submitted.
    public enum Kind: Sendable, Equatable {
        /// Scheduled to run as soon as possible.
        ///
        /// Submitted with `async`.
        case async
        /// Scheduled after a deadline on the uptime clock.
        ///
        /// Submitted with `asyncAfter(deadline:)`.
        case asyncAfterDeadline
        /// Scheduled after a deadline on the wall clock.
        ///
        /// Submitted with `asyncAfter(wallDeadline:)`.
        case asyncAfterWallDeadline
    }

    /// When the block becomes due on the queue's virtual clock, in nanoseconds since the queue was
    /// created.
    ///
    /// `nil` for work scheduled at `.distantFuture`, which never runs.
    public var deadlineNanoseconds: Int64?

    /// When the block becomes due on the queue's virtual clock, as the time since the queue was
    /// created.
    ///
    /// `nil` for work scheduled at `.distantFuture`, which never runs.
    public var deadline: DispatchTimeInterval? {
        deadlineNanoseconds.map { VirtualDelay.interval(nanoseconds: $0) }
    }
    /// The block's position among all blocks submitted to the queue (0 for the first): blocks
    /// with the same deadline run in this order.
    public var submissionIndex: Int
    /// How the block was submitted.
    public var kind: Kind
    /// Whether the block is a dispatch work item.
    ///
    /// That is, a `DispatchWorkItem`.
    public var isWorkItem: Bool
    /// The quality of service it was submitted with.
    public var qos: DispatchQoS.QoSClass

    /// The block's number, kind and deadline, as failure messages show it.
    ///
    /// For example `#2 asyncAfterDeadline due at 0.3 seconds`.
    public var description: String {
        let due = deadlineNanoseconds.map { "due at \(VirtualDelay.describe(nanoseconds: $0))" } ?? "never due (distantFuture)"
        return "#\(submissionIndex) \(kind)\(isWorkItem ? " work item" : "") \(due)"
    }
}
