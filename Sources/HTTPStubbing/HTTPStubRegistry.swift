import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupportCore

/// A set of HTTP stubs and the requests they saw, private to one test: inject its
/// ``session`` (or a configuration from ``makeConfiguration(from:)``) into the code under test.
///
/// ```swift
/// @Test("Loading page 2 sends the page number and decodes the books")
/// func loadsPage() async throws {
///     let stubs = HTTPStubRegistry()
///     stubs.stub(.get("https://api.example.com/books").query(["page": "2"]), with: .json(page, encoder: encoder))
///     let client = CatalogAPIClient(baseURL: baseURL, session: stubs.session)
///
///     let loaded = try await client.books(page: 2)
///
///     #expect(loaded == page)
///     stubs.verify(.get("/books"), count: 1)
/// }
/// ```
///
/// **Isolation.** Each registry answers through its own `URLProtocol` subclass, so hundreds of
/// tests running in parallel never see each other's stubs or requests. Keep the registry alive
/// while its session is used (a local in the test is enough).
///
/// **Precedence.** When several stubs match, the one registered last answers; a stub that is
/// used up (`times:` or the end of a sequence) is skipped.
///
/// **Unhandled requests.** A request no stub matches fails at once with
/// `URLError(.resourceUnavailable)`, and the test fails with a message naming the request and
/// the closest stub, pointing at the line that created the registry. URLSession runs stubs on
/// its own threads, where Swift Testing cannot tell which test is running, so in a Swift
/// Testing test the failure is reported on the test's task: at the next `verify…` call, when
/// ``withHTTPStubs(followsRedirects:fileID:filePath:line:column:_:)-(_,(HTTPStubRegistry)->R)``
/// ends, or when the registry is deallocated. Under XCTest it is reported at once.
public final class HTTPStubRegistry: Sendable {
    private struct State {
        var stubs: [StubEntry] = []
        var answerCounts: [Int: Int] = [:]
        var nextStubID = 1
        var requests: [RecordedHTTPRequest] = []
        var session: URLSession?
    }

    private static let maximumRedirects = 16

    private let state = Locked(State())
    /// Keeps unhandled-request failures found on URLSession threads for the test's own task.
    private let failures: OffTaskFailureReporter
    private let createdAt: CallSite

    /// Whether a 3xx response with a `Location` header is followed inside the registry (each
    /// hop recorded and matched against the stubs) rather than handed to the client.
    public let followsRedirects: Bool

    /// The `URLProtocol` subclass that answers for this registry, for code that builds its own
    /// configuration: put it first in `protocolClasses`.
    public let protocolClass: URLProtocol.Type

