import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if !canImport(ObjectiveC) && canImport(CDispatch)
import CDispatch
#endif

/// The `URLProtocol` behind every registry. Each registry uses its own generic
/// specialisation, `StubURLProtocol<Tag>`, and finds itself through ``RegistryDirectory`` by
/// that class.
///
/// Every task ends in exactly one terminal client call (`urlProtocolDidFinishLoading`,
/// `urlProtocol(_:didFailWithError:)` or, on Apple platforms, `wasRedirectedTo`) unless
/// `stopLoading` comes first; after `stopLoading` no client call starts. The phase is kept
/// under a lock because a delayed delivery may run on another thread than `stopLoading`.
///
/// The registry is held weakly: work still scheduled for a cancelled or slow request never
/// keeps a test's registry (and the failures it keeps for the test) alive after the test.
///
/// Work that finishes after `startLoading` has returned (a delay, a throttled body, a redirect
/// the delegate answered, a pass-through response) talks to the client where URLSession expects
/// it: on Apple platforms on the loading thread's run loop; on Linux on the serial queue that
/// called `startLoading`, which FoundationNetworking also uses for its own task bookkeeping. A
/// client call from any other thread races that bookkeeping and can crash the process.
class StubURLProtocolBase: URLProtocol {
    private enum Phase {
        case idle, loading, finished, stopped
    }

    private struct State {
        var phase = Phase.idle
        weak var registry: HTTPStubRegistry?
        var recordIndex: Int?
        /// The registry's session, held while this request loads: work scheduled for later must
        /// not outlive the session it reports to.
        var session: URLSession?
        #if canImport(ObjectiveC)
        /// The loading thread's run loop: delayed work is delivered there, as URLSession expects.
        var runLoop: RunLoop?
        var timer: Timer?
        #else
        var pendingWork: DispatchWorkItem?
        /// The queue `startLoading` ran on: the task's serial work queue in FoundationNetworking.
        var loadingQueue: LoadingQueue?
        #endif
    }

    private let state = Locked(State())

