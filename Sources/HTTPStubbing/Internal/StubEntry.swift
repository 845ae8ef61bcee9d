import TestSupportCore

/// A registered stub: its matcher and responses. Immutable and shared by reference, so taking a
/// snapshot of the registry's stubs costs no copies; how often it answered is kept by the
/// registry, under its lock.
final class StubEntry: Sendable {
    let id: Int
    let matcher: HTTPRequestMatcher
    let responses: [HTTPStubResponse]
    /// How many times it may answer; `nil` for any number.
    let limit: Int?
    /// Higher answers first; among equal priorities the last registered answers.
    let priority: Int
    let registeredAt: CallSite
    /// The method the matcher requires, checked before its conditions run.
    let requiredMethod: String?
    /// The matcher's chained test, held directly so matching copies no matcher.
    private let test: @Sendable (RecordedHTTPRequest) -> Bool
    /// The matcher's conditions as direct checks when all of them have one (method, path,
    /// query items): matching then calls no closure.
    private let checks: [HTTPRequestMatcher.Check]?

    init(id: Int, matcher: HTTPRequestMatcher, responses: [HTTPStubResponse], limit: Int?, priority: Int, registeredAt: CallSite) {
        self.id = id
        self.matcher = matcher
        self.responses = responses
        self.limit = limit
        self.priority = priority
        self.registeredAt = registeredAt
        self.requiredMethod = matcher.requiredMethod
        self.test = matcher.chainedTest
        self.checks = matcher.checks
    }

    /// Whether `request` matches, with the method compared first.
    func matches(_ request: RecordedHTTPRequest) -> Bool {
        if let requiredMethod, requiredMethod != request.method { return false }
        guard let checks else { return test(request) }
        for check in checks where !check.passes(request) { return false }
        return true
    }

    func isUsedUp(after answerCount: Int) -> Bool {
        limit.map { answerCount >= $0 } ?? false
    }

    /// The response for the answer after `answerCount` answers: a sequence's next element, or
    /// the single response.
    func response(after answerCount: Int) -> HTTPStubResponse {
        responses[min(answerCount, responses.count - 1)]
    }

    /// Such as `POST /login (answered 1 of 2 times, registered at LoginTests.swift:12)`.
    func summary(answerCount: Int) -> String {
        var notes: [String] = []
        if priority != 0 { notes.append("priority \(priority)") }
        if responses.count > 1 {
            notes.append("sequence of \(responses.count), \(answerCount) answered")
        } else if let limit {
            notes.append("answered \(answerCount) of \(limit) times")
        }
        notes.append("registered at \(registeredAt.fileID):\(registeredAt.line)")
        return "\(matcher) (\(notes.joined(separator: ", ")))"
    }
}
