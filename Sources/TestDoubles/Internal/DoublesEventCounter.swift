import TestSupportCore

/// Counts events (calls, arrivals, dispatched actions) and lets a task await a count, resuming
/// it from a continuation the moment the count is reached: no polling, no sleeps on the
/// success path.
///
/// Owners call ``increment()`` after they record an event, outside their own lock, so the
/// waiters it resumes never run under it.
final class DoublesEventCounter: Sendable {
    private struct Waiter {
        let threshold: Int
        let continuation: CheckedContinuation<Bool, Never>
        var timeoutTask: Task<Void, Never>?
    }

    private struct State {
        var count = 0
        var nextID: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]
    }

    private let state = Locked(State())

    /// The current count.
    var count: Int { state.value.count }

    /// Adds one event and resumes every waiter whose threshold is now reached.
    func increment() {
        let ready = state.withLock { state -> [Waiter] in
            state.count += 1
            guard !state.waiters.isEmpty else { return [] }
            let count = state.count
            let ready = state.waiters.filter { $0.value.threshold <= count }
            for id in ready.keys { state.waiters[id] = nil }
            return Array(ready.values)
        }
        for waiter in ready {
            waiter.timeoutTask?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }

    /// Sets the count back to zero; pending waiters keep waiting for new events.
    func reset() {
        state.withLock { $0.count = 0 }
    }

    /// Waits until the count reaches `threshold` or `timeout` passes.
    ///
    /// The timeout is a plain number of nanoseconds so the counter, and the spies and stores
    /// that own one, stay usable below iOS 16 / macOS 13 where `Duration` does not exist.
    ///
    /// - Returns: `true` when the count was reached, `false` on timeout or cancellation.
    func wait(for threshold: Int, timeout: DoublesTimeout) async -> Bool {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let reachedAlready = state.withLock { state -> Bool in
                    if state.count >= threshold { return true }
                    state.waiters[id] = Waiter(threshold: threshold, continuation: continuation, timeoutTask: nil)
                    return false
                }
                if reachedAlready {
                    continuation.resume(returning: true)
                    return
                }
                let timeoutTask = Task { [weak self] in
                    try? await Task.sleep(nanoseconds: timeout.nanoseconds)
                    self?.expire(id)
                }
                let stillWaiting = state.withLock { state -> Bool in
                    guard state.waiters[id] != nil else { return false }
                    state.waiters[id]?.timeoutTask = timeoutTask
                    return true
                }
                if !stillWaiting {
                    timeoutTask.cancel()
                } else if Task.isCancelled {
                    // Cancelled before the waiter was registered: the handler found nothing.
                    expire(id)
                }
            }
        } onCancel: {
            expire(id)
        }
    }

    private func expire(_ id: UInt64) {
        let waiter = state.withLock { state -> Waiter? in
            let waiter = state.waiters[id]
            state.waiters[id] = nil
            return waiter
        }
        guard let waiter else { return }
        waiter.timeoutTask?.cancel()
        waiter.continuation.resume(returning: false)
    }
}
