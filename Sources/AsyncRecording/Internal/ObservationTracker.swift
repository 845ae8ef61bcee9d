#if canImport(Observation)
import Foundation
import Observation
import TestSupportCore

/// Records an observed property: its value when tracking starts, then the value each change
/// stored.
///
/// Observation calls the change handler on the thread making the change, before it stores the new
/// value. So the handler reads the property there, where reading it is safe, and gets the value
/// the previous change stored; it records that value if nothing recorded it yet, and tracks the
/// property again before the store, so no later change goes unseen. The value of the latest change
/// is read once that change is complete: on the main actor after the current turn when the change
/// was made there; otherwise on the main actor as soon as it differs from the value before the
/// change (an `Equatable` value), or after one hop (any other value).
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
final class ObservationTracker<Value: Sendable>: Sendable {
    /// Reads the property, and tracks it again when given a change handler; `nil` once the object
    /// is gone.
    typealias Reader = (_ onChange: (@Sendable () -> Void)?) -> Value?

    struct State {
        /// Not Sendable (it holds the object weakly and its key path): it runs on the thread
        /// making a change, under the lock, or on the main actor, where the object's own code
        /// reads it.
        var read: Reader
        var isStopped = false
        /// Changes reported so far.
        var changes = 0
        /// Changes whose stored value is recorded (or coalesced into a later one).
        var settled = 0
        /// The value before the latest reported change, read on the changing thread.
        var before: Value?
        /// Whether a task is reading the value of a change made off the main actor.
        var isSettling = false
        /// The value recorded last.
        var recorded: Value?
    }

    private let storage: RecorderStorage<Value>
    private let state: Locked<State>

    init(storage: RecorderStorage<Value>, read: @escaping Reader) {
        self.storage = storage
        self.state = Locked(State(read: read))
    }

    /// A reader for one property of one object, holding the object weakly.
    static func reader<Subject: Observable & AnyObject>(of subject: Subject, _ keyPath: KeyPath<Subject, Value>) -> Reader {
        { [weak subject] onChange in
            guard let subject else { return nil }
            guard let onChange else { return subject[keyPath: keyPath] }
            return withObservationTracking {
                subject[keyPath: keyPath]
            } onChange: {
                onChange()
            }
        }
    }

    /// Records the current value and starts tracking.
    func start() {
        state.withLock { state in
            if let value = state.read({ [self] in changeBegan() }) { record(value, in: &state) }
        }
    }

    /// Stops recording; called once, from any thread.
    func stop() {
        state.withLock { $0.isStopped = true }
    }

    /// On the changing thread, before the store: records the previous change's value if it is
    /// not recorded yet, and tracks the property again.
    private func changeBegan() {
        let onMainThread = Thread.isMainThread
        // Values are received under the lock, so they are recorded in the order of the changes.
        let startSettling = state.withLock { state -> Bool in
            guard !state.isStopped else { return false }
            state.changes += 1
            let current = state.read { [self] in changeBegan() }
            state.before = current
            if state.settled < state.changes - 1, let current {
                state.settled = state.changes - 1
                record(current, in: &state)
            }
            let startSettling = !onMainThread && !state.isSettling
            if startSettling { state.isSettling = true }
            return startSettling
        }
        if onMainThread {
            Task { @MainActor in self.settleAfterTurn() }
        } else if startSettling {
            Task { @MainActor in await self.settleOffMain() }
        }
    }

    /// Records the latest change's value, read after the main-actor turn that made it.
    @MainActor
    private func settleAfterTurn() {
        state.withLock { state in
            guard !state.isStopped, state.settled < state.changes, let value = state.read(nil) else { return }
            state.settled = state.changes
            record(value, in: &state)
        }
    }

    /// Records the latest change made off the main actor once its value is stored: when it
    /// differs from the value before the change, or, for values that are not `Equatable`, after
    /// one hop. Gives up on a change that kept the value (it reported nothing new) after a second.
    @MainActor
    private func settleOffMain() async {
        let clock = ContinuousClock()
        var deadline = clock.now.advanced(by: .seconds(1))
        var tries = 0
        var lastChanges = -1
        while true {
            // The value is read outside the lock, so a model that holds a lock of its own while it
            // reports a change never waits on this one while this one waits on it.
            let pending = state.withLock { state -> (read: Reader, changes: Int, before: Value?)? in
                guard !state.isStopped, state.settled < state.changes else {
                    state.isSettling = false
                    return nil
                }
                return (state.read, state.changes, state.before)
            }
            guard let pending else { return }
            guard let value = pending.read(nil) else {
                state.withLock { $0.isSettling = false }
                return
            }
            if let before = pending.before, Self.isSame(value, before) == true {
                // Not stored yet, or stored unchanged: look again, for a second at most per change.
                if pending.changes != lastChanges {
                    lastChanges = pending.changes
                    deadline = clock.now.advanced(by: .seconds(1))
                    tries = 0
                }
                if clock.now >= deadline {
                    state.withLock { $0.settled = max($0.settled, pending.changes) }
                    continue
                }
                tries += 1
                if tries <= 10 {
                    await Task.yield()
                } else {
                    try? await Task.sleep(nanoseconds: 1_000_000)
                }
                continue
            }
            // Recorded only if no change began since the read; otherwise look again.
            state.withLock { state in
                guard !state.isStopped, state.changes == pending.changes, state.settled < pending.changes else { return }
                state.settled = pending.changes
                record(value, in: &state)
            }
        }
    }

    /// Records a value, under the lock so values are recorded in the order of the changes,
    /// unless it equals the value recorded last: such a change kept the value.
    private func record(_ value: Value, in state: inout State) {
        if let recorded = state.recorded, Self.isSame(value, recorded) == true { return }
        state.recorded = value
        storage.receive(value)
    }

    /// Whether two values are equal: `nil` when the type is not `Equatable`.
    private static func isSame(_ lhs: Value, _ rhs: Value) -> Bool? {
        guard let lhs = lhs as? any Equatable else { return nil }
        return lhs.isEqual(to: rhs)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}
#endif
