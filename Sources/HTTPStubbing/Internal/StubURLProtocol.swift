import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `URLProtocol` behind every registry. Each registry uses its own generic
/// specialisation, `StubURLProtocol<Tag>`, and finds itself through ``RegistryDirectory`` by
/// that class.
///
/// The path is one way: per hop the protocol asks the registry once for a plan, delivers it, and
/// tells the registry once how it ended (not at all when the outcome was recorded with the
/// claim). Redirects, scheduling and the thread client calls are made on differ by platform:
/// see `StubURLProtocol+Apple.swift` and `StubURLProtocol+Linux.swift`.
///
/// Every task ends in exactly one terminal client call (`urlProtocolDidFinishLoading` or
/// `urlProtocol(_:didFailWithError:)`) unless `stopLoading` comes first; after `stopLoading` no
/// client call starts. The phase is kept under a lock because a delayed delivery may run on
/// another thread than `stopLoading`.
///
/// The registry is held weakly: work still scheduled for a cancelled or slow request never
/// keeps a test's registry (and the failures it keeps for the test) alive after the test.
class StubURLProtocolBase: URLProtocol {
    enum Phase {
        case idle, loading, finished, stopped
    }

    struct State {
        var phase = Phase.idle
        weak var registry: HTTPStubRegistry?
        /// The recorded hop in flight whose outcome is not recorded yet: `stopLoading` records it
        /// as cancelled.
        var recordIndex: Int?
        /// The registry's session, held while this request loads: work scheduled for later must
        /// not outlive the session it reports to.
        var session: URLSession?
        /// Where late work talks to the client, and the work scheduled for later.
        var loading: LoadingContext
    }

    let state = Locked(State(loading: LoadingContext()))

