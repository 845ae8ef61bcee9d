@preconcurrency import Dispatch
import LockedValue

/// A serial queue double with virtual time: it holds every block until the test runs it, so a
/// feature that waits 30 seconds is tested in microseconds.
///
/// Time starts at zero when the queue is created and moves only when the test says:
///
/// ```swift
/// // Feature: Bookshelf's SearchSessionTimeout expires 30 s after the last
/// // input
/// let queue = ManualDispatchQueue()
/// let timeout = SearchSessionTimeout(queue: queue, timeout: .seconds(30))
/// timeout.inputReceived()
/// queue.advance(by: .seconds(29))
/// #expect(timeout.hasTimedOut == false)
/// queue.advance(by: .seconds(1))
/// #expect(timeout.hasTimedOut)
/// ```
///
/// - Blocks run in deadline order; blocks with the same deadline run in submission order.
/// - A deadline written inline (`.now() + 0.3`) or made from the queue's own ``now``
///   (`queue.now + 0.3`) is exact to the nanosecond and never depends on the real clock or the
///   machine's load.
/// - A `DispatchTime` made from the real clock elsewhere and passed in as a value is measured
///   against the real clock when it is scheduled and rounded up to the whole millisecond (see
///   <doc:DispatchQueueInterface-Guide> for the exact rule and its limits).
/// - A block scheduled while another runs is honoured: ``advance(by:)`` runs it if it falls due
///   within the step.
/// - A `DispatchWorkItem` cancelled before its turn is skipped.
/// - `sync` runs its block at once; called from inside the queue's own work, where a real
///   serial queue would deadlock, it runs the block too and records a
///   ``DispatchQueueMisuse``.
///
/// Every method is thread-safe; blocks run on the thread that calls the run method.
public final class ManualDispatchQueue: DispatchQueueInterface {
    private struct State {
        var now: Int64 = 0
        var nextSequence = 0
        var blocks = BlockHeap()
        /// The pending work items by submission index: the only entries that can be cancelled
        /// behind the queue's back, so counting pending blocks looks at these alone.
        var workItems: [Int: DispatchWorkItem] = [:]
        /// Real-clock deadlines already mapped, by raw value: the same `DispatchTime` always
        /// gets the same virtual deadline, however much real time passes between its uses.
        var realDeadlines: [UInt64: Int64] = [:]

        /// Removes the earliest block if it is due by `limit`, moving virtual time to its deadline.
        mutating func removeEarliest(dueBy limit: Int64) -> QueuedWork? {
            guard let entry = blocks.removeEarliest(dueBy: limit) else { return nil }
            if entry.work.isWorkItem { workItems[entry.sequence] = nil }
            if entry.deadline > now { now = entry.deadline }
            return entry.work
        }

        /// Moves virtual time to the earliest block's deadline if it is due by `limit`.
        ///
        /// - Returns: Whether a block is due by `limit`.
        mutating func reach(dueBy limit: Int64) -> Bool {
            guard let deadline = blocks.earliestDeadline, deadline <= limit else { return false }
            now = max(now, deadline)
            return true
        }

        /// Pending blocks, cancelled work items left out: O(1) unless work items are pending.
        var liveCount: Int {
            guard !workItems.isEmpty else { return blocks.count }
            var cancelled = 0
            for item in workItems.values where item.isCancelled { cancelled += 1 }
            return blocks.count - cancelled
        }
    }

    /// The queue's label, used in misuse messages.
    public let label: String
    /// Whether this double stands in for the main queue.
    public let isMainQueue: Bool
    /// The most blocks one run method runs before it stops and records runaway work.
    public let blockLimitPerRun: Int

    private let state = Locked(State())
    private let misuseLog: MisuseLog<DispatchQueueMisuse>
    private let runningThreads = RunningThreads()
    private let deadlineReader = VirtualDelay.DeadlineReader()

    /// Creates an empty queue at virtual time zero.
    ///
    /// ```swift
    /// let main = ManualDispatchQueue(label: "main", isMainQueue: true)
    /// ```
    ///
    /// - Parameters:
    ///   - label: A label for messages.
    ///   - isMainQueue: Whether it stands in for the main queue (answers ``isMainQueue``).
    ///   - blockLimitPerRun: The most blocks one run method runs before it stops and records
    ///     ``DispatchQueueMisuse/Kind/runawayWork`` (work that keeps rescheduling itself).
    ///   - onMisuse: Called with each misuse as it is recorded, on the thread that made it.
    public init(
        label: String = "ManualDispatchQueue",
        isMainQueue: Bool = false,
        blockLimitPerRun: Int = 1_000_000,
        onMisuse: (@Sendable (DispatchQueueMisuse) -> Void)? = nil
    ) {
        self.label = label
        self.isMainQueue = isMainQueue
        self.blockLimitPerRun = max(1, blockLimitPerRun)
        misuseLog = MisuseLog(onRecord: onMisuse)
    }

    // MARK: Inspection

