import Foundation

/// Answers a request no stub matched, later and on any thread: the registry's hook for
/// pass-through and cassette recording. The closure calls `reply` exactly once.
struct UnmatchedRequestHandler: Sendable {
    let answer: @Sendable (_ request: RecordedHTTPRequest, _ reply: @escaping @Sendable (HTTPStubResponse) -> Void) -> Void
    /// Which unmatched requests `answer` takes; the others stay unhandled.
    var accepts: @Sendable (RecordedHTTPRequest) -> Bool = { _ in true }
    /// Added to the unhandled-request failure of a request `answer` does not take, such as which
    /// cassette was replayed and how to record the request.
    var unhandledNote: String?
}

extension HTTPStubRegistry {
    /// The plan that delivers `response`, the unmatched handler's answer to `request`.
    static func forwardedPlan(
        _ response: HTTPStubResponse, for request: RecordedHTTPRequest, recordIndex: Int, delay: UInt64
    ) -> DeliveryPlan {
        switch response.content {
        case .http(let statusCode, let headers, let body):
            return DeliveryPlan(
                result: .response(url: request.url, statusCode: statusCode, headers: headers, body: body),
                delayNanoseconds: delay, bytesPerSecond: nil, recordIndex: recordIndex,
                outcome: .responded(statusCode: statusCode), isSettled: false
            )
        case .failure(let error):
            let code = (error as? URLErrorBox)?.code.rawValue ?? (error as? URLError)?.code.rawValue
            return DeliveryPlan(
                result: .failure(error, url: request.url), delayNanoseconds: delay, bytesPerSecond: nil,
                recordIndex: recordIndex, outcome: .failed(urlErrorCode: code), isSettled: false
            )
        case .generated:
            let error = URLErrorBox(code: .badServerResponse, message: "A forwarded request was answered with a respond closure")
            return DeliveryPlan(
                result: .failure(error, url: request.url), delayNanoseconds: delay, bytesPerSecond: nil,
                recordIndex: recordIndex, outcome: .failed(urlErrorCode: error.code.rawValue), isSettled: false
            )
        }
    }
}
