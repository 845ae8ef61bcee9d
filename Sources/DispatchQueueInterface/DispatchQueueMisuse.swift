/// A mistake a queue double caught instead of hanging or crashing.
///
/// Such as a `sync` that would deadlock a real serial queue, work that keeps rescheduling itself, a
/// negative time step.
///
/// This module never imports a test framework, so a double records the misuse (see
/// ``ManualDispatchQueue/misuses``) and, if one was given, hands it to the `onMisuse` handler.
/// The test-side helpers in `TestDoubles` (`expectNoMisuse()`, `expectNoPendingWork()`) report
/// it as a failure at the test's line.
///
/// ```swift
/// let queue = ManualDispatchQueue()
/// queue.async { queue.sync { } }    // a real serial queue deadlocks here
/// queue.runAll()
/// #expect(queue.misuses.map(\.kind) == [.syncFromOwnWork])
/// ```
public struct DispatchQueueMisuse: Sendable, Equatable, CustomStringConvertible {
    /// What kind of mistake it was.
    public enum Kind: Sendable, Equatable {
        /// A synchronous call on the queue from inside one of its own blocks.
        ///
        /// A `sync` from inside the queue's own work deadlocks a real serial queue.
        case syncFromOwnWork
        /// A run stopped after its block limit: work kept scheduling more work.
        case runawayWork
        /// Time was asked to move backwards.
        case negativeTimeStep
    }

    /// What kind of mistake it was.
    public var kind: Kind
    /// The label of the queue it happened on.
    public var queueLabel: String
    /// A sentence explaining what happened and what a real queue would have done.
    public var message: String

    /// Creates a misuse record.
    ///
    /// - Parameters:
    ///   - kind: What kind of mistake it was.
    ///   - queueLabel: The queue's label.
    ///   - message: The explanation.
    package init(kind: Kind, queueLabel: String, message: String) {
        self.kind = kind
        self.queueLabel = queueLabel
        self.message = message
    }

    /// The message.
    public var description: String { message }

    static func syncFromOwnWork(on label: String) -> DispatchQueueMisuse {
        DispatchQueueMisuse(
            kind: .syncFromOwnWork,
            queueLabel: label,
            message: "sync was called on queue '\(label)' from inside its own work: a real serial queue deadlocks here. "
                + "The double ran the block inline so the test could go on; dispatch it with async, or call it directly."
        )
    }
}