    /// The queue's virtual time, so a delay added to it is exact whatever the real clock does.
    ///
    /// A `DispatchTime`: schedule with `queue.now + delay`.
    ///
    /// ```swift
    /// let queue = ManualDispatchQueue()
    /// queue.asyncAfter(deadline: queue.now + .milliseconds(300)) {
    ///     print("search")
    /// }
    /// ```
    public var now: DispatchTime { VirtualDelay.dispatchTime(atOffset: state.withLock { $0.now }) }

    /// How far the virtual clock has moved since the queue was created.
    public var elapsed: DispatchTimeInterval { VirtualDelay.interval(nanoseconds: elapsedNanoseconds) }

    /// How far the virtual clock has moved since the queue was created, in nanoseconds.
    public var elapsedNanoseconds: Int64 { state.withLock { $0.now } }

    /// The blocks waiting to run, in the order they will run; cancelled work items are left out.
    public var pending: [ScheduledWork] {
        var entries = state.withLock { $0.blocks.entries }
        entries.removeAll { $0.work.isCancelled }
        entries.sort { ($0.deadline, $0.sequence) < ($1.deadline, $1.sequence) }
        return entries.map { entry in
            ScheduledWork(
                deadlineNanoseconds: entry.deadline == VirtualDelay.never ? nil : entry.deadline,
                submissionIndex: entry.sequence,
                kind: entry.kind,
                isWorkItem: entry.work.isWorkItem,
                qos: entry.qos
            )
        }
    }

    /// The number of blocks waiting to run, not counting cancelled work items.
    ///
    /// It takes constant time unless work items are pending, then time linear in the pending work
    /// items only.
    public var pendingCount: Int { state.withLock { $0.liveCount } }

    /// Whether no block is waiting to run.
    ///
    /// As cheap as ``pendingCount``.
    public var isIdle: Bool { pendingCount == 0 }

    /// The misuses recorded so far, oldest first.
    public var misuses: [DispatchQueueMisuse] { misuseLog.all }

    /// Returns the recorded misuses and forgets them, so each is reported once.
    ///
    /// - Returns: The misuses recorded since the last call.
    package func takeMisuses() -> [DispatchQueueMisuse] {
        misuseLog.take()
    }

    /// Whether the calling code is running inside one of this queue's blocks.
    public var isCurrentQueue: Bool { runningThreads.containsCurrentThread }

    // MARK: Running

    /// Runs the earliest pending block, moving virtual time forward to its deadline if needed.
    ///
    /// - Returns: Whether a block ran (`false` when nothing was pending).
    @discardableResult
    public func runNext() -> Bool {
        while let work = state.withLock({ $0.removeEarliest(dueBy: VirtualDelay.never - 1) }) {
            if runningThreads.running({ work.run() }) { return true }
        }
        return false
    }

    /// Runs every block that is due at the current virtual time, including blocks they schedule
    /// that are due at once; virtual time does not move.
    ///
    /// - Returns: How many blocks ran.
    @discardableResult
    public func runDue() -> Int {
        let limit = state.withLock { $0.now }
        return run(dueBy: limit, method: "runDue()")
    }

    /// Moves virtual time forward, running every block that falls due on the way in deadline order.
    ///
    /// Ties run in submission order, and blocks scheduled by blocks that ran are included.
    ///
    /// ```swift
    /// let queue = ManualDispatchQueue()
    /// queue.advance(by: .milliseconds(300))
    /// ```
    ///
    /// - Parameter interval: How far to move; a negative interval moves nothing and records a
    ///   ``DispatchQueueMisuse/Kind/negativeTimeStep``; `.never` runs everything but
    ///   `.distantFuture` work, like ``runAll()``.
    /// - Returns: How many blocks ran.
    @discardableResult
    public func advance(by interval: DispatchTimeInterval) -> Int {
        let step = VirtualDelay.nanoseconds(of: interval) ?? (VirtualDelay.never - 1)
        guard step >= 0 else {
            misuseLog.record(
                DispatchQueueMisuse(
                    kind: .negativeTimeStep,
                    queueLabel: label,
                    message:
                        "advance(by: \(VirtualDelay.describe(nanoseconds: step))) on queue '\(label)': virtual time cannot move backwards"
                ))
            return 0
        }
        let target = state.withLock { VirtualDelay.deadline(now: $0.now, delay: step) }
        return advance(toOffset: target, method: "advance(by: \(VirtualDelay.describe(nanoseconds: step)))")
    }

    /// Moves virtual time forward to a deadline, running every block due by then.
    ///
    /// Make `deadline` from ``now``; a deadline in the past moves nothing.
    ///
    /// ```swift
    /// let queue = ManualDispatchQueue()
    /// let viewModel = BookSearchViewModel(queue: queue) { _ in [] }
    /// let start = queue.now
    /// viewModel.queryChanged("dune")
    /// queue.advance(to: start + .milliseconds(300))
    /// ```
    ///
    /// - Parameter deadline: The time to move to.
    /// - Returns: How many blocks ran.
    @discardableResult
    public func advance(to deadline: DispatchTime) -> Int {
        let due = deadlineReader.read(deadline)
        let target = state.withLock { due.virtualDeadline(now: $0.now, realDeadlines: &$0.realDeadlines) }
        return advance(toOffset: min(target, VirtualDelay.never - 1), method: "advance(to:)")
    }

