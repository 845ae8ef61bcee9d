import TestSupportCore

/// The count of events (calls, arrivals, handled actions) an owner has recorded and the tasks
/// waiting for it to reach a threshold, kept inside the owner's own lock so that recording an
/// event and waking its waiters needs no second lock.
@usableFromInline
struct DoublesWaitList: Sendable {
    @usableFromInline
    struct Waiter: Sendable {
        let threshold: Int
        let continuation: CheckedContinuation<Bool, Never>
        var timeoutTask: Task<Void, Never>?
    }

    /// How many events were recorded since creation or the last reset.
    @usableFromInline var count = 0
    var nextID: UInt64 = 0
    @usableFromInline var waiters: [UInt64: Waiter] = [:]

    @usableFromInline
    init() {}

    /// Counts one event; returns the waiters it satisfies (removed from the list), or `nil` when
    /// nobody waits: the common case, one comparison.
    @inlinable
    mutating func increment() -> [Waiter]? {
        count += 1
        if waiters.isEmpty { return nil }
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
    static func resume(_ ready: [Waiter]) {
        for waiter in ready {
            waiter.timeoutTask?.cancel()
            waiter.continuation.resume(returning: true)
        }
    }
}

/// A type that keeps a ``DoublesWaitList`` under its lock and lets tasks wait on it.
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