    /// Held while work that started off the loading thread talks to the client, and by
    /// `stopLoading()`: once `stopLoading()` returns, no delivery is under way or can start, so the
    /// client is never called for a task whose session is already gone (on Linux that call
    /// reads freed memory). Recursive, because a client call may stop the task on the same thread.
    private let deliveryGate = NSRecursiveLock()

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let (first, redirect, answer, binding) = firstAnswer() else { return }
        handle(answer, for: first, after: redirect, hops: 0, binding: binding, inStartLoading: true)
    }

    /// Finds the registry, and asks it for the first hop's answer. The registry is held only in
    /// here: the terminal client call lets the test go on and release its registry, and the last
    /// reference must not be this thread's, or the registry's deinit would report the failures
    /// it keeps on URLSession's thread, where no test is current.
    private func firstAnswer() -> (RecordedHTTPRequest, RedirectedHop?, HopAnswer, SessionBinding?)? {
        let entry = RegistryDirectory.entry(for: type(of: self))
        let context = LoadingContext.current(for: task)
        state.withLock { state in
            state.phase = .loading
            state.registry = entry?.registry
            state.session = entry?.binding?.session
            state.loading = context
        }
        guard let registry = entry?.registry else {
            failUnregistered(request.url ?? URL(fileURLWithPath: "/"))
            return nil
        }
        let sent = RecordedHTTPRequest(request)
        let (first, redirect) = firstHop(entry?.binding?.addingAdditionalHeaders(to: sent) ?? sent, binding: entry?.binding)
        return (first, redirect, registry.answer(first, after: redirect), entry?.binding)
    }

    override func stopLoading() {
        withDeliveryGate {
            let stopped = state.withLock { state -> (HTTPStubRegistry?, Int?)? in
                guard state.phase == .loading else { return nil }
                state.phase = .stopped
                state.session = nil
                state.loading.cancelScheduledWork()
                return (state.registry, state.recordIndex)
            }
            if let (registry, recordIndex) = stopped, let recordIndex {
                registry?.finished(recordIndex, as: .cancelled)
            }
        }
    }

    // MARK: One hop

    /// Delivers the registry's answer for `request`: its plan, or what its unmatched-request
    /// handler answers later; `redirect` is the hop `request` follows, if any.
    func handle(
        _ answer: HopAnswer, for request: RecordedHTTPRequest, after redirect: RedirectedHop?, hops: Int, binding: SessionBinding?,
        inStartLoading: Bool = false
    ) {
        switch answer {
        case .deliver(let plan):
            if !plan.isSettled || redirect != nil {  // the hop in flight, for stopLoading to record
                state.withLock { $0.recordIndex = plan.isSettled ? nil : plan.recordIndex }
            }
            perform(plan, for: request, hops: hops, binding: binding, inStartLoading: inStartLoading)
        case .forward(let recordIndex, let handler):
            state.withLock { $0.recordIndex = recordIndex }
            nonisolated(unsafe) let loader = self  // as in schedule(afterNanoseconds:_:): state is locked
            handler.answer(request) { response in
                let plan = DeliveryPlan(answering: request, with: response, recordIndex: recordIndex, slicingRanges: false)
                loader.onLoadingThread { loader in loader.perform(plan, for: request, hops: hops, binding: binding) }
            }
        }
    }

    private func perform(
        _ plan: DeliveryPlan, for request: RecordedHTTPRequest, hops: Int, binding: SessionBinding?, inStartLoading: Bool = false
    ) {
        guard plan.delayNanoseconds > 0 else {
            // Inside startLoading URLSession calls stopLoading on the same thread (Apple) or the
            // same serial queue (Linux), so it cannot interleave until this returns.
            deliver(plan, for: request, hops: hops, binding: binding, synchronously: inStartLoading)
            return
        }
        // A delay past the request's timeout (the shorter of the request's and the
        // configuration's) ends as a silent server does: URLError.timedOut, and no response.
        let timeout = [self.request.timeoutInterval, binding?.requestTimeout ?? 0].filter { $0 > 0 }.min() ?? 0
        if timeout > 0, Double(plan.delayNanoseconds) > timeout * 1e9 {
            schedule(afterNanoseconds: UInt64(timeout * 1e9)) { loader in
                let error = URLErrorBox(
                    code: .timedOut, message: "The stubbed response was delayed past the request's timeout of \(timeout) s")
                loader.end(plan, as: .failed(urlErrorCode: error.code.rawValue)) {
                    $0.client?.urlProtocol($0, didFailWithError: error.urlError(for: request.url))
                }
            }
            return
        }
        schedule(afterNanoseconds: plan.delayNanoseconds) { loader in
            loader.deliver(plan, for: request, hops: hops, binding: binding)
        }
    }

    private func deliver(
        _ plan: DeliveryPlan, for request: RecordedHTTPRequest, hops: Int, binding: SessionBinding?, synchronously: Bool = false
    ) {
        switch plan.result {
        case .failure(let error, let url):
            end(plan) { $0.client?.urlProtocol($0, didFailWithError: (error as? URLErrorBox)?.urlError(for: url) ?? error) }
        case .response(let url, let statusCode, let headers, let body):
            guard let response = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers) else {
                let error = URLErrorBox(code: .badServerResponse, message: "Status code \(statusCode) cannot form an HTTP response")
                end(plan, as: .failed(urlErrorCode: error.code.rawValue)) {
                    $0.client?.urlProtocol($0, didFailWithError: error.urlError(for: url))
                }
                return
            }
            guard synchronously || isLoading() else { return }
            CookieJar.store(from: headers, for: url, in: binding)
            if let next = plan.next {
                redirect(to: next, with: response, body: body, plan: plan, from: request, hops: hops, binding: binding)
            } else {
                send(response, body: body, plan: plan, binding: binding)
            }
        }
    }

    /// Sends the response, its body (whole or throttled) and the end of the load.
    func send(_ response: HTTPURLResponse, body: Data, plan: DeliveryPlan, binding: SessionBinding?) {
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        guard let rate = plan.bytesPerSecond, body.count > 1 else {
            if !body.isEmpty { client?.urlProtocol(self, didLoad: body) }
            end(plan) { $0.client?.urlProtocolDidFinishLoading($0) }
            return
        }
        guard Self.deliversChunks(binding) else {
            // The whole body, once, after the time the chunks would have taken.
            let total = UInt64(min(Double(body.count) / Double(rate) * 1e9, Double(UInt64.max / 4)))
            schedule(afterNanoseconds: total) { loader in
                guard loader.isLoading() else { return }
                loader.client?.urlProtocol(loader, didLoad: body)
                loader.end(plan) { $0.client?.urlProtocolDidFinishLoading($0) }
            }
            return
        }
        // Up to 16 chunks spaced so the whole takes `body.count / rate` seconds.
        let chunkSize = (body.count + 15) / 16
        let chunks = stride(from: 0, to: body.count, by: chunkSize).map { offset in
            body.subdata(in: (body.startIndex + offset)..<(body.startIndex + min(offset + chunkSize, body.count)))
        }
        // Rounding the size up can leave fewer than 16 chunks: space the ones there are.
        let totalNanoseconds = Double(body.count) / Double(rate) * 1e9
        let interval = UInt64(min(totalNanoseconds / Double(chunks.count), Double(UInt64.max / 4)))
        sendChunk(0, of: chunks, every: interval, plan: plan)
    }

    private func sendChunk(_ index: Int, of chunks: [Data], every interval: UInt64, plan: DeliveryPlan) {
        guard index < chunks.count else {
            end(plan) { $0.client?.urlProtocolDidFinishLoading($0) }
            return
        }
        schedule(afterNanoseconds: interval) { loader in
            guard loader.isLoading() else { return }
            loader.client?.urlProtocol(loader, didLoad: chunks[index])
            loader.sendChunk(index + 1, of: chunks, every: interval, plan: plan)
        }
    }

    // MARK: Ending

    /// Ends the load once: tells the registry how the hop ended, unless the outcome is already
    /// recorded, then makes the client's terminal call. Does nothing when the task was stopped or
    /// already ended.
    func end(_ plan: DeliveryPlan, as outcome: RecordedHTTPRequest.Outcome? = nil, _ terminalCall: (StubURLProtocolBase) -> Void) {
        guard recordEnd(plan, as: outcome) else { return }
        terminalCall(self)
    }

    /// Claims the end and records the outcome; the registry is released before the terminal
    /// call (see `firstAnswer()`). `false` when the task was stopped or already ended.
    private func recordEnd(_ plan: DeliveryPlan, as outcome: RecordedHTTPRequest.Outcome?) -> Bool {
        guard let registry = claimEnd() else { return false }
        if let outcome {
            registry?.finished(plan.recordIndex, as: outcome)
        } else if !plan.isSettled {
            registry?.finished(plan.recordIndex, as: plan.outcome)
        }
        return true
    }

    /// Fails a request whose registry is gone, with a message saying to keep it alive.
    func failUnregistered(_ url: URL) {
        let error = URLErrorBox(
            code: .resourceUnavailable,
            message: "The HTTPStubRegistry that created this session was deallocated before the request "
                + "\(request.httpMethod ?? "GET") \(url.absoluteString); keep the registry alive while its session is in use."
        )
        guard claimEnd() != nil else { return }
        client?.urlProtocol(self, didFailWithError: error.urlError(for: url))
    }

    /// Moves from loading to finished and returns the registry (itself `nil` once deallocated);
    /// `nil` when the task was stopped or already ended.
    private func claimEnd() -> HTTPStubRegistry?? {
        state.withLock { state in
            guard state.phase == .loading else { return nil }
            state.phase = .finished  // `session` stays held through the client's last call
            state.loading.forgetScheduledWork()
            return .some(state.registry)
        }
    }

    /// The request for a redirect's next hop, with the cache policy and timeout of the one the
    /// client sent.
    static func urlRequest(for next: RecordedHTTPRequest, basedOn original: URLRequest) -> URLRequest {
        var request = URLRequest(url: next.url, cachePolicy: original.cachePolicy, timeoutInterval: original.timeoutInterval)
        request.httpMethod = next.method
        request.allHTTPHeaderFields = next.headers
        request.httpBody = next.body
        return request
    }

    func currentRegistry() -> HTTPStubRegistry? {
        state.withLock { $0.registry }
    }

    func withDeliveryGate(_ body: () -> Void) {
        deliveryGate.lock()
        defer { deliveryGate.unlock() }
        body()
    }

    func isLoading() -> Bool {
        state.withLock { $0.phase == .loading }
    }
}

/// One distinct `URLProtocol` class per `Tag`; see ``ProtocolClassTag``.
final class StubURLProtocol<Tag: ProtocolClassTag>: StubURLProtocolBase {}
