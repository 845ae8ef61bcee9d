/// Counts events (arrivals, dispatched actions) in a ``WaitList`` under a lock of its own and
/// lets a task await a count, resuming it from a continuation the moment the count is reached:
/// no polling, no sleeps on the success path.
///
/// Owners call ``increment()`` after they record an event, outside their own lock, so the
/// waiters it resumes never run under it.
package final class EventCounter: Sendable {
    private let list = Locked(WaitList())

    package init() {}

    /// The current count.
    package var count: Int { list.withLock { $0.count } }

    /// Adds one event and resumes every waiter whose threshold is now reached.
    package func increment() {
        if let ready = list.withLock({ $0.increment() }) { WaitList.resume(ready) }
    }

    /// Sets the count back to zero; pending waiters keep waiting for new events.
    package func reset() {
        list.withLock { $0.count = 0 }
    }

    /// Waits until the count reaches `threshold` or `timeout` passes.
    ///
    /// - Returns: `true` when the count was reached, `false` on timeout or cancellation.
    package func wait(for threshold: Int, timeout: WaitTimeout) async -> Bool {
        await WaitList.wait(for: threshold, timeout: timeout, in: self) { counter, body in counter.list.withLock(body) }
    }
}