    /// Held while work that started off the loading thread talks to the client, and by
    /// `stopLoading()`: once `stopLoading()` returns, no delivery is under way or can start, so the
    /// client is never called for a task whose session is already gone (on Linux that call
    /// reads freed memory). Recursive, because a client call may stop the task on the same thread.
    private let deliveryGate = NSRecursiveLock()

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let entry = RegistryDirectory.entry(for: type(of: self))
        let registry = entry?.registry
        let session = entry?.binding?.session
        state.withLock { state in
            state.phase = .loading
            state.registry = registry
            state.session = session
            #if canImport(ObjectiveC)
            state.runLoop = RunLoop.current
            #else
            state.loadingQueue = LoadingQueue.current(keeping: task)
            #endif
        }
        guard let registry else {
            let url = request.url ?? URL(fileURLWithPath: "/")
            let error = URLErrorBox(
                code: .resourceUnavailable,
                message: "The HTTPStubRegistry that created this session was deallocated before the request "
                    + "\(request.httpMethod ?? "GET") \(url.absoluteString); keep the registry alive while its session is in use."
            )
            failOnce(error.urlError(for: url))
            return
        }
        var recorded = RecordedHTTPRequest(request)
        #if canImport(ObjectiveC)
        // Apple's URLSession may leave cookies to the protocol; FoundationNetworking adds the
        // stored ones to the request before the protocol sees it (measured), so only Apple
        // platforms add them here.
        if let cookies = entry?.binding?.cookieStorage { recorded = CookieJar.addingCookies(from: cookies, to: recorded) }
        if let from = URLProtocol.property(forKey: Self.redirectedFromKey, in: request) as? String {
            recorded.redirectedFrom = URL(string: from)
        }
        #endif
        answer(recorded, hops: 0, delay: 0, registry: registry, binding: entry?.binding, inStartLoading: true)
    }

    override func stopLoading() {
        deliveryGate.lock()
        defer { deliveryGate.unlock() }
        let stopped = state.withLock { state -> (HTTPStubRegistry?, Int?)? in
            guard state.phase == .loading else { return nil }
            state.phase = .stopped
            state.session = nil
            #if canImport(ObjectiveC)
            state.timer?.invalidate()  // stopLoading runs on the loading thread, where the timer is
            state.timer = nil
            #else
            state.pendingWork?.cancel()
            state.pendingWork = nil
            #endif
            return (state.registry, state.recordIndex)
        }
        guard let (registry, recordIndex) = stopped else { return }
        if let registry, let recordIndex {
            registry.settle(recordIndex, as: .cancelled)
        }
    }

    // MARK: Answering hop by hop

    private func answer(
        _ request: RecordedHTTPRequest, hops: Int, delay: UInt64, registry: HTTPStubRegistry, binding: SessionBinding?,
        inStartLoading: Bool = false
    ) {
        switch registry.answer(request) {
        case .deliver(var plan):
            plan.delayNanoseconds = plan.delayNanoseconds &+ delay
            perform(plan, binding: binding, inStartLoading: inStartLoading)
        case .redirect(let next, let response):
            if case .response(let url, _, let headers, _) = response.result {
                CookieJar.store(from: headers, for: url, in: binding)
            }
            redirect(from: request, to: next, response: response, hops: hops, delay: delay, registry: registry, binding: binding)
        case .forward(let recordIndex, let handler):  // Replay/ hook: answered later, on any thread
            state.withLock { $0.recordIndex = recordIndex }
            nonisolated(unsafe) let loader = self  // as in schedule(afterNanoseconds:): state is locked
            handler.answer(request) { response in
                loader.onLoadingThread { loader in
                    loader.perform(
                        HTTPStubRegistry.forwardedPlan(response, for: request, recordIndex: recordIndex, delay: delay), binding: binding)
                }
            }
        }
    }

    #if canImport(ObjectiveC)
    static let redirectedFromKey = "TestSupportKit.HTTPStubbing.redirectedFrom"

    /// On Apple platforms the session follows redirects itself: it asks its delegate, then
    /// starts a new protocol instance for the next hop.
    private func redirect(
        from request: RecordedHTTPRequest, to next: RecordedHTTPRequest, response: DeliveryPlan, hops: Int, delay: UInt64,
        registry: HTTPStubRegistry, binding: SessionBinding?
    ) {
        guard case .response(let url, let statusCode, let headers, _) = response.result,
            let redirectResponse = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
        else {
            perform(response, binding: binding)
            return
        }
        let nextRequest = Self.urlRequest(for: next, basedOn: self.request)
        state.withLock { $0.recordIndex = response.recordIndex }
        schedule(afterNanoseconds: delay &+ response.delayNanoseconds) { loader in
            guard loader.claimTerminal() else { return }
            loader.currentRegistry()?.settle(response.recordIndex, as: .redirected(statusCode: statusCode, location: next.url))
            loader.client?.urlProtocol(loader, wasRedirectedTo: nextRequest, redirectResponse: redirectResponse)
        }
    }

    private static func urlRequest(for next: RecordedHTTPRequest, basedOn original: URLRequest) -> URLRequest {
        var request = URLRequest(url: next.url, cachePolicy: original.cachePolicy, timeoutInterval: original.timeoutInterval)
        request.httpMethod = next.method
        request.allHTTPHeaderFields = next.headers
        request.httpBody = next.body
        request.mainDocumentURL = original.mainDocumentURL
        if let mutable = (request as NSURLRequest).mutableCopy() as? NSMutableURLRequest, let from = next.redirectedFrom {
            URLProtocol.setProperty(from.absoluteString, forKey: redirectedFromKey, in: mutable)
            return mutable as URLRequest
        }
        return request
    }
    #else
    /// On Linux FoundationNetworking does not follow a protocol's redirects, so the registry
    /// follows them itself, asking the delegate of a session it made, as URLSession would.
    private func redirect(
        from request: RecordedHTTPRequest, to next: RecordedHTTPRequest, response: DeliveryPlan, hops: Int, delay: UInt64,
        registry: HTTPStubRegistry, binding: SessionBinding?
    ) {
        guard case .response(let url, let statusCode, let headers, _) = response.result else {
            perform(response, binding: binding)
            return
        }
        guard hops < HTTPStubRegistry.maximumRedirects else {
            let error = URLErrorBox(
                code: .httpTooManyRedirects,
                message: "More than \(HTTPStubRegistry.maximumRedirects) redirects, the last to \(next.url.absoluteString)")
            registry.settle(response.recordIndex, as: .redirected(statusCode: statusCode, location: next.url))
            perform(
                DeliveryPlan(
                    result: .failure(error, url: next.url), delayNanoseconds: delay, bytesPerSecond: nil,
                    recordIndex: response.recordIndex, outcome: .failed(urlErrorCode: error.code.rawValue), isSettled: false
                ), binding: binding)
            return
        }
        let hopDelay = delay &+ response.delayNanoseconds
        let proposed = Self.urlRequest(for: next, basedOn: self.request)
        nonisolated(unsafe) let loader = self
        let proceed: @Sendable (URLRequest?) -> Void = { chosen in
            guard let chosen else {
                // The delegate refused: the client receives the redirect response itself.
                var final = response
                final.delayNanoseconds = hopDelay
                loader.perform(final, binding: binding)
                return
            }
            registry.settle(response.recordIndex, as: .redirected(statusCode: statusCode, location: chosen.url ?? next.url))
            var hop = chosen == proposed ? next : RecordedHTTPRequest(chosen)
            hop.redirectedFrom = request.url
            if let cookies = binding?.cookieStorage {
                if request.header("Cookie") != nil, hop.header("Cookie") == request.header("Cookie") {
                    hop.headers = hop.headers.filter { $0.key.lowercased() != "cookie" }
                }
                hop = CookieJar.addingCookies(from: cookies, to: hop)
            }
            loader.answer(hop, hops: hops + 1, delay: hopDelay, registry: registry, binding: binding)
        }
        guard let session = binding?.session, let delegate = session.delegate as? URLSessionTaskDelegate, let task,
            let redirectResponse = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers)
        else {
            proceed(proposed)
            return
        }
        session.delegateQueue.addOperation {
            delegate.urlSession(session, task: task, willPerformHTTPRedirection: redirectResponse, newRequest: proposed) { chosen in
                loader.onLoadingThread { _ in proceed(chosen) }
            }
        }
    }

    private static func urlRequest(for next: RecordedHTTPRequest, basedOn original: URLRequest) -> URLRequest {
        var request = URLRequest(url: next.url, cachePolicy: original.cachePolicy, timeoutInterval: original.timeoutInterval)
        request.httpMethod = next.method
        request.allHTTPHeaderFields = next.headers
        request.httpBody = next.body
        return request
    }
    #endif

    // MARK: Delivering

    private func perform(_ plan: DeliveryPlan, binding: SessionBinding?, inStartLoading: Bool = false) {
        guard plan.delayNanoseconds > 0 else {
            // Inside startLoading URLSession calls stopLoading on the same thread (Apple) or the
            // same serial queue (Linux), so it cannot interleave until this returns.
            deliver(plan, binding: binding, synchronously: inStartLoading)
            return
        }
        state.withLock { $0.recordIndex = plan.recordIndex }  // for stopLoading to settle as cancelled
        schedule(afterNanoseconds: plan.delayNanoseconds) { loader in
            loader.deliver(plan, binding: binding)
        }
    }

    private func deliver(_ plan: DeliveryPlan, binding: SessionBinding?, synchronously: Bool = false) {
        switch plan.result {
        case .response(let url, let statusCode, let headers, let body):
            guard let response = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers) else {
                let error = URLErrorBox(code: .badServerResponse, message: "Status code \(statusCode) cannot form an HTTP response")
                if claimTerminal() {
                    currentRegistry()?.settle(plan.recordIndex, as: .failed(urlErrorCode: URLError.Code.badServerResponse.rawValue))
                    client?.urlProtocol(self, didFailWithError: error.urlError(for: url))
                }
                return
            }
            guard synchronously || isLoading() else { return }
            CookieJar.store(from: headers, for: url, in: binding)
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            if let rate = plan.bytesPerSecond, body.count > 1 {
                guard Self.deliversChunks(binding) else {
                    // The whole body, once, after the time the chunks would have taken.
                    let total = UInt64(min(Double(body.count) / Double(rate) * 1e9, Double(UInt64.max / 4)))
                    schedule(afterNanoseconds: total) { loader in
                        guard loader.isLoading() else { return }
                        loader.client?.urlProtocol(loader, didLoad: body)
                        loader.finish(plan)
                    }
                    return
                }
                deliverChunks(of: body, rate: rate, plan: plan)
                return
            }
            if !body.isEmpty {
                client?.urlProtocol(self, didLoad: body)
            }
            finish(plan)
        case .failure(let error, let url):
            guard claimTerminal() else { return }
            if !plan.isSettled { currentRegistry()?.settle(plan.recordIndex, as: plan.outcome) }
            client?.urlProtocol(self, didFailWithError: (error as? URLErrorBox)?.urlError(for: url) ?? error)
        }
    }

    /// Whether a throttled body may arrive in several pieces. FoundationNetworking keeps only the
    /// last piece a custom protocol delivers when the task has a completion handler or is async
    /// `data(for:)` (measured), so on Linux only sessions with a data delegate get chunks.
    private static func deliversChunks(_ binding: SessionBinding?) -> Bool {
        #if canImport(ObjectiveC)
        return true
        #else
        return binding?.session?.delegate is URLSessionDataDelegate
        #endif
    }

    /// Delivers `body` in up to 16 chunks spaced so the whole takes `body.count / rate` seconds.
    private func deliverChunks(of body: Data, rate: Int, plan: DeliveryPlan) {
        let chunkCount = min(16, body.count)
        let chunkSize = (body.count + chunkCount - 1) / chunkCount
        let totalNanoseconds = Double(body.count) / Double(rate) * 1e9
        let interval = UInt64(min(totalNanoseconds / Double(chunkCount), Double(UInt64.max / 4)))
        let chunks = stride(from: 0, to: body.count, by: chunkSize).map { offset in
            body.subdata(in: (body.startIndex + offset)..<(body.startIndex + min(offset + chunkSize, body.count)))
        }
        sendChunk(0, of: chunks, every: interval, plan: plan)
    }

    private func sendChunk(_ index: Int, of chunks: [Data], every interval: UInt64, plan: DeliveryPlan) {
        guard index < chunks.count else {
            finish(plan)
            return
        }
        schedule(afterNanoseconds: interval) { loader in
            guard loader.isLoading() else { return }
            loader.client?.urlProtocol(loader, didLoad: chunks[index])
            loader.sendChunk(index + 1, of: chunks, every: interval, plan: plan)
        }
    }

    private func finish(_ plan: DeliveryPlan) {
        guard claimTerminal() else { return }
        if !plan.isSettled { currentRegistry()?.settle(plan.recordIndex, as: plan.outcome) }
        client?.urlProtocolDidFinishLoading(self)
    }

    /// Runs `work` after `nanoseconds`, unless the task is stopped first: on Apple platforms by
    /// a timer on the loading thread's run loop (where URLSession expects client calls, as
    /// OHHTTPStubs does it), elsewhere on the queue that called `startLoading`.
    private func schedule(afterNanoseconds nanoseconds: UInt64, _ work: @escaping @Sendable (StubURLProtocolBase) -> Void) {
        // URLProtocol is not Sendable, but all this class's own mutable state is behind
        // `state`'s lock and URLProtocol's request and client do not change after init, so the
        // instance may cross to the timer or Dispatch thread.
        nonisolated(unsafe) let loader = self
        guard nanoseconds > 0 else {
            work(loader)
            return
        }
        let seconds = TimeInterval(nanoseconds) / 1e9
        #if canImport(ObjectiveC)
        let timer = Timer(timeInterval: seconds, repeats: false) { _ in loader.withDeliveryGate { work(loader) } }
        let runLoop = state.withLock { state -> RunLoop? in
            guard state.phase == .loading else { return nil }
            state.timer = timer
            return state.runLoop
        }
        runLoop?.add(timer, forMode: .common)
        #else
        let item = DispatchWorkItem { loader.onLoadingThread(work) }
        let scheduled = state.withLock { state -> Bool in
            guard state.phase == .loading else { return false }
            state.pendingWork = item
            return true
        }
        if scheduled {
            DispatchQueue.global().asyncAfter(deadline: .now() + seconds, execute: item)
        }
        #endif
    }

    /// Runs `work`, which arrived on some other thread, where the client may be called: on Linux
    /// on the queue that called `startLoading`, excluded from `stopLoading` by the delivery gate.
    private func onLoadingThread(_ work: @escaping @Sendable (StubURLProtocolBase) -> Void) {
        nonisolated(unsafe) let loader = self  // as in schedule(afterNanoseconds:): state is locked
        #if canImport(ObjectiveC)
        loader.withDeliveryGate { work(loader) }
        #else
        let queue = state.withLock { $0.loadingQueue }
        guard let queue else {
            loader.withDeliveryGate { work(loader) }
            return
        }
        queue.async { loader.withDeliveryGate { work(loader) } }
        #endif
    }

    private func failOnce(_ error: any Error) {
        guard claimTerminal() else { return }
        client?.urlProtocol(self, didFailWithError: error)
    }

    private func currentRegistry() -> HTTPStubRegistry? {
        state.withLock { $0.registry }
    }

    private func withDeliveryGate(_ body: () -> Void) {
        deliveryGate.lock()
        defer { deliveryGate.unlock() }
        body()
    }

    private func isLoading() -> Bool {
        state.withLock { $0.phase == .loading }
    }

    /// Moves from loading to finished; `false` when the task was stopped or already finished.
    private func claimTerminal() -> Bool {
        state.withLock { state in
            guard state.phase == .loading else { return false }
            state.phase = .finished  // `session` stays held through the client's last call
            #if canImport(ObjectiveC)
            state.timer = nil
            #else
            state.pendingWork = nil
            #endif
            return true
        }
    }
}

/// One distinct `URLProtocol` class per `Tag`; see ``ProtocolClassTag``.
final class StubURLProtocol<Tag: ProtocolClassTag>: StubURLProtocolBase {}
