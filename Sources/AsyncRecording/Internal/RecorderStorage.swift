import TestSupportCore

/// The values a recorder has received, how it ended, and the tasks waiting for more, behind one
/// lock so that receiving a value and waking its waiters needs no second lock.
///
/// The waiting is the package's one wait list: its count is the number of values received, and
/// the end of the source finishes it, which satisfies every wait.
final class RecorderStorage<Element: Sendable>: Sendable {
    typealias Completion = RecordedCompletion

    struct State: Sendable {
        var values: [Element] = []
        /// How many values `next()` and friends have handed out.
        var consumed = 0
        var completion: Completion?
        /// Counts the values received (consumed or not); finished when the source ends.
        var waitList = WaitList()
    }

    let state = Locked(State())

    /// Records one value; ignored after the source completed, as Apple's sequences never send one.
    func receive(_ value: Element) {
        let ready = state.withLock { state -> [WaitList.Waiter]? in
            guard state.completion == nil else { return nil }
            state.values.append(value)
            return state.waitList.increment()
        }
        if let ready { WaitList.resume(ready) }
    }

    /// Records the end of the source; only the first end counts.
    func complete(_ completion: Completion) {
        let ready = state.withLock { state -> [WaitList.Waiter]? in
            guard state.completion == nil else { return nil }
            state.completion = completion
            return state.waitList.finish()
        }
        if let ready { WaitList.resume(ready) }
    }

    /// Waits until `count` values have arrived in all, the source ended, `timeout` passed or the
    /// task was cancelled: the recorder's one wait, whatever feeds it. The caller reads the state
    /// afterwards to tell which, and ``WaitEnd/cancelled`` from a timeout.
    ///
    /// A zero timeout never suspends: it looks only at what has already arrived.
    func wait(forCount count: Int, timeout: WaitTimeout) async -> WaitEnd {
        if timeout.nanoseconds > 0 {
            let reached = await WaitList.wait(for: count, timeout: timeout, in: self) { storage, body in
                storage.state.withLock { body(&$0.waitList) }
            }
            if reached { return .reached }
        } else if state.withLock({ $0.values.count >= count || $0.completion != nil }) {
            return .reached
        }
        return Task.isCancelled ? .cancelled : .timedOut
    }

    /// Why a wait returned.
    enum WaitEnd {
        /// The count was reached or the source ended.
        case reached
        /// The timeout passed first.
        case timedOut
        /// The waiting task was cancelled first.
        case cancelled
    }
}
