@preconcurrency import Dispatch
import LockedValue

/// A queue double that runs every block at once on the calling thread, delayed ones included.
///
/// Including `asyncAfter`: the simplest way to make queue-hopping code synchronous in a test or a
/// preview.
///
/// ```swift
/// let queue = ImmediateDispatchQueue()
/// let viewModel = BookSearchViewModel(queue: queue) { _ in [.testValue] }
/// viewModel.queryChanged("dune")  // its queue.asyncAfter { } has already run
/// #expect(viewModel.results.count == 1)
/// ```
///
/// Delays are ignored, so it cannot tell "after 300 ms" from "now"; use
/// ``ManualDispatchQueue`` when the timing is what you test. A cancelled `DispatchWorkItem` is
/// skipped. `sync` from inside one of its own blocks records a ``DispatchQueueMisuse``, as a
/// real serial queue would deadlock there.
public final class ImmediateDispatchQueue: DispatchQueueInterface {

    /// The queue's label, used in misuse messages.
    public let label: String
    /// Whether this double stands in for the main queue.
    public let isMainQueue: Bool

    private let blockCount = Locked(0)
    private let misuseLog: MisuseLog<DispatchQueueMisuse>
    private let runningThreads = RunningThreads()

    /// Creates a queue that runs everything at once.
    ///
    /// - Parameters:
    ///   - label: A label for messages.
    ///   - isMainQueue: Whether it stands in for the main queue.
    ///   - onMisuse: Called with each misuse as it is recorded.
    public init(
        label: String = "ImmediateDispatchQueue",
        isMainQueue: Bool = false,
        onMisuse: (@Sendable (DispatchQueueMisuse) -> Void)? = nil
    ) {
        self.label = label
        self.isMainQueue = isMainQueue
        self.misuseLog = MisuseLog(onRecord: onMisuse)
    }

    /// How many blocks have run (cancelled work items are not counted).
    public var blocksRun: Int { blockCount.value }

    /// The misuses recorded so far, oldest first.
    public var misuses: [DispatchQueueMisuse] { misuseLog.all }

    /// Returns the recorded misuses and forgets them.
    ///
    /// - Returns: The misuses recorded since the last call.
    package func takeMisuses() -> [DispatchQueueMisuse] {
        misuseLog.take()
    }

    /// Whether the calling code is running inside one of this queue's blocks.
    public var isCurrentQueue: Bool { runningThreads.containsCurrentThread }

    /// Runs the work now, ignoring the time; a cancelled work item is skipped.
    ///
    /// - Parameters:
    ///   - work: The closure, entering and leaving its group around it, or the work item.
    ///   - time: Ignored.
    public func schedule(_ work: QueueWork, at time: QueueTime) {
        let ran = runningThreads.running { QueuedWork(work).run() }
        if ran { blockCount.withLock { $0 += 1 } }
    }

    /// Runs the work now, recording a misuse when called from inside this queue's own work.
    ///
    /// The misuse is ``DispatchQueueMisuse/Kind/syncFromOwnWork``.
    ///
    /// - Parameter work: The work.
    /// - Returns: What `work` returns.
    public func performSync<T>(_ work: () throws -> T) rethrows -> T {
        blockCount.withLock { $0 += 1 }
        return try runningThreads.performSync(onReentry: { misuseLog.record(.syncFromOwnWork(on: label)) }, work)
    }
}
