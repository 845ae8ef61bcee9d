@preconcurrency import Dispatch

/// What code submits to a queue: a closure with its group, quality of service and flags, or a
/// work item.
///
/// Built by the `async` and `asyncAfter` methods and handed to a queue's
/// ``DispatchQueueInterface/schedule(_:at:)``; a queue of your own switches over it.
public enum QueueWork: Sendable {
    /// A closure, with the group it is associated with (entered on submission, left when it
    /// ends), its quality of service and its flags.
    case closure(@Sendable () -> Void, group: DispatchGroup?, qos: DispatchQoS, flags: DispatchWorkItemFlags)
    /// A work item; a cancelled item is skipped.
    case workItem(DispatchWorkItem)
}
