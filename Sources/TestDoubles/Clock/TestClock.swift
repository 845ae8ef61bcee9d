import Dispatch
import TestSupportCore

/// A clock whose time moves only when the test says, stepping through deadlines one at a time and
/// letting woken work settle before the next.
///
/// A `Clock`: code that takes `some Clock<Duration>` is tested without real time and without "yield
/// many times and hope".
///
/// ```swift
/// // Feature: production code depends only on the standard `Clock` protocol.
/// func pollStatus(
///     clock: some Clock<Duration>, check: @Sendable () async -> Bool
/// ) async throws {
///     while await !check() { try await clock.sleep(for: .seconds(5)) }
/// }
///
/// // Test
/// let clock = TestClock()
/// let isReady = Locked(false)
/// let task = Task {
///     try await pollStatus(clock: clock, check: { isReady.withLock { $0 } })
/// }
/// // The poller is asleep: no yielding, no guessing
/// await clock.waitForSleepers(count: 1)
/// // It checks three times, once per 5 s deadline
/// await clock.advance(by: .seconds(15))
/// task.cancel()
/// ```
///
/// - ``advance(by:)`` sets ``now`` to the earliest deadline due, wakes that one sleeper (ties in
///   submission order), waits until its `sleep` has returned and its task sleeps on the clock
///   again (or, for work that finishes or waits elsewhere, a bounded settling time), and only
///   then moves to the next deadline. A woken task reads its own deadline as ``now``.
/// -
///   [`expectNoPendingSleepers()`](<doc:expectNoPendingSleepers(fileID:filePath:line:column:)>)
///   reports sleepers still
///   waiting at the end of the test and cancels them, so their tasks end.
/// - Cancelling a sleeping task resumes its `sleep` with `CancellationError`.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public final class TestClock: Clock, Sendable {
    /// A point on the test clock: how far it is from the clock's start.
    public struct Instant: InstantProtocol, Sendable, Hashable, CustomStringConvertible {
        /// The time since the clock's start.
        public var offset: Duration

        /// Creates an instant at an offset from the clock's start.
        ///
        /// - Parameter offset: The time since the start; zero by default.
        public init(offset: Duration = .zero) {
            self.offset = offset
        }

        /// The instant a duration later.
        ///
        /// - Parameter duration: The distance.
        /// - Returns: The later instant.
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The duration from this instant to another.
        ///
        /// - Parameter other: The other instant.
        /// - Returns: `other - self`.
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether one instant is earlier than another.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset from the clock's start, in seconds.
        ///
        /// Such as `5.0 seconds`.
        public var description: String { "\(offset)" }
    }

    private struct Sleeper {
        let id: Int
        /// The sleeping task, as `withUnsafeCurrentTask` identifies it.
        let task: Int
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// The one sleeper an `advance` has just woken and is letting settle.
    private struct Settling {
        let id: Int
        let task: Int
        /// When the sleeper was resumed (real uptime), to measure how slowly the machine runs.
        let resumedAt: UInt64
        var sleepReturned = false
        var waiter: CheckedContinuation<Void, Never>?
    }

    private struct State {
        var now: Instant
        var nextID = 0
        var sleepers: [Sleeper] = []
        var cancelledBeforeRegistration: Set<Int> = []
        /// The tasks in `waitForSleepers`; its count follows `sleepers.count`.
        var sleeperWaits = WaitList()
        /// The time each woken task reads until it sleeps again: its own deadline, not the
        /// target of the `advance` that woke it.
        var taskNow: [Int: Instant] = [:]
        var settling: Settling?

        /// Adds a sleeper; returns the `waitForSleepers` waiters it satisfies.
        mutating func addSleeper(_ sleeper: Sleeper) -> [WaitList.Waiter]? {
            sleepers.append(sleeper)
            return sleeperWaits.setCount(sleepers.count)
        }

        /// Removes the sleeper at `index`.
        mutating func removeSleeper(at index: Int) -> Sleeper {
            let sleeper = sleepers.remove(at: index)
            _ = sleeperWaits.setCount(sleepers.count)
            return sleeper
        }

        /// Removes and returns every sleeper.
        mutating func removeAllSleepers() -> [Sleeper] {
            let all = sleepers
            sleepers = []
            _ = sleeperWaits.setCount(0)
            return all
        }

        /// Removes and returns the earliest sleeper due by `limit`, in (deadline, submission)
        /// order.
        mutating func takeEarliest(dueBy limit: Instant) -> Sleeper? {
            guard let index = sleepers.indices.min(by: { TestClock.wakeOrder(sleepers[$0], sleepers[$1]) }),
                sleepers[index].deadline <= limit
            else { return nil }
            return removeSleeper(at: index)
        }
    }

    /// How long `advance` keeps yielding, after a woken task's `sleep` has returned, for work
    /// that does not sleep on this clock again (it finishes, or waits on something else): at
    /// least this many yields and this much real time (times the machine's load, see
    /// `SchedulingLoad`), or 16 times as long as the woken task took to start running (at most a
    /// second), since a task's end cannot be observed.
    private static let settleYields = 64
    private static let settleNanoseconds: UInt64 = 20_000_000
    private static let maximumSettleNanoseconds: UInt64 = 1_000_000_000

    private let state: Locked<State>

    /// Creates a clock at a given instant.
    ///
    /// - Parameter now: The starting instant; the clock's zero by default.
    public init(now: Instant = Instant()) {
        state = Locked(State(now: now))
    }

    /// The current instant, which changes only when the test advances or runs the clock.
    ///
    /// It changes only through ``advance(by:)``, ``advance(to:)`` and
    /// [`run(maxSteps:)`](<doc:run(maxSteps:fileID:filePath:line:column:)>).
    /// A task woken by an advance reads its own
    /// deadline here until it sleeps again, as it would had the clock stopped there.
    public var now: Instant {
        let task = Self.currentTask
        return state.withLock { state in task.flatMap { state.taskNow[$0] } ?? state.now }
    }

    /// Zero: the clock is exact.
    public var minimumResolution: Duration { .zero }

    /// The number of tasks sleeping on the clock now.
    public var pendingSleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// The deadlines of the sleeping tasks, in the order they will wake.
    public var pendingSleeperDeadlines: [Instant] {
        state.withLock { $0.sleepers.sorted(by: Self.wakeOrder).map(\.deadline) }
    }

    /// Suspends until the clock reaches a deadline, or returns at once if it already has.
    ///
    /// - Parameters:
    ///   - deadline: When to wake.
    ///   - tolerance: Ignored: the clock is exact.
    /// - Throws: `CancellationError` if the task is cancelled before or while sleeping.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let task = Self.currentTask ?? -1
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        defer { sleepReturned(id: id) }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome {
                    case wakeNow, cancelled
                    case sleeping([WaitList.Waiter]?)
                }
                let outcome: Outcome = state.withLock { state in
                    if state.cancelledBeforeRegistration.remove(id) != nil { return .cancelled }
                    if deadline <= state.now {
                        // A woken task that lags behind the advance: it wakes at once and
                        // reads its own deadline as now, as if it had kept up.
                        if let own = state.taskNow[task], own < deadline { state.taskNow[task] = deadline }
                        return .wakeNow
                    }
                    let ready = state.addSleeper(Sleeper(id: id, task: task, deadline: deadline, continuation: continuation))
                    state.taskNow[task] = nil
                    return .sleeping(ready)
                }
                switch outcome {
                case .wakeNow:
                    continuation.resume()
                case .cancelled:
                    continuation.resume(throwing: CancellationError())
                case .sleeping(let ready):
                    if let ready { WaitList.resume(ready) }
                }
            }
        } onCancel: {
            let sleeper: Sleeper? = state.withLock { state in
                if let index = state.sleepers.firstIndex(where: { $0.id == id }) {
                    return state.removeSleeper(at: index)
                }
                state.cancelledBeforeRegistration.insert(id)
                return nil
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock forward by a duration, one deadline at a time, letting the woken work settle
    /// before the next.
    ///
    /// Each step sets ``now`` to the earliest deadline due, wakes that one sleeper, and lets the
    /// woken work settle (sleep on the clock again, or finish) before it moves on, so a loop that
    /// sleeps 1 s ticks three times for one advance of 3 s.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// await clock.advance(by: .seconds(5))
    /// ```
    ///
    /// - Parameter duration: How far to move; a negative duration is treated as zero.
    /// - Returns: How many sleeps were woken.
    @discardableResult
    public func advance(by duration: Duration) async -> Int {
        let target = state.withLock { $0.now.advanced(by: max(duration, .zero)) }
        return await advance(to: target)
    }

    /// Moves the clock forward to an instant, never backwards, stepping through the deadlines due
    /// by then one sleeper at a time.
    ///
    /// It steps as ``advance(by:)`` does.
    ///
    /// - Parameter instant: The instant to move to.
    /// - Returns: How many sleeps were woken.
    @discardableResult
    public func advance(to instant: Instant) async -> Int {
        var woken = 0
        while let sleeper = wakeEarliest(dueBy: instant) {
            woken += 1
            await settle(sleeper)
        }
        state.withLock { state in
            state.now = max(state.now, instant)
            state.taskNow = [:]
        }
        return woken
    }

    /// Steps to each next deadline until no task sleeps on the clock, the sleeps begun by woken
    /// tasks included.
    ///
    /// After `maxSteps` wakes (a loop that never ends) it stops and reports it.
    ///
    /// - Parameters:
    ///   - maxSteps: The most sleeps to wake before giving up.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: How many sleeps were woken.
    @discardableResult
    public func run(
        maxSteps: Int = 10_000,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Int {
        var woken = 0
        while let next = state.withLock({ $0.sleepers.min(by: Self.wakeOrder)?.deadline }) {
            guard woken < maxSteps else {
                FailureReporter.report(
                    "run() on the TestClock stopped after \(maxSteps) wakes at \(now): the code keeps sleeping "
                        + "(a loop or a timer?); step through it with advance(by:) instead",
                    at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
                )
                break
            }
            guard let sleeper = wakeEarliest(dueBy: next) else { break }
            woken += 1
            await settle(sleeper)
        }
        state.withLock { $0.taskNow = [:] }
        return woken
    }

    /// Moves `now` to the earliest deadline due by `limit` and resumes that one sleeper.
    private func wakeEarliest(dueBy limit: Instant) -> Sleeper? {
        let sleeper: Sleeper? = state.withLock { state in
            guard let sleeper = state.takeEarliest(dueBy: limit) else { return nil }
            state.now = max(state.now, sleeper.deadline)
            state.taskNow[sleeper.task] = sleeper.deadline
            state.settling = Settling(id: sleeper.id, task: sleeper.task, resumedAt: DispatchTime.now().uptimeNanoseconds)
            return sleeper
        }
        sleeper?.continuation.resume()
        return sleeper
    }

    /// Waits until the woken sleeper's `sleep` has returned and its task has slept on the clock
    /// again; work that does neither (it finishes, or waits on something else) gets
    /// `settleYields` yields, as the clock cannot observe a task end.
    private func settle(_ sleeper: Sleeper) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let ready = state.withLock { state in
                if state.settling?.sleepReturned == true { return true }
                state.settling?.waiter = continuation
                return false
            }
            if ready { continuation.resume() }
        }
        // The fallback adapts to the machine's load: a woken task that took long to start
        // running is given proportionally longer to reach its next sleep.
        let start = DispatchTime.now().uptimeNanoseconds
        let resumedAt = state.withLock { $0.settling?.resumedAt } ?? start
        let latency = start > resumedAt ? start - resumedAt : 0
        let patience = min(
            max(Self.settleNanoseconds * SchedulingLoad.factor, latency.multipliedReportingOverflow(by: 16).partialValue),
            Self.maximumSettleNanoseconds)
        var yields = 0
        while !state.withLock({ state in state.sleepers.contains { $0.task == sleeper.task } }) {
            if yields >= Self.settleYields, DispatchTime.now().uptimeNanoseconds - start >= patience { break }
            yields += 1
            await Task.yield()
        }
        state.withLock { $0.settling = nil }
    }

    /// Called as a `sleep` returns (woken, at once, or cancelled): the first half of settling.
    private func sleepReturned(id: Int) {
        let waiter: CheckedContinuation<Void, Never>? = state.withLock { state in
            guard state.settling?.id == id else { return nil }
            state.settling?.sleepReturned = true
            defer { state.settling?.waiter = nil }
            return state.settling?.waiter
        }
        waiter?.resume()
    }

    /// The current task, or `nil` outside a task.
    private static var currentTask: Int? {
        withUnsafeCurrentTask { $0?.hashValue }
    }

    /// Suspends until a number of tasks are sleeping on the clock.
    ///
    /// At least `count` tasks: the deterministic replacement for yielding and hoping the code under
    /// test has reached its `sleep`.
    ///
    /// It is woken by the sleep registration itself, not by polling. `timeout` is only a safety
    /// net for a test whose code never sleeps: it reports a failure at the caller's line
    /// instead of hanging.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// let fetch = makeFlakyCatalogFetch(
    ///     failures: 1, then: CatalogPage(books: [], nextPage: nil))
    /// let loader = RetryingCatalogLoader(
    ///     clock: clock, fetchPage: { try await fetch.call($0) })
    /// let task = Task { try await loader.load(page: 1) }
    /// await clock.waitForSleepers(count: 1)
    /// await clock.advance(by: .seconds(1))
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many sleepers to wait for.
    ///   - timeout: The real time after which to give up and report a failure.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: `true` once `count` tasks sleep; `false` after reporting a timeout or if the
    ///   waiting task was cancelled.
    @discardableResult
    public func waitForSleepers(
        count: Int,
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> Bool {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        // The timeout is only a safety net: the sleep registration itself resumes the wait.
        let satisfied = await WaitList.wait(for: count, timeout: timeout, in: self) { clock, body in
            clock.state.withLock { body(&$0.sleeperWaits) }
        }
        if !satisfied && !Task.isCancelled {
            let sleeping = state.withLock { $0.sleepers.sorted(by: Self.wakeOrder).map(\.deadline) }
            FailureReporter.report(
                "Timed out after \(timeout.text) waiting for \(count) sleeper(s) on the TestClock; "
                    + "\(sleeping.count) sleeping\(sleeping.isEmpty ? "" : " (until \(sleeping.map(\.description).joined(separator: ", ")))"). "
                    + "Did the code under test start, and does it sleep on this clock?",
                at: site
            )
        }
        return satisfied
    }

    /// Reports a failure at the caller's line if any task is still sleeping on the clock, then
    /// cancels those sleeps so the tasks can end.
    ///
    /// ```swift
    /// let clock = TestClock()
    /// await clock.advance(by: .seconds(30))
    /// clock.expectNoPendingSleepers()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNoPendingSleepers(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let (now, left) = state.withLock { state in
            (state.now, state.removeAllSleepers().sorted(by: Self.wakeOrder))
        }
        guard !left.isEmpty else { return }
        FailureReporter.report(
            "Expected no pending sleepers on the TestClock at \(now), found \(left.count) sleeping until "
                + left.map(\.deadline.description).joined(separator: ", ")
                + "; they were cancelled",
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
        for sleeper in left { sleeper.continuation.resume(throwing: CancellationError()) }
    }

    private static func wakeOrder(_ lhs: Sleeper, _ rhs: Sleeper) -> Bool {
        lhs.deadline != rhs.deadline ? lhs.deadline < rhs.deadline : lhs.id < rhs.id
    }
}