    private func advance(toOffset target: Int64, method: @autoclosure () -> String) -> Int {
        let count = run(dueBy: target, method: method())
        state.withLock { $0.now = max($0.now, target) }
        return count
    }

    /// Runs blocks until none is pending, moving virtual time to each block's deadline in turn.
    ///
    /// Work scheduled at `.distantFuture` never runs and stays pending.
    ///
    /// - Returns: How many blocks ran.
    @discardableResult
    public func runAll() -> Int {
        run(dueBy: VirtualDelay.never - 1, method: "runAll()")
    }

    /// Drops every pending block without running it (their groups are left, so waiters are not
    /// stranded).
    ///
    /// - Returns: How many blocks were dropped.
    @discardableResult
    public func removeAllPending() -> Int {
        let dropped = state.withLock { state in
            state.workItems = [:]
            return state.blocks.removeAll()
        }
        for entry in dropped { entry.work.group?.leave() }
        return dropped.filter { !$0.work.isCancelled }.count
    }

    /// Runs the blocks due by `limit` one by one, at most ``blockLimitPerRun`` of them. The thread
    /// is marked as inside the queue once for the whole run (no user code runs between two
    /// blocks), so each block costs one lock. `method` names the calling method in a runaway-work
    /// message; it is built only then.
    private func run(dueBy limit: Int64, method: @autoclosure () -> String) -> Int {
        var count = 0
        runningThreads.running {
            while count < blockLimitPerRun, let work = state.withLock({ $0.removeEarliest(dueBy: limit) }) {
                if work.run() { count += 1 }
            }
        }
        // Past the limit, the next due block's deadline is still reached, as if it were to run.
        guard count == blockLimitPerRun, state.withLock({ $0.reach(dueBy: limit) }) else { return count }
        misuseLog.record(
            DispatchQueueMisuse(
                kind: .runawayWork,
                queueLabel: label,
                message: "\(method()) on queue '\(label)' stopped after \(blockLimitPerRun) blocks: "
                    + "the work keeps scheduling more work (a repeating timer?); "
                    + "use runNext() or advance(by:) to step through it"
            ))
        return count
    }

    // MARK: DispatchQueueInterface

    /// Holds the work until the test runs it, due at the current virtual time or at the time's
    /// virtual deadline.
    ///
    /// A delay written inline (`.now() + 0.3`) and a deadline made from ``now`` are exact; a
    /// deadline made from the real clock is measured against it and rounded up to the
    /// millisecond. The wall clock and the uptime clock are one virtual clock here. The quality of
    /// service is recorded for inspection; flags are ignored, as the queue is serial.
    ///
    /// - Parameters:
    ///   - work: The closure, entering its group now and leaving it when it runs, or the work
    ///     item, skipped if cancelled before its turn.
    ///   - time: When it is due.
    public func schedule(_ work: QueueWork, at time: QueueTime) {
        let due: VirtualDelay.Due
        let kind: ScheduledWork.Kind
        switch time {
        case .now: (due, kind) = (.now, .async)
        case .deadline(let deadline): (due, kind) = (deadlineReader.read(deadline), .asyncAfterDeadline)
        case .delay(let delay): (due, kind) = (deadlineReader.read(delay), .asyncAfterDeadline)
        case .wallDeadline(let deadline): (due, kind) = (deadlineReader.read(deadline), .asyncAfterWallDeadline)
        case .wallDelay(let delay): (due, kind) = (deadlineReader.read(delay), .asyncAfterWallDeadline)
        }
        var qos = DispatchQoS.QoSClass.unspecified
        if case .closure(_, _, let closureQoS, _) = work { qos = closureQoS.qosClass }
        enqueue(QueuedWork(work), due: due, kind: kind, qos: qos)
    }

    /// Runs the work at once, as an idle serial queue would.
    ///
    /// Called from inside this queue's own work, where a real serial queue deadlocks, it records a
    /// ``DispatchQueueMisuse/Kind/syncFromOwnWork`` and still runs `work` so the test goes on.
    ///
    /// - Parameter work: The work.
    /// - Returns: What `work` returns.
    public func performSync<T>(_ work: () throws -> T) rethrows -> T {
        try runningThreads.performSync(onReentry: { misuseLog.record(.syncFromOwnWork(on: label)) }, work)
    }

    // MARK: Internals

    private func enqueue(
        _ work: QueuedWork,
        due: VirtualDelay.Due,
        kind: ScheduledWork.Kind,
        qos: DispatchQoS.QoSClass
    ) {
        state.withLock { state in
            let deadline = due.virtualDeadline(now: state.now, realDeadlines: &state.realDeadlines)
            let sequence = state.nextSequence
            state.nextSequence += 1
            if case .workItem(let item) = work { state.workItems[sequence] = item }
            state.blocks.push(BlockHeap.Entry(deadline: deadline, sequence: sequence, work: work, kind: kind, qos: qos))
        }
    }
}
