import TestSupportCore

/// The package's one wait-with-timeout engine: a count an owner keeps (calls, arrivals, handled
/// actions, tasks sleeping on a clock) and the tasks waiting for it to reach a threshold, kept
/// inside the owner's own lock so that changing the count and waking its waiters needs no second
/// lock.
///
/// Spies, the recording store and ``DoublesEventCounter`` count events with ``increment()``;
/// ``TestClock`` follows a level (how many tasks sleep on it) with ``setCount(_:)``.
@usableFromInline
package struct DoublesWaitList: Sendable {
    @usableFromInline
    package struct Waiter: Sendable {
        let threshold: Int
        let continuation: CheckedContinuation<Bool, Never>
        var timeoutTask: Task<Void, Never>?
    }

    /// How many events were recorded since creation or the last reset, or the level the owner
    /// follows.
    @usableFromInline package var count = 0
    var nextID: UInt64 = 0
    @usableFromInline var waiters: [UInt64: Waiter] = [:]

    @usableFromInline
    package init() {}

    /// Counts one event; returns the waiters it satisfies (removed from the list), or `nil` when
    /// nobody waits: the common case, one comparison.
    @inlinable
    package mutating func increment() -> [Waiter]? {
        count += 1
        if waiters.isEmpty { return nil }
        return takeReady()
    }

    /// Sets the count to a level the owner follows; returns the waiters it satisfies (removed
    /// from the list), or `nil` when nobody waits or the count went down.
    package mutating func setCount(_ newCount: Int) -> [Waiter]? {
        let rose = newCount > count
        count = newCount
        if !rose || waiters.isEmpty { return nil }
        return takeReady()
    }

    @usableFromInline
    mutating func takeReady() -> [Waiter] {
        let ready = waiters.filter { $0.value.threshold <= count }
        for id in ready.keys { waiters[id] = nil }
        return Array(ready.values)
    }

    /// Resumes waiters taken from the list; call it outside the owner's lock.
    @usableFromInline
    package static func resume(_ ready: [Waiter]) {
        for waiter in ready {
            waiter.timeoutTask?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }
}

/// A type that keeps a ``DoublesWaitList`` under its lock and lets tasks wait on it.
///
/// Internal, not `package`: the API baseline lists a public type's conformances, and spies, the
/// store and the clock conform.
protocol DoublesWaitListOwner: AnyObject, Sendable {
    /// Runs `body` on the wait list under the owner's lock.
    func withWaitList<R>(_ body: (inout DoublesWaitList) -> R) -> R
}

extension DoublesWaitListOwner {
    /// Waits until the count reaches `threshold` or `timeout` passes, resuming from a
    /// continuation the moment the event that reaches it is recorded.
    ///
    /// - Returns: `true` when the count was reached, `false` on timeout or cancellation.
    func waitForCount(_ threshold: Int, timeout: DoublesTimeout) async -> Bool {
        let id = withWaitList { list -> UInt64 in
            list.nextID += 1
            return list.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let reachedAlready = withWaitList { list -> Bool in
                    if list.count >= threshold { return true }
                    list.waiters[id] = DoublesWaitList.Waiter(threshold: threshold, continuation: continuation, timeoutTask: nil)
                    return false
                }
                if reachedAlready {
                    continuation.resume(returning: true)
                    return
                }
                let timeoutTask = Task { [weak self] in
                    try? await Task.sleep(nanoseconds: timeout.nanoseconds)
                    self?.expireWaiter(id)
                }
                let stillWaiting = withWaitList { list -> Bool in
                    guard list.waiters[id] != nil else { return false }
                    list.waiters[id]?.timeoutTask = timeoutTask
                    return true
                }
                if !stillWaiting {
                    timeoutTask.cancel()
                } else if Task.isCancelled {
                    // Cancelled before the waiter was registered: the handler found nothing.
                    expireWaiter(id)
                }
            }
        } onCancel: {
            expireWaiter(id)
        }
    }

    private func expireWaiter(_ id: UInt64) {
        let waiter = withWaitList { list -> DoublesWaitList.Waiter? in
            let waiter = list.waiters[id]
            list.waiters[id] = nil
            return waiter
        }
        guard let waiter else { return }
        waiter.timeoutTask?.cancel()
        waiter.continuation.resume(returning: false)
    }
}