    /// Creates an empty registry bound to the current test.
    ///
    /// - Parameters:
    ///   - followsRedirects: Whether redirects are followed inside the registry; `false` hands
    ///     3xx responses to the client as they are.
    ///   - fileID: The caller's file ID; unhandled-request failures point here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public init(
        followsRedirects: Bool = true,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.followsRedirects = followsRedirects
        self.createdAt = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        // In a Swift Testing test an issue recorded on a URLSession thread belongs to no test:
        // the reporter keeps it for the test's task; XCTest or a captured handler gets it at once.
        self.failures = OffTaskFailureReporter()
        self.protocolClass = RegistryDirectory.makeProtocolClass()
        RegistryDirectory.bind(protocolClass, to: self)
    }

    deinit {
        RegistryDirectory.unregister(protocolClass)
        // Failures still kept are reported when `failures` is released, right after this.
        state.withLock { $0.session }?.finishTasksAndInvalidate()
    }

    // MARK: Sessions

    /// A session whose requests this registry answers; created on first use, ephemeral, without
    /// a cache.
    public var session: URLSession {
        state.withLock { state in
            if let session = state.session { return session }
            let session = URLSession(configuration: makeConfiguration())
            state.session = session
            return session
        }
    }

    /// A copy of `base` whose requests this registry answers: its protocol class goes first in
    /// `protocolClasses` and the URL cache is removed.
    ///
    /// ```swift
    /// let configuration = stubs.makeConfiguration()
    /// configuration.timeoutIntervalForRequest = 5
    /// let client = CatalogAPIClient(baseURL: baseURL, session: URLSession(configuration: configuration))
    /// ```
    ///
    /// - Parameter base: The configuration to start from; it is not modified.
    /// - Returns: The new configuration.
    public func makeConfiguration(from base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        let configuration = (base.copy() as? URLSessionConfiguration) ?? .ephemeral
        let others = (configuration.protocolClasses ?? []).filter { $0 != protocolClass }
        configuration.protocolClasses = [protocolClass] + others
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// A new session whose requests this registry answers, with your delegate.
    ///
    /// - Parameters:
    ///   - base: The configuration to start from; see ``makeConfiguration(from:)``.
    ///   - delegate: The session delegate.
    ///   - delegateQueue: The queue for delegate calls.
    /// - Returns: The session. You own it: invalidate it when done.
    public func makeSession(
        from base: URLSessionConfiguration = .ephemeral,
        delegate: (any URLSessionDelegate)? = nil,
        delegateQueue: OperationQueue? = nil
    ) -> URLSession {
        URLSession(configuration: makeConfiguration(from: base), delegate: delegate, delegateQueue: delegateQueue)
    }

    // MARK: Stubbing

    /// Answers requests matching `matcher` with `response`, at most `times` times.
    ///
    /// ```swift
    /// stubs.stub(.post("/login"), times: 1, with: .json(#"{"token": "abc"}"#))
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: Which requests to answer.
    ///   - times: How many requests it answers before it is used up; `nil` for any number.
    ///   - response: The answer.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A handle to count its answers or remove it.
    @discardableResult
    public func stub(
        _ matcher: HTTPRequestMatcher,
        times: Int? = nil,
        with response: HTTPStubResponse,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPStub {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if let times, times < 1 {
            FailureReporter.report("A stub must answer at least once; times: \(times) registers nothing for \(matcher)", at: site)
            return HTTPStub(id: 0, description: "\(matcher) (not registered)", registry: self)
        }
        return add(matcher, responses: [response], limit: times, at: site)
    }

    /// Answers requests matching `matcher` with a response built from each request.
    ///
    /// ```swift
    /// stubs.stub(.post("/books")) { request in
    ///     request.header("Authorization") == nil ? .status(401) : .status(201)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: Which requests to answer.
    ///   - times: How many requests it answers; `nil` for any number.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - respond: Builds the response; runs on a URLSession thread.
    /// - Returns: A handle to count its answers or remove it.
    @discardableResult
    public func stub(
        _ matcher: HTTPRequestMatcher,
        times: Int? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        respond: @escaping @Sendable (RecordedHTTPRequest) -> HTTPStubResponse
    ) -> HTTPStub {
        stub(matcher, times: times, with: .respond(respond), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers successive requests matching `matcher` with `responses` in order, one each;
    /// after the last, the stub is used up and earlier stubs (or none) answer.
    ///
    /// ```swift
    /// stubs.stub(.get("/books"), with: .json(pageOne))            // the fallback, registered first
    /// stubs.stub(.get("/books"), sequence: [.error(.timedOut), .status(503)])
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: Which requests to answer.
    ///   - responses: The answers, in order; must not be empty.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A handle to count its answers or remove it.
    @discardableResult
    public func stub(
        _ matcher: HTTPRequestMatcher,
        sequence responses: [HTTPStubResponse],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPStub {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard !responses.isEmpty else {
            FailureReporter.report("A response sequence needs at least one response; an empty one registers nothing for \(matcher)", at: site)
            return HTTPStub(id: 0, description: "\(matcher) (not registered)", registry: self)
        }
        return add(matcher, responses: responses, limit: responses.count, at: site)
    }

    private func add(_ matcher: HTTPRequestMatcher, responses: [HTTPStubResponse], limit: Int?, at site: CallSite) -> HTTPStub {
        let entry = state.withLock { state in
            let entry = StubEntry(id: state.nextStubID, matcher: matcher, responses: responses, limit: limit, registeredAt: site)
            state.nextStubID += 1
            state.stubs.append(entry)
            return entry
        }
        return HTTPStub(id: entry.id, description: "\(matcher)", registry: self)
    }

    /// Removes every stub; recorded requests are kept.
    public func removeAllStubs() {
        state.withLock { state in
            state.stubs.removeAll()
            state.answerCounts.removeAll()
        }
    }

    func removeStub(id: Int) {
        state.withLock { state in
            state.stubs.removeAll { $0.id == id }
            state.answerCounts[id] = nil
        }
    }

    func answerCount(ofStub id: Int) -> Int {
        state.withLock { $0.answerCounts[id] ?? 0 }
    }

    // MARK: Recording

    /// Every request the registry saw, in arrival order, matched or not; each redirect hop is
    /// one entry.
    public var requests: [RecordedHTTPRequest] {
        state.withLock { $0.requests }
    }

    /// The recorded requests that `matcher` matches, in arrival order.
    ///
    /// - Parameter matcher: The requests to select.
    /// - Returns: The matching requests.
    public func requests(matching matcher: HTTPRequestMatcher) -> [RecordedHTTPRequest] {
        requests.filter { matcher.matches($0) }
    }

    /// The requests no stub matched.
    public var unhandledRequests: [RecordedHTTPRequest] {
        requests.filter { $0.outcome == .unhandled }
    }

    // MARK: Verifying

    /// Checks that exactly `count` recorded requests match `matcher`, and reports any
    /// unhandled request found since the last check.
    ///
    /// ```swift
    /// stubs.verify(.post("/login"), count: 1)
    /// // fails with: Expected 1 POST /login, saw 0; requests seen (1):
    /// //   1. GET https://api.example.com/books?page=1 → 200
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: The requests to count.
    ///   - count: How many there should be.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func verify(
        _ matcher: HTTPRequestMatcher,
        count: Int = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        failures.flush()   // unhandled requests kept from URLSession threads
        let seen = requests
        let matching = seen.filter { matcher.matches($0) }.count
        guard matching != count else { return }
        FailureReporter.report(
            "Expected \(count) \(matcher), saw \(matching); " + Self.listing(seen),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Reports, on the calling task, every unhandled-request failure kept from URLSession
    /// threads and not yet reported; ``withHTTPStubs(followsRedirects:fileID:filePath:line:column:_:)-(_,(HTTPStubRegistry)->R)``
    /// calls it when its scope ends.
    ///
    /// The failures point at the line that created the registry. Every `verify…` method does
    /// this first; call this one when a test has nothing else to verify.
    public func verifyNoUnhandledRequests() {
        failures.flush()   // unhandled requests kept from URLSession threads
    }

    /// Checks that every registered stub answered at least once: a stub nobody used usually
    /// means the code under test sent a different request than the test expects.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func verifyAllStubsUsed(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        failures.flush()   // unhandled requests kept from URLSession threads
        let (stubs, counts, seen) = state.withLock { ($0.stubs, $0.answerCounts, $0.requests) }
        let unused = stubs.filter { (counts[$0.id] ?? 0) == 0 }
        guard !unused.isEmpty else { return }
        FailureReporter.report(
            "\(unused.count) of \(stubs.count) stubs never answered:\n"
                + unused.map { "  \($0.summary(answerCount: 0))" }.joined(separator: "\n") + "\n" + Self.listing(seen),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    private static func listing(_ requests: [RecordedHTTPRequest]) -> String {
        guard !requests.isEmpty else { return "requests seen: none" }
        let lines = requests.enumerated().map { index, request in
            "  \(index + 1). \(request.summary) → \(OutcomeText.describe(request.outcome))"
        }
        return "requests seen (\(requests.count)):\n" + lines.joined(separator: "\n")
    }

    // MARK: Answering (called by the protocol on URLSession threads)

    /// Records `urlRequest`, finds its stub and follows redirects; returns what to deliver.
    func plan(for urlRequest: URLRequest) -> DeliveryPlan {
        var request = RecordedHTTPRequest(urlRequest)
        var totalDelay: Duration?
        var hops = 0
        while true {
            let (index, claimed) = recordAndClaim(request)
            guard let response = claimed else {
                return unhandled(request, index: index)
            }
            let resolved = Self.resolve(response, for: request)
            if let delay = resolved.delay { totalDelay = (totalDelay ?? .zero) + delay }
            switch resolved.content {
            case .failure(let error):
                let code = (error as? URLErrorBox)?.code.rawValue ?? (error as? URLError)?.code.rawValue
                return DeliveryPlan(result: .failure(error, url: request.url), delay: totalDelay, recordIndex: index, outcome: .failed(urlErrorCode: code))
            case .generated:
                let error = URLErrorBox(code: .badServerResponse, message: "A stub's respond closure nested too deeply")
                return DeliveryPlan(result: .failure(error, url: request.url), delay: totalDelay, recordIndex: index, outcome: .failed(urlErrorCode: error.code.rawValue))
            case .http(let statusCode, let headers, let body):
                guard followsRedirects, let next = Redirect.nextRequest(after: request, statusCode: statusCode, headers: headers) else {
                    return DeliveryPlan(
                        result: .response(url: request.url, statusCode: statusCode, headers: headers, body: body),
                        delay: totalDelay, recordIndex: index, outcome: .responded(statusCode: statusCode)
                    )
                }
                settle(index, as: .redirected(statusCode: statusCode, location: next.url))
                hops += 1
                guard hops <= Self.maximumRedirects else {
                    let error = URLErrorBox(code: .httpTooManyRedirects, message: "More than \(Self.maximumRedirects) redirects starting from \(urlRequest.url?.absoluteString ?? "")")
                    return DeliveryPlan(result: .failure(error, url: next.url), delay: totalDelay, recordIndex: index, outcome: .failed(urlErrorCode: error.code.rawValue))
                }
                request = next
            }
        }
    }

    /// Appends the request and claims an answer from the last-registered matching stub that is
    /// not used up. Matchers run outside the lock (they may hold user predicates).
    private func recordAndClaim(_ request: RecordedHTTPRequest) -> (Int, HTTPStubResponse?) {
        let (index, stubs) = state.withLock { state in
            state.requests.append(request)
            return (state.requests.count - 1, state.stubs)
        }
        for candidate in stubs.reversed() where candidate.matcher.matches(request) {
            let response = state.withLock { state -> HTTPStubResponse? in
                let count = state.answerCounts[candidate.id] ?? 0
                guard state.stubs.contains(where: { $0 === candidate }), !candidate.isUsedUp(after: count) else { return nil }
                state.answerCounts[candidate.id] = count + 1
                return candidate.response(after: count)
            }
            if let response { return (index, response) }
        }
        return (index, nil)
    }

    private static func resolve(_ response: HTTPStubResponse, for request: RecordedHTTPRequest) -> HTTPStubResponse {
        var current = response
        var depth = 0
        while case .generated(let make) = current.content, depth < 8 {
            let delay = current.delay
            current = make(request)
            if let delay { current.delay = (current.delay ?? .zero) + delay }
            depth += 1
        }
        return current
    }

    private func unhandled(_ request: RecordedHTTPRequest, index: Int) -> DeliveryPlan {
        let (stubs, counts) = state.withLock { state in
            state.requests[index].outcome = .unhandled
            return (state.stubs, state.answerCounts)
        }
        let message = UnhandledRequestReport.message(for: request, stubs: stubs, answerCounts: counts)
        failures.report(message, at: createdAt)
        let error = URLErrorBox(
            code: .resourceUnavailable,
            message: "No stub matches \(request.summary); the test's failure lists the registered stubs"
        )
        return DeliveryPlan(result: .failure(error, url: request.url), delay: nil, recordIndex: index, outcome: .unhandled)
    }

    /// Records how the request at `index` ended.
    func settle(_ index: Int, as outcome: RecordedHTTPRequest.Outcome) {
        state.withLock { state in
            guard state.requests.indices.contains(index) else { return }
            state.requests[index].outcome = outcome
        }
    }
}
