import TestSupportCore

/// What feeds a recorder (a task iterating a sequence, an observation, a notification observer,
/// a Combine subscription); the recorder stops it when cancelled or released.
protocol RecordingSource: Sendable {
    /// Stops delivering values. Called at most once, from any thread.
    func cancel()
}

/// A source that is a task iterating an `AsyncSequence`.
struct TaskRecordingSource: RecordingSource {
    let task: Task<Void, Never>

    func cancel() { task.cancel() }
}

/// A source whose stopping is a closure (observers, subscriptions).
struct ClosureRecordingSource: RecordingSource {
    let stop: @Sendable () -> Void

    func cancel() { stop() }
}
