/// The package's one wait-with-timeout engine: a count an owner keeps (calls, arrivals, handled
/// actions, tasks sleeping on a clock) and the tasks waiting for it to reach a threshold, kept
/// inside the owner's own lock so that changing the count and waking its waiters needs no second
/// lock.
///
/// Spies, the recording store, async recorders and ``EventCounter`` count events with
/// ``increment()``; the test clock follows a level (how many tasks sleep on it) with
/// ``setCount(_:)``; a recorder whose source ended calls ``finish()``, which satisfies every wait.
@usableFromInline
package struct WaitList: Sendable {
    @usableFromInline
    package struct Waiter: Sendable {
        let threshold: Int
        let continuation: CheckedContinuation<Bool, Never>
        var timeoutTask: Task<Void, Never>?
    }

    /// How many events were recorded since creation or the last reset, or the level the owner
    /// follows.
    @usableFromInline package var count = 0
    /// Whether the count is final (the owner's source ended): every wait is satisfied at once.
    package private(set) var isFinished = false
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

    /// Marks the count final and returns every waiter (removed from the list), or `nil` when
    /// nobody waits; later waits return at once, whatever their threshold.
    package mutating func finish() -> [Waiter]? {
        isFinished = true
        if waiters.isEmpty { return nil }
        defer { waiters = [:] }
        return Array(waiters.values)
    }

    /// Whether a wait for `threshold` need wait no longer.
    func isReached(_ threshold: Int) -> Bool {
        count >= threshold || isFinished
    }

    @usableFromInline
    mutating func takeReady() -> [Waiter] {
        let ready = waiters.filter { isReached($0.value.threshold) }
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

extension WaitList {
    /// Runs a body on the wait list that `owner` keeps, under the owner's lock.
    ///
    /// A closure rather than a protocol the owner conforms to: the API baseline lists a public
    /// type's conformances, and spies, the store and the clock own wait lists.
    package typealias Access<Owner> = @Sendable (_ owner: Owner, _ body: (inout WaitList) -> Void) -> Void

    /// Waits until the count of the list `owner` keeps reaches `threshold` or `timeout` passes,
    /// resuming from a continuation the moment the event that reaches it is recorded.
    ///
    /// - Parameters:
    ///   - threshold: The count to wait for.
    ///   - timeout: How long to wait at most.
    ///   - owner: The object that keeps the list; the timeout holds it weakly.
    ///   - access: Runs a body on the owner's list under the owner's lock.
    /// - Returns: `true` when the count was reached, `false` on timeout or cancellation.
    package static func wait<Owner: AnyObject & Sendable>(
        for threshold: Int,
        timeout: WaitTimeout,
        in owner: Owner,
        access: @escaping Access<Owner>
    ) async -> Bool {
        var nextID: UInt64 = 0
        access(owner) { list in
            list.nextID += 1
            nextID = list.nextID
        }
        let id = nextID
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                var reachedAlready = false
                access(owner) { list in
                    if list.isReached(threshold) {
                        reachedAlready = true
                    } else {
                        list.waiters[id] = Waiter(threshold: threshold, continuation: continuation, timeoutTask: nil)
                    }
                }
                if reachedAlready {
                    continuation.resume(returning: true)
                    return
                }
                let timeoutTask = Task { [weak owner] in
                    try? await Task.sleep(nanoseconds: timeout.nanoseconds)
                    if let owner { expire(id, in: owner, access: access) }
                }
                var stillWaiting = false
                access(owner) { list in
                    guard list.waiters[id] != nil else { return }
                    list.waiters[id]?.timeoutTask = timeoutTask
                    stillWaiting = true
                }
                if !stillWaiting {
                    timeoutTask.cancel()
                } else if Task.isCancelled {
                    // Cancelled before the waiter was registered: the handler found nothing.
                    expire(id, in: owner, access: access)
                }
            }
        } onCancel: {
            expire(id, in: owner, access: access)
        }
    }

    private static func expire<Owner>(_ id: UInt64, in owner: Owner, access: Access<Owner>) {
        var expired: Waiter?
        access(owner) { list in
            expired = list.waiters[id]
            list.waiters[id] = nil
        }
        guard let expired else { return }
        expired.timeoutTask?.cancel()
        expired.continuation.resume(returning: false)
    }
}
