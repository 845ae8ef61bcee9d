import TestSupportCore

/// A registered stub: its matcher, flattened for answering, and its responses. Immutable and
/// shared by reference, so taking a snapshot of the registry's stubs costs no copies; how often
/// it answered is kept by the registry, under its lock.
///
/// The matcher's conditions are split three ways: the method, exact path and query items, which
/// ``StubIndex`` compares as integers; the other plain checks, which the registry evaluates
/// under its lock; and the closures, which may run the test's code and so run outside it.
final class StubEntry: Sendable {
    let id: Int
    let matcher: HTTPRequestMatcher
    let responses: [HTTPStubResponse]
    /// How many times it may answer; `nil` for any number.
    let limit: Int?
    /// Higher answers first; among equal priorities the last registered answers.
    let priority: Int
    let registeredAt: CallSite
    /// The method of the matcher's first method condition.
    let method: String?
    /// The ``PathPattern/exactKey`` of the matcher's first path condition without wildcards.
    let pathKey: String?
    /// Every query item the matcher's query conditions require, exact queries included.
    let queryItems: [QueryPair]
    /// How many query items the request must have: the item count of the matcher's first exact
    /// query whose items are distinct (its items are among `queryItems`, so the count completes it).
    let exactQueryCount: Int?
    /// The plain checks not covered by `method`, `pathKey` and `queryItems`; they run none of
    /// the test's code.
    private let checks: [@Sendable (RecordedHTTPRequest) -> Bool]
    /// The conditions that need their closure, in the order they were added.
    private let closures: [@Sendable (RecordedHTTPRequest) -> Bool]

    init(id: Int, matcher: HTTPRequestMatcher, responses: [HTTPStubResponse], limit: Int?, priority: Int, registeredAt: CallSite) {
        self.id = id
        self.matcher = matcher
        self.responses = responses
        self.limit = limit
        self.priority = priority
        self.registeredAt = registeredAt
        var flat = FlatConditions()
        for condition in matcher.conditions {
            if let check = condition.check {
                flat.add(check)
            } else {
                flat.closures.append(condition.test)
            }
        }
        self.method = flat.method
        self.pathKey = flat.pathKey
        self.queryItems = flat.queryItems
        self.exactQueryCount = flat.exactQueryCount
        self.checks = flat.checks.map { $0.makeTest() }
        self.closures = flat.closures
    }

    /// Whether a condition needs its closure, so the stub cannot be matched under the registry's lock.
    var hasClosures: Bool { !closures.isEmpty }

    /// Whether `request` passes the plain checks other than the method, exact path and query
    /// items (which the index compares); runs none of the test's code.
    func passesChecks(_ request: RecordedHTTPRequest) -> Bool {
        for check in checks where !check(request) { return false }
        return true
    }

    /// Whether `request` passes the conditions that need their closure; may run the test's code.
    func passesClosures(_ request: RecordedHTTPRequest) -> Bool {
        for test in closures where !test(request) { return false }
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

/// A matcher's conditions while ``StubEntry`` sorts them.
private struct FlatConditions {
    var method: String?
    var pathKey: String?
    var queryItems: [QueryPair] = []
    var exactQueryCount: Int?
    var checks: [RequestCheck] = []
    var closures: [@Sendable (RecordedHTTPRequest) -> Bool] = []

    mutating func add(_ check: RequestCheck) {
        switch check {
        case .method(let expected) where method == nil:
            method = expected
        case .path(let pattern) where pathKey == nil && pattern.exactKey != nil:
            pathKey = pattern.exactKey
        case .queryItems(let items):
            queryItems += items
        case .queryExactly(let items) where exactQueryCount == nil && Set(items).count == items.count:
            // Indexed as required items, and their count: together, the exact query.
            queryItems += items
            exactQueryCount = items.count
        case .all(let parts):
            for part in parts { add(part) }
        default:
            checks.append(check)
        }
    }
}
