import TestSupportCore

/// A registered stub: its matcher, its responses and how often it has answered.
struct StubEntry: Sendable {
    let id: Int
    let matcher: HTTPRequestMatcher
    let responses: [HTTPStubResponse]
    /// How many times it may answer; `nil` for any number.
    let limit: Int?
    let registeredAt: CallSite
    var answerCount = 0

    var isUsedUp: Bool { limit.map { answerCount >= $0 } ?? false }

    /// The response for the next answer: a sequence's next element, or the single response.
    var nextResponse: HTTPStubResponse {
        responses[min(answerCount, responses.count - 1)]
    }

    /// Such as `POST /login (answers 1 of 2 times, registered at LoginTests.swift:12)`.
    var summary: String {
        var notes: [String] = []
        if responses.count > 1 {
            notes.append("sequence of \(responses.count), \(answerCount) answered")
        } else if let limit {
            notes.append("answered \(answerCount) of \(limit) times")
        }
        notes.append("registered at \(registeredAt.fileID):\(registeredAt.line)")
        return "\(matcher) (\(notes.joined(separator: ", ")))"
    }
}
