import Foundation

/// Renders a recorded request's outcome for verification messages.
enum OutcomeText {
    static func describe(_ outcome: RecordedHTTPRequest.Outcome) -> String {
        switch outcome {
        case .pending: return "pending"
        case .responded(let statusCode): return "\(statusCode)"
        case .redirected(let statusCode, let location): return "\(statusCode) redirect to \(location.absoluteString)"
        case .failed(let code?): return "URLError \(code)"
        case .failed(nil): return "failed"
        case .unhandled: return "unhandled (no stub matched)"
        case .cancelled: return "cancelled"
        }
    }
}
