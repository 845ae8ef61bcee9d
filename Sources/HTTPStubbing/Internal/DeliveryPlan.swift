import Foundation

/// What a protocol instance delivers for one task: the registry decides it, the protocol
/// performs it (after the delay, unless the task is stopped first).
struct DeliveryPlan: Sendable {
    enum Result: Sendable {
        case response(url: URL, statusCode: Int, headers: [String: String], body: Data)
        case failure(any Error & Sendable, url: URL)
    }

    let result: Result
    let delay: Duration?
    /// The index of the recorded request (the last hop of a redirect chain) this plan answers.
    let recordIndex: Int
    /// The outcome recorded once the plan is delivered.
    let outcome: RecordedHTTPRequest.Outcome
}

extension Duration {
    var timeInterval: TimeInterval {
        let (seconds, attoseconds) = components
        return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
    }
}
