import TestSupportCore

/// The values a recorder has received, how it ended, and the tasks waiting for more, behind one
/// lock so that receiving a value and waking its waiters needs no second lock.
final class RecorderStorage<Element: Sendable>: Sendable {
    /// How the recorded source ended.
    enum Completion: Sendable {
        case finished
        case failure(any Error)
    }

    struct Waiter: Sendable {
        /// The number of values (consumed or not) that satisfies the waiter.
        let count: Int
        let continuation: CheckedContinuation<Void, Never>
        var timeoutTask: Task<Void, Never>?
    }

    struct State: Sendable {
        var values: [Element] = []
        /// How many values `next()` and friends have handed out.
        var consumed = 0
        var completion: Completion?
        var nextWaiterID: UInt64 = 0
        var waiters: [UInt64: Waiter] = [:]

        /// Whether a waiter wanting `count` values need wait no longer.
        func isSatisfied(_ count: Int) -> Bool {
            values.count >= count || completion != nil
        }

        mutating func takeSatisfied() -> [Waiter] {
            let ready = waiters.filter { isSatisfied($0.value.count) }
            for id in ready.keys { waiters[id] = nil }
            return Array(ready.values)
        }
    }

    let state = Locked(State())

    /// Records one value; ignored after the source completed, as Apple's sequences never send one.
    func receive(_ value: Element) {
        let ready = state.withLock { state -> [Waiter] in
            guard state.completion == nil else { return [] }
            state.values.append(value)
            return state.takeSatisfied()
        }
        Self.resume(ready)
    }

    /// Records the end of the source; only the first end counts.
    func complete(_ completion: Completion) {
        let ready = state.withLock { state -> [Waiter] in
            guard state.completion == nil else { return [] }
            state.completion = completion
            return state.takeSatisfied()
        }
        Self.resume(ready)
    }

    private static func resume(_ ready: [Waiter]) {
        for waiter in ready {
            waiter.timeoutTask?.cancel()
            waiter.continuation.resume()
        }
    }

    /// Waits until `count` values have arrived in all, the source ended, `timeout` passed or the
    /// task was cancelled; the caller reads the state afterwards to tell which.
    ///
    /// A zero timeout never suspends: it looks only at what has already arrived.
    func wait(forCount count: Int, timeout: RecordingTimeout) async {
        if state.withLock({ $0.isSatisfied(count) }) || timeout.nanoseconds == 0 { return }
        let id = state.withLock { state -> UInt64 in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let satisfied = state.withLock { state -> Bool in
                    if state.isSatisfied(count) { return true }
                    state.waiters[id] = Waiter(count: count, continuation: continuation, timeoutTask: nil)
                    return false
                }
                if satisfied {
                    continuation.resume()
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
        waiter.continuation.resume()
    }
}
