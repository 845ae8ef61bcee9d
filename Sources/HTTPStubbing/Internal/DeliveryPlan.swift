import Foundation

/// What a protocol instance delivers for one task: the registry decides it, the protocol
/// performs it (after the delay, unless the task is stopped first).
struct DeliveryPlan: Sendable {
    enum Result: Sendable {
        case response(url: URL, statusCode: Int, headers: [String: String], body: Data)
        case failure(any Error & Sendable, url: URL)
    }

    let result: Result
    /// The wait before delivery, in nanoseconds; 0 for none.
    var delayNanoseconds: UInt64
    /// The body's delivery rate, or `nil` to deliver it in one piece.
    let bytesPerSecond: Int?
    /// The index of the recorded request (the last hop of a redirect chain) this plan answers.
    let recordIndex: Int
    /// The outcome recorded once the plan is delivered.
    let outcome: RecordedHTTPRequest.Outcome
    /// Whether the outcome was recorded when the stub was claimed, so delivery need not take
    /// the registry's lock again.
    let isSettled: Bool
}

/// What the registry answers for one hop: a plan to deliver, or a redirect to follow.
enum HopAnswer: Sendable {
    case deliver(DeliveryPlan)
    /// A redirect response: `next` is the request for the next hop (headers already stripped as
    /// URLSession strips them), `response` what the client sees if the redirect is not followed.
    case redirect(next: RecordedHTTPRequest, response: DeliveryPlan)
    /// No stub matched and the registry's unmatched-request handler answers, later (Replay/).
    case forward(recordIndex: Int, handler: UnmatchedRequestHandler)
}
