#if !canImport(ObjectiveC)
#if canImport(CDispatch)
import CDispatch
#endif
import Foundation
import FoundationNetworking

/// The queue that called `startLoading`, where late work talks to the client, and the work
/// scheduled for later.
struct LoadingContext {
    var queue: LoadingQueue?
    var pendingWork: DispatchWorkItem?

    /// The context of the queue that calls `startLoading`.
    static func current(for task: URLSessionTask?) -> LoadingContext {
        LoadingContext(queue: LoadingQueue.current(keeping: task))
    }

    mutating func cancelScheduledWork() {
        pendingWork?.cancel()
        pendingWork = nil
    }

    mutating func forgetScheduledWork() {
        pendingWork = nil
    }
}

/// Linux: FoundationNetworking does not follow a protocol's redirects, so the registry follows
/// them itself, asking the delegate of a session it made, as URLSession would; late work talks to
/// the client on the serial queue that called `startLoading`, which FoundationNetworking also uses
/// for its own task bookkeeping. A client call from any other thread races that bookkeeping and
/// can crash the process.
extension StubURLProtocolBase {
    /// The first hop as the registry records it: FoundationNetworking has already added the
    /// stored cookies (measured), and follows no redirect itself.
    func firstHop(_ request: RecordedHTTPRequest, binding: SessionBinding?) -> (RecordedHTTPRequest, RedirectedHop?) {
        (request, nil)
    }

    /// Asks the session's delegate, as URLSession would, then follows the redirect (the next hop
    /// is answered by this instance) or, when the delegate refuses it, delivers this response as
    /// the final one.
    func redirect(
        to next: RecordedHTTPRequest, with response: HTTPURLResponse, body: Data, plan: DeliveryPlan, from request: RecordedHTTPRequest,
        hops: Int, binding: SessionBinding?
    ) {
        guard hops < HTTPStubRegistry.maximumRedirects else {
            let error = URLErrorBox(
                code: .httpTooManyRedirects,
                message: "More than \(HTTPStubRegistry.maximumRedirects) redirects, the last to \(next.url.absoluteString)")
            end(plan, as: .failed(urlErrorCode: error.code.rawValue)) {
                $0.client?.urlProtocol($0, didFailWithError: error.urlError(for: next.url))
            }
            return
        }
        let proposed = Self.urlRequest(for: next, basedOn: self.request)
        nonisolated(unsafe) let loader = self  // as in schedule(afterNanoseconds:_:): state is locked
        let proceed: @Sendable (URLRequest?) -> Void = { chosen in
            guard loader.isLoading() else { return }
            guard let chosen else {
                // The delegate refused: the client receives the redirect response as the final one.
                var final = plan
                final.outcome = .responded(statusCode: response.statusCode)
                loader.send(response, body: body, plan: final, binding: binding)
                return
            }
            guard let registry = loader.currentRegistry() else {
                loader.failUnregistered(chosen.url ?? next.url)
                return
            }
            var hop = chosen == proposed ? next : RecordedHTTPRequest(chosen)
            hop.redirectedFrom = request.url
            hop.urlRequest = chosen
            if let cookies = binding?.cookieStorage {
                // The previous hop's cookies give way to those stored for the new URL.
                if request.header("Cookie") != nil, hop.header("Cookie") == request.header("Cookie") {
                    hop.headers = hop.headers.filter { $0.key.lowercased() != "cookie" }
                }
                hop = CookieJar.addingCookies(from: cookies, to: hop)
            }
            let redirect = RedirectedHop(recordIndex: plan.recordIndex, statusCode: response.statusCode)
            loader.handle(registry.answer(hop, after: redirect), for: hop, after: redirect, hops: hops + 1, binding: binding)
        }
        guard let session = binding?.session, let delegate = session.delegate as? URLSessionTaskDelegate, let task else {
            proceed(proposed)
            return
        }
        session.delegateQueue.addOperation {
            delegate.urlSession(session, task: task, willPerformHTTPRedirection: response, newRequest: proposed) { chosen in
                loader.onLoadingThread { _ in proceed(chosen) }
            }
        }
    }

    /// Whether a throttled body may arrive in several pieces. FoundationNetworking keeps only the
    /// last piece a custom protocol delivers when the task has a completion handler or is async
    /// `data(for:)` (measured), so only sessions with a data delegate get chunks.
    static func deliversChunks(_ binding: SessionBinding?) -> Bool {
        binding?.session?.delegate is URLSessionDataDelegate
    }

    /// Runs `work` after `nanoseconds` on the queue that called `startLoading`, unless the task is
    /// stopped first.
    func schedule(afterNanoseconds nanoseconds: UInt64, _ work: @escaping @Sendable (StubURLProtocolBase) -> Void) {
        // URLProtocol is not Sendable, but all this class's own mutable state is behind
        // `state`'s lock and URLProtocol's request and client do not change after init, so the
        // instance may cross to the Dispatch thread.
        nonisolated(unsafe) let loader = self
        guard nanoseconds > 0 else {
            work(loader)
            return
        }
        let item = DispatchWorkItem { loader.onLoadingThread(work) }
        let scheduled = state.withLock { state -> Bool in
            guard state.phase == .loading else { return false }
            state.loading.pendingWork = item
            return true
        }
        if scheduled {
            DispatchQueue.global().asyncAfter(deadline: .now() + TimeInterval(nanoseconds) / 1e9, execute: item)
        }
    }

    /// Runs `work`, which arrived on some other thread, on the queue that called `startLoading`,
    /// excluded from `stopLoading` by the delivery gate.
    func onLoadingThread(_ work: @escaping @Sendable (StubURLProtocolBase) -> Void) {
        nonisolated(unsafe) let loader = self  // as in schedule(afterNanoseconds:_:): state is locked
        guard let queue = state.withLock({ $0.loading.queue }) else {
            loader.withDeliveryGate { work(loader) }
            return
        }
        queue.async { loader.withDeliveryGate { work(loader) } }
    }
}

/// The Dispatch queue a `URLProtocol` was started on, kept so that work finishing later can talk
/// to the protocol client there.
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
