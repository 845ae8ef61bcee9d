#if !canImport(ObjectiveC)
#if canImport(CDispatch)
import CDispatch
#endif
import Foundation
import FoundationNetworking

/// The Dispatch queue a `URLProtocol` was started on, kept so that work finishing later can talk
/// to the protocol client there (Linux only).
///
/// FoundationNetworking calls `startLoading` on the task's private serial work queue, which
/// targets the session's queue, and reads and changes its task bookkeeping only there. The
/// client methods read that bookkeeping too, so a client call made from any other thread races
/// it: with many tasks starting on one session at once that crashed the process inside
/// `URLSession.behaviour(for:)`. The queue is not public API; `dispatch_get_current_queue()` is
/// the one way to reach it, and is reliable here because the protocol created none of the queues
/// involved: it only sends work back to the queue it was called on. Where libdispatch's C
/// interface cannot be imported there is no such queue, and late work talks to the client from
/// the thread it finished on.
struct LoadingQueue: Sendable {
    #if canImport(CDispatch)
    /// The queue. It stays alive as long as `owner`, the task whose work queue it is. A raw
    /// pointer is not `Sendable`, but a Dispatch queue may be used from any thread.
    private nonisolated(unsafe) let queue: dispatch_queue_t
    /// The task that owns the queue, held so the queue outlives every block sent to it.
    private let owner: URLSessionTask?

    /// The queue the caller runs on, kept alive by `task`, which owns it.
    static func current(keeping task: URLSessionTask?) -> LoadingQueue? {
        LoadingQueue(queue: dispatch_get_current_queue(), owner: task)
    }

    /// Runs `work` on the queue, after the blocks already sent to it.
    func async(_ work: @escaping @Sendable () -> Void) {
        let owner = owner
        dispatch_async(queue) {
            withExtendedLifetime(owner) { work() }
        }
    }
    #else
    /// No queue can be reached without libdispatch's C interface.
    static func current(keeping task: URLSessionTask?) -> LoadingQueue? { nil }

    /// Never called: no value exists.
    func async(_ work: @escaping @Sendable () -> Void) { work() }
    #endif
}
#endif
