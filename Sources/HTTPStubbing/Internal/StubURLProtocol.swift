import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupportCore

/// The `URLProtocol` behind every registry. Each registry uses its own generic
/// specialisation, `StubURLProtocol<Tag>`, and finds itself through ``RegistryDirectory`` by
/// that class.
///
/// Every task ends in exactly one terminal client call (`urlProtocolDidFinishLoading` or
/// `urlProtocol(_:didFailWithError:)`) unless `stopLoading` comes first; after `stopLoading`
/// no client call starts. The phase is kept under a lock because a delayed delivery runs on a
/// Dispatch thread while `stopLoading` runs on the session's.
class StubURLProtocolBase: URLProtocol {
    private enum Phase {
        case idle, loading, finished, stopped
    }

    private struct State {
        var phase = Phase.idle
        var registry: HTTPStubRegistry?
        var recordIndex: Int?
        var pendingDelivery: DispatchWorkItem?
    }

    private let state = Locked(State())

    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let registry = RegistryDirectory.registry(for: type(of: self))
        state.withLock { state in
            state.phase = .loading
            state.registry = registry
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
        let plan = registry.plan(for: request)
        state.withLock { $0.recordIndex = plan.recordIndex }
        guard let delay = plan.delay, delay > .zero else {
            deliver(plan, registry: registry)
            return
        }
        // The work item's block may be @Sendable (Apple's Dispatch overlay) while URLProtocol is
        // not: all this class's own mutable state is behind `state`'s lock, and URLProtocol's
        // request and client do not change after init, so the instance may cross to Dispatch.
        nonisolated(unsafe) let loader = self
        let delivery = DispatchWorkItem { loader.deliver(plan, registry: registry) }
        let scheduled = state.withLock { state -> Bool in
            guard state.phase == .loading else { return false }
            state.pendingDelivery = delivery
            return true
        }
        if scheduled {
            DispatchQueue.global().asyncAfter(deadline: .now() + delay.timeInterval, execute: delivery)
        }
    }

    override func stopLoading() {
        let stopped = state.withLock { state -> (DispatchWorkItem?, HTTPStubRegistry?, Int?)? in
            guard state.phase == .loading else { return nil }
            state.phase = .stopped
            defer { state.pendingDelivery = nil }
            return (state.pendingDelivery, state.registry, state.recordIndex)
        }
        guard let (delivery, registry, recordIndex) = stopped else { return }
        delivery?.cancel()
        if let registry, let recordIndex {
            registry.settle(recordIndex, as: .cancelled)
        }
    }

    private func deliver(_ plan: DeliveryPlan, registry: HTTPStubRegistry) {
        switch plan.result {
        case .response(let url, let statusCode, let headers, let body):
            guard let response = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: "HTTP/1.1", headerFields: headers) else {
                let error = URLErrorBox(code: .badServerResponse, message: "Status code \(statusCode) cannot form an HTTP response")
                if claimTerminal() {
                    registry.settle(plan.recordIndex, as: .failed(urlErrorCode: URLError.Code.badServerResponse.rawValue))
                    client?.urlProtocol(self, didFailWithError: error.urlError(for: url))
                }
                return
            }
            guard isLoading() else { return }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            if !body.isEmpty {
                guard isLoading() else { return }
                client?.urlProtocol(self, didLoad: body)
            }
            guard claimTerminal() else { return }
            registry.settle(plan.recordIndex, as: plan.outcome)
            client?.urlProtocolDidFinishLoading(self)
        case .failure(let error, let url):
            guard claimTerminal() else { return }
            registry.settle(plan.recordIndex, as: plan.outcome)
            client?.urlProtocol(self, didFailWithError: (error as? URLErrorBox)?.urlError(for: url) ?? error)
        }
    }

    private func failOnce(_ error: any Error) {
        guard claimTerminal() else { return }
        client?.urlProtocol(self, didFailWithError: error)
    }

    private func isLoading() -> Bool {
        state.withLock { $0.phase == .loading }
    }

    /// Moves from loading to finished; `false` when the task was stopped or already finished.
    private func claimTerminal() -> Bool {
        state.withLock { state in
            guard state.phase == .loading else { return false }
            state.phase = .finished
            state.pendingDelivery = nil
            return true
        }
    }
}

/// One distinct `URLProtocol` class per `Tag`; see ``ProtocolClassTag``.
final class StubURLProtocol<Tag: ProtocolClassTag>: StubURLProtocolBase {}
