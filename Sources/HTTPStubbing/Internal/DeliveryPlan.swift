import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a protocol instance delivers for one hop: the registry decides it, the protocol
/// performs it (after the delay, unless the task is stopped first) and tells the registry once
/// how it ended.
struct DeliveryPlan: Sendable {
    enum Result: Sendable {
        case response(url: URL, statusCode: Int, headers: [String: String], body: Data)
        case failure(any Error & Sendable, url: URL)
    }

    let result: Result
    /// The wait before delivery, in nanoseconds; 0 for none.
    let delayNanoseconds: UInt64
    /// The body's delivery rate, or `nil` to deliver it in one piece.
    let bytesPerSecond: Int?
    /// The index of the recorded request this plan answers.
    let recordIndex: Int
    /// The outcome recorded once the plan is delivered.
    var outcome: RecordedHTTPRequest.Outcome
    /// Whether the outcome is already recorded, so delivery need not tell the registry: an
    /// unhandled request's is recorded with the request.
    var isSettled: Bool { outcome == .unhandled }
    /// For a redirect the registry follows: the next hop's request (headers already stripped as
    /// URLSession strips them); the response is what the client sees if the redirect is refused.
    var next: RecordedHTTPRequest?

    /// The plan that delivers `response` (a stub's, or the real server's for a request no stub
    /// matched) as the answer to `request`.
    ///
    /// A response built from the request is built here; a `200` to a `Range` request is sliced
    /// when `slicingRanges` is set, as a server that supports ranges answers.
    init(answering request: RecordedHTTPRequest, with response: HTTPStubResponse, recordIndex: Int, slicingRanges: Bool) {
        let resolved = response.resolved(for: request)
        self.delayNanoseconds = resolved.delayNanoseconds ?? 0
        self.recordIndex = recordIndex
        switch resolved.content {
        case .http(let statusCode, let headers, let body):
            let (status, fields, bytes) =
                slicingRanges ? ByteRange.apply(to: (statusCode, headers, body), for: request) : (statusCode, headers, body)
            let framed = Self.framed(statusCode: status, headers: fields, body: bytes, method: request.method)
            result = .response(url: request.url, statusCode: status, headers: framed.headers, body: framed.body)
            bytesPerSecond = resolved.bytesPerSecond
            outcome = .responded(statusCode: status)
        case .failure(let error):
            result = .failure(error, url: request.url)
            bytesPerSecond = nil
            outcome = .failed(urlErrorCode: (error as? URLErrorBox)?.code.rawValue ?? (error as? URLError)?.code.rawValue)
        case .generated:
            let error = URLErrorBox(code: .badServerResponse, message: "A respond closure returned respond closures more than 8 deep")
            result = .failure(error, url: request.url)
            bytesPerSecond = nil
            outcome = .failed(urlErrorCode: error.code.rawValue)
        }
    }

    /// The headers and body a server sends: a `Content-Length` of the body unless the response
    /// already has one or a `Transfer-Encoding` (none for 1xx, 204 and 304), and no body for a
    /// `HEAD` request, whose `Content-Length` is that of the body a `GET` would get.
    static func framed(statusCode: Int, headers: [String: String], body: Data, method: String) -> (headers: [String: String], body: Data) {
        let hasNoBody = (100..<200).contains(statusCode) || statusCode == 204 || statusCode == 304
        let isFramed = headers.keys.contains {
            let lowered = $0.lowercased()
            return lowered == "content-length" || lowered == "transfer-encoding"
        }
        var fields = headers
        if !hasNoBody && !isFramed { fields["Content-Length"] = String(body.count) }
        return (fields, method == "HEAD" ? Data() : body)
    }

    /// A plan that fails the request with `error` at once.
    init(failing request: RecordedHTTPRequest, with error: URLErrorBox, recordIndex: Int, outcome: RecordedHTTPRequest.Outcome) {
        result = .failure(error, url: request.url)
        delayNanoseconds = 0
        bytesPerSecond = nil
        self.recordIndex = recordIndex
        self.outcome = outcome
    }
}

/// The hop a redirect came from: the registry records it as redirected when it answers the next.
struct RedirectedHop: Sendable {
    let recordIndex: Int
    let statusCode: Int
}

/// What the registry answers for one hop.
enum HopAnswer: Sendable {
    case deliver(DeliveryPlan)
    /// No stub matched and the registry's unmatched-request handler answers, later, with the
    /// response to deliver for the request recorded at `recordIndex`.
    case forward(recordIndex: Int, handler: UnmatchedRequestHandler)
}

extension HTTPStubResponse {
    /// This response with its respond closures run for `request`, up to 8 deep; delays add up
    /// and the outermost throttling applies unless an inner one is set.
    func resolved(for request: RecordedHTTPRequest) -> HTTPStubResponse {
        var current = self
        var depth = 0
        while case .generated(let make) = current.content, depth < 8 {
            let delay = current.delayNanoseconds
            let rate = current.bytesPerSecond
            current = make(request)
            if let delay { current.delayNanoseconds = (current.delayNanoseconds ?? 0) &+ delay }
            if current.bytesPerSecond == nil { current.bytesPerSecond = rate }
            depth += 1
        }
        return current
    }
}
