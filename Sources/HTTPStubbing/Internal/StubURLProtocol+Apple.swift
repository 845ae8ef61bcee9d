#if canImport(ObjectiveC)
import Foundation

/// The loading thread's run loop, where URLSession expects client calls, and the timer that
/// delivers delayed work there.
struct LoadingContext {
    var runLoop: RunLoop?
    var timer: Timer?

    /// The context of the thread that calls `startLoading`.
    static func current(for task: URLSessionTask?) -> LoadingContext {
        LoadingContext(runLoop: RunLoop.current)
    }

    /// Stops the scheduled work; `stopLoading` runs on the loading thread, where the timer is.
    mutating func cancelScheduledWork() {
        timer?.invalidate()
        timer = nil
    }

    mutating func forgetScheduledWork() {
        timer = nil
    }
}

/// Apple platforms: URLSession follows redirects itself, asking its delegate, and starts a new
/// protocol instance for each hop; late work talks to the client on the loading thread's run
/// loop (as OHHTTPStubs does it).
extension StubURLProtocolBase {
    /// The request property naming the hop a redirect came from: its URL, record index and
    /// status code, as a property list.
    static let redirectedFromKey = "TestSupportKit.HTTPStubbing.redirectedFrom"

    /// The first hop of this instance, as the registry records it, and the hop it follows when
    /// URLSession followed a redirect. URLSession may leave cookies to the protocol, so the stored
    /// ones are added here; FoundationNetworking adds them before the protocol sees the request
    /// (measured).
    func firstHop(_ request: RecordedHTTPRequest, binding: SessionBinding?) -> (RecordedHTTPRequest, RedirectedHop?) {
        var hop = request
        if let cookies = binding?.cookieStorage { hop = CookieJar.addingCookies(from: cookies, to: hop) }
        guard let from = URLProtocol.property(forKey: Self.redirectedFromKey, in: self.request) as? [String], from.count == 3,
            let url = URL(string: from[0]), let recordIndex = Int(from[1]), let statusCode = Int(from[2])
        else { return (hop, nil) }
        hop.redirectedFrom = url
        return (hop, RedirectedHop(recordIndex: recordIndex, statusCode: statusCode))
    }

    /// Hands the redirect to URLSession, which asks its delegate.
    ///
    /// If the delegate follows it, URLSession stops this load and starts a new protocol instance
    /// for `next`, whose first call to the registry records this hop as redirected. If the
    /// delegate refuses it (its completion handler gets `nil`), URLSession completes the task with
    /// this response as the final one, so the response and its body follow the redirect and the
    /// load finishes, as for any response; until the next hop says otherwise, the hop is recorded
    /// as answered with its 3xx status.
    func redirect(
        to next: RecordedHTTPRequest, with response: HTTPURLResponse, body: Data, plan: DeliveryPlan, from request: RecordedHTTPRequest,
        hops: Int, binding: SessionBinding?
    ) {
        var final = plan
        final.outcome = .responded(statusCode: response.statusCode)
        let nextRequest = Self.urlRequest(
            for: next, basedOn: self.request, from: RedirectedHop(recordIndex: plan.recordIndex, statusCode: response.statusCode))
        client?.urlProtocol(self, wasRedirectedTo: nextRequest, redirectResponse: response)
        guard isLoading() else { return }
        send(response, body: body, plan: final, binding: binding)
    }

    private static func urlRequest(for next: RecordedHTTPRequest, basedOn original: URLRequest, from hop: RedirectedHop) -> URLRequest {
        var request = urlRequest(for: next, basedOn: original)
        request.mainDocumentURL = original.mainDocumentURL
        if let mutable = (request as NSURLRequest).mutableCopy() as? NSMutableURLRequest, let from = next.redirectedFrom {
            URLProtocol.setProperty(
                [from.absoluteString, String(hop.recordIndex), String(hop.statusCode)], forKey: redirectedFromKey, in: mutable)
            return mutable as URLRequest
        }
        return request
    }

    /// A throttled body arrives in chunks.
    static func deliversChunks(_ binding: SessionBinding?) -> Bool { true }

    /// Runs `work` after `nanoseconds` on the loading thread's run loop, unless the task is
    /// stopped first.
    func schedule(afterNanoseconds nanoseconds: UInt64, _ work: @escaping @Sendable (StubURLProtocolBase) -> Void) {
        // URLProtocol is not Sendable, but all this class's own mutable state is behind
        // `state`'s lock and URLProtocol's request and client do not change after init, so the
        // instance may cross to the timer's thread.
        nonisolated(unsafe) let loader = self
        guard nanoseconds > 0 else {
            work(loader)
            return
        }
        let timer = Timer(timeInterval: TimeInterval(nanoseconds) / 1e9, repeats: false) { _ in loader.withDeliveryGate { work(loader) } }
        let runLoop = state.withLock { state -> RunLoop? in
            guard state.phase == .loading else { return nil }
            state.loading.timer = timer
            return state.loading.runLoop
        }
        runLoop?.add(timer, forMode: .common)
    }

    /// Runs `work`, which arrived on some other thread, excluded from `stopLoading` by the
    /// delivery gate.
    func onLoadingThread(_ work: @escaping @Sendable (StubURLProtocolBase) -> Void) {
        nonisolated(unsafe) let loader = self  // as in schedule(afterNanoseconds:_:): state is locked
        loader.withDeliveryGate { work(loader) }
    }
}
#endif
