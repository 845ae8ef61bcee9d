import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A set of HTTP stubs and the requests they saw, private to one test.
///
/// Inject its ``session``, or a configuration from ``makeConfiguration(from:)``, into the code
/// under test.
///
/// ```swift
/// @Test("Loading page 2 sends the page number and decodes the books")
/// func loadsPage() async throws {
///     let page = CatalogPage(books: [.testValue], nextPage: 3)
///     let stubs = HTTPStubRegistry()
///     stubs.stub(.get("https://api.example.com/books").query(["page": "2"]), with: .json(page, encoder: CatalogAPIClient.encoder))
///     let client = CatalogAPIClient(baseURL: try #require(URL(string: "https://api.example.com")), session: stubs.session)
///
///     let loaded = try await client.books(page: 2, token: AuthToken(value: "abc"))
///
///     #expect(loaded == page)
///     stubs.expectRequested(.get("/books"), count: 1)
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
/// Testing test the failure is reported on the test's task: at the next `expect…` call, when
/// ``withHTTPStubs(followsRedirects:fileID:filePath:line:column:_:)``
/// ends, or when the registry is deallocated. Under XCTest it is reported at once.
public final class HTTPStubRegistry: Sendable {
    private struct State {
        /// The registered stubs in answering order, indexed for matching.
        var index = StubIndex()
        /// Sorted by priority, then registration: the stub that answers first is the last.
        var stubs: [StubEntry] { index.entries }
        /// Indexed by stub ID (ID 0 is never used); kept when a stub is removed.
        var answerCounts: [Int] = [0]
        /// Indexed by stub ID: whether the stub is still registered.
        var isRegistered: [Bool] = [false]
        var requests: [RecordedHTTPRequest] = []
        /// How many of the first `requests` `clearRequests()` cleared: they stay in the array, so
        /// the indices that requests in flight hold stay valid, and are no longer shown.
        var clearedRequestCount = 0
        var session: URLSession?
        /// Protocol classes made for configurations (one each), forgotten at deinit.
        var extraProtocolClasses: [AnyClass] = []
        /// Per fully described matcher: how many of the first `scanned` requests it matches, so
        /// calling `expectRequested` after every request costs the new requests only.
        var verifiedCounts: [String: (scanned: Int, count: Int)] = [:]

        /// The recorded requests `clearRequests()` has not cleared.
        var visibleRequests: [RecordedHTTPRequest] {
            clearedRequestCount == 0 ? requests : Array(requests[clearedRequestCount...])
        }
    }

    static let maximumRedirects = 16

    private let state = Locked(State())
    /// Keeps unhandled-request failures found on URLSession threads for the test's own task.
    private let failures: OffTaskFailureReporter
    private let createdAt: CallSite

    /// Whether a redirect response is followed inside the registry, each hop recorded and matched
    /// against the stubs, rather than handed to the client.
    ///
    /// A redirect is a 3xx response with a `Location` header.
    public let followsRedirects: Bool

    /// The `URLProtocol` subclass that answers for this registry's own session and for
    /// ``interceptSharedSession()``; a configuration built by hand gets its own class from
    /// ``makeConfiguration(from:)``.
    package let protocolClass: URLProtocol.Type

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
        self.binding = SessionBinding(configuration: .ephemeral)
        RegistryDirectory.bind(protocolClass, to: self, binding: binding)
    }

    /// The binding of the registry's own class, filled when ``session`` is first used.
    private let binding: SessionBinding

    // MARK: Hook for Replay/ (pass-through and recording): answers requests no stub matched

    /// Answers a request no stub matched, later and on any thread; `nil` (the default) leaves
    /// such requests unhandled. Set by pass-through and cassette recording (Replay/).
    let unmatchedRequestHandler = Locked<UnmatchedRequestHandler?>(nil)

    /// Records `request` as pending, for a request the unmatched handler answers.
    func recordForwarded(_ request: RecordedHTTPRequest) -> Int {
        state.withLock { state in
            state.requests.append(request)
            return state.requests.count - 1
        }
    }

    deinit {
        var session = state.withLock { state in
            defer { state.session = nil }
            return state.session
        }
        RegistryDirectory.unregister([protocolClass] + state.withLock { $0.extraProtocolClasses })
        // A session someone still holds is left valid: its requests then fail with the
        // documented URLError, where an invalidated session would stop the process on Linux
        // ("Session invalidated"). One nobody holds is finished here.
        if isKnownUniquelyReferenced(&session) {
            session?.finishTasksAndInvalidate()
        }
        // Failures still kept are reported when `failures` is released, right after this.
    }

    // MARK: Sessions

    /// A session whose requests this registry answers; created on first use, ephemeral, without
    /// a cache.
    public var session: URLSession {
        state.withLock { state in
            if let session = state.session { return session }
            let session = URLSession(configuration: configuration(from: .ephemeral, protocolClass: protocolClass))
            binding.attach(session)
            state.session = session
            return session
        }
    }

    /// A copy of a session configuration whose requests this registry answers.
    ///
    /// The copy's `protocolClasses` list this registry's protocol class first, and its URL cache is
    /// removed; `base` itself is not modified.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let configuration = stubs.makeConfiguration()
    /// configuration.timeoutIntervalForRequest = 5
    /// let baseURL = try #require(URL(string: "https://api.example.com"))
    /// let client = CatalogAPIClient(baseURL: baseURL, session: URLSession(configuration: configuration))
    /// ```
    ///
    /// Each configuration gets a protocol class of its own (about 1 KB that stays for the life of
    /// the process), so that stubbed `Set-Cookie` headers reach its `httpCookieStorage`.
    ///
    /// - Parameter base: The configuration to start from; it is not modified.
    /// - Returns: The new configuration.
    public func makeConfiguration(from base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        makeBoundConfiguration(from: base).0
    }

    private func makeBoundConfiguration(from base: URLSessionConfiguration) -> (URLSessionConfiguration, SessionBinding) {
        let newClass = RegistryDirectory.makeProtocolClass()
        let configuration = configuration(from: base, protocolClass: newClass)
        let newBinding = SessionBinding(configuration: configuration)
        state.withLock { $0.extraProtocolClasses.append(newClass) }
        RegistryDirectory.bind(newClass, to: self, binding: newBinding)
        return (configuration, newBinding)
    }

    private func configuration(from base: URLSessionConfiguration, protocolClass: AnyClass) -> URLSessionConfiguration {
        let configuration = (base.copy() as? URLSessionConfiguration) ?? .ephemeral
        let others = (configuration.protocolClasses ?? []).filter { $0 != protocolClass && $0 != self.protocolClass }
        configuration.protocolClasses = [protocolClass] + others
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// A new session whose requests this registry answers, with your delegate.
    ///
    /// The delegate's `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`
    /// decides each redirect, as with a real server.
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
        let (configuration, newBinding) = makeBoundConfiguration(from: base)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
        newBinding.attach(session)
        return session
    }

    // MARK: Stubbing

    /// Answers matching requests with a response, up to a number of times.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(.post("/login"), times: 1, with: .json(#"{"token": "abc"}"#))
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: Which requests to answer.
    ///   - priority: Stubs with a higher priority answer first, whatever the order they were
    ///     registered in; among equal priorities (the default is 0) the last registered answers.
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
        priority: Int = 0,
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
        return add(matcher, responses: [response], limit: times, priority: priority, at: site)
    }

    /// Answers matching requests with a response built from each request.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(.post("/books")) { request in
    ///     request.header("Authorization") == nil ? .status(401) : .status(201)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: Which requests to answer.
    ///   - priority: Higher answers first; see ``stub(_:priority:times:with:fileID:filePath:line:column:)``.
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
        priority: Int = 0,
        times: Int? = nil,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        respond: @escaping @Sendable (RecordedHTTPRequest) -> HTTPStubResponse
    ) -> HTTPStub {
        stub(
            matcher, priority: priority, times: times, with: .respond(respond), fileID: fileID, filePath: filePath, line: line,
            column: column)
    }

    /// Answers successive matching requests with responses in order, one each, then repeats the
    /// last one.
    ///
    /// The last response repeats as a spy's `returns(inOrder:)` does.
    ///
    /// To stop after the sequence instead, pass `times:`: once the stub has answered that many
    /// requests it is used up and earlier stubs (or none) answer.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let pageOne = CatalogPage(books: [.testValue], nextPage: nil)
    /// stubs.stub(.get("/books"), with: .json(pageOne))            // the fallback, registered first
    /// stubs.stub(.get("/books"), times: 2, inOrder: [.error(.timedOut), .status(503)])
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: Which requests to answer.
    ///   - priority: Higher answers first; see ``stub(_:priority:times:with:fileID:filePath:line:column:)``.
    ///   - times: How many requests the stub answers in all before it is used up; `nil` (the
    ///     default) answers every request, repeating the last response.
    ///   - responses: The answers, in order; must not be empty.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A handle to count its answers or remove it.
    @discardableResult
    public func stub(
        _ matcher: HTTPRequestMatcher,
        priority: Int = 0,
        times: Int? = nil,
        inOrder responses: [HTTPStubResponse],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPStub {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard !responses.isEmpty else {
            FailureReporter.report(
                "A response sequence needs at least one response; an empty one registers nothing for \(matcher)", at: site)
            return HTTPStub(id: 0, description: "\(matcher) (not registered)", registry: self)
        }
        if let times, times < 1 {
            FailureReporter.report("A stub must answer at least once; times: \(times) registers nothing for \(matcher)", at: site)
            return HTTPStub(id: 0, description: "\(matcher) (not registered)", registry: self)
        }
        return add(matcher, responses: responses, limit: times, priority: priority, at: site)
    }

    private func add(
        _ matcher: HTTPRequestMatcher, responses: [HTTPStubResponse], limit: Int?, priority: Int, at site: CallSite
    ) -> HTTPStub {
        let entry = state.withLock { state in
            let entry = StubEntry(
                id: state.answerCounts.count, matcher: matcher, responses: responses, limit: limit, priority: priority, registeredAt: site,
                followsRedirects: followsRedirects)
            state.answerCounts.append(0)
            state.isRegistered.append(true)
            state.index.add(entry)
            return entry
        }
        return HTTPStub(id: entry.id, description: "\(matcher)", registry: self)
    }

    /// Removes every stub; recorded requests and answer counts are kept.
    public func removeAllStubs() {
        state.withLock { state in
            for stub in state.stubs { state.isRegistered[stub.id] = false }
            state.index.removeAll()
        }
    }

    func removeStub(id: Int) {
        state.withLock { state in
            guard state.isRegistered.indices.contains(id), state.isRegistered[id] else { return }
            state.isRegistered[id] = false
            state.index.remove(id: id)
        }
    }

    func answerCount(ofStub id: Int) -> Int {
        state.withLock { state in state.answerCounts.indices.contains(id) && id > 0 ? state.answerCounts[id] : 0 }
    }

    // MARK: Recording

    /// Every request the registry saw, in arrival order, matched or not; each redirect hop is
    /// one entry.
    public var requests: [RecordedHTTPRequest] {
        state.withLock { $0.visibleRequests }
    }

    /// The recorded requests a matcher matches, in arrival order.
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

    /// Forgets every recorded request; stubs, their answer counts and unhandled-request failures
    /// not yet reported are kept.
    ///
    /// After it, ``requests`` is empty and `expectRequested(_:count:)` counts only the requests
    /// that arrive later.
    public func clearRequests() {
        state.withLock { state in
            state.clearedRequestCount = state.requests.count
            state.verifiedCounts.removeAll()
        }
    }

    // MARK: Expectations

    /// Checks how many recorded requests a matcher matches, and reports any unhandled request found
    /// since the last check.
    ///
    /// Fails unless exactly `count` recorded requests match `matcher`:
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.expectRequested(.post("/login"), count: 1)
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
    public func expectRequested(
        _ matcher: HTTPRequestMatcher,
        count: Int = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        failures.flush()  // unhandled requests kept from URLSession threads
        let matching = countMatching(matcher)
        guard matching != count else { return }
        FailureReporter.report(
            "Expected \(count) \(matcher), saw \(matching); "
                + RequestListing.listing(requests, closestTo: matching < count ? matcher : nil),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// How many recorded requests `matcher` matches. A fully described matcher's count is kept
    /// by description, so each call scans only the requests recorded since the last one.
    private func countMatching(_ matcher: HTTPRequestMatcher) -> Int {
        guard matcher.isFullyDescribed else {
            return requests.reduce(0) { $0 + (matcher.matches($1) ? 1 : 0) }
        }
        let key = matcher.countingKey
        let (known, unseen) = state.withLock { state in
            let known = state.verifiedCounts[key] ?? (scanned: state.clearedRequestCount, count: 0)
            return (known, state.requests[min(known.scanned, state.requests.count)...])
        }
        let total = unseen.reduce(known.count) { $0 + (matcher.matches($1) ? 1 : 0) }
        state.withLock { state in
            if (state.verifiedCounts[key]?.scanned ?? 0) < unseen.endIndex {
                state.verifiedCounts[key] = (scanned: unseen.endIndex, count: total)
            }
        }
        return total
    }

    /// Reports, on the calling task, every unhandled-request failure kept from URLSession threads
    /// and not yet reported.
    ///
    /// ``withHTTPStubs(followsRedirects:fileID:filePath:line:column:_:)`` calls it when its scope
    /// ends.
    ///
    /// The failures point at the line that created the registry. Every `expect…` method does
    /// this first; call this one when a test has nothing else to check.
    public func expectNoUnhandledRequests() {
        failures.flush()  // unhandled requests kept from URLSession threads
    }

    /// Checks that every registered stub answered at least once.
    ///
    /// A stub nobody used usually means the code under test sent a different request than the test
    /// expects.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectAllStubsUsed(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        failures.flush()  // unhandled requests kept from URLSession threads
        let (stubs, counts, seen) = state.withLock { ($0.stubs, $0.answerCounts, $0.visibleRequests) }
        let unused = stubs.filter { counts[$0.id] == 0 }.sorted { $0.id < $1.id }
        guard !unused.isEmpty else { return }
        FailureReporter.report(
            "\(unused.count) of \(stubs.count) stubs never answered:\n"
                + unused.map { "  \($0.summary(answerCount: 0))" }.joined(separator: "\n") + "\n"
                + RequestListing.listing(seen, closestTo: nil),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    // MARK: Answering (called by the protocol on URLSession threads)

    /// Records `request`, finds its stub and answers one hop: a response or failure to deliver,
    /// or (when the registry follows redirects) a redirect to follow.
    ///
    /// Takes the lock once on the common path, to find the stub, claim it and record the
    /// request: the stubs' plain conditions run under the lock, as integer comparisons for the
    /// method, exact path and query items (see ``StubIndex``). A stub with a condition that needs
    /// its closure (which may run the test's code) is checked outside the lock, and then so are
    /// the stubs after it in answering order.
    func answer(_ request: RecordedHTTPRequest) -> HopAnswer {
        var claim = state.withLock { state in Self.claimFirstMatch(for: request, in: &state) }
        if case .needsClosures(let position, let stubs) = claim {
            claim = claimFirstMatch(for: request, from: position, of: stubs)
        }
        guard case .claimed(let entry, let answerCount, let index, let isSettled) = claim else {
            let handler = unmatchedRequestHandler.value  // Replay/ hook
            if let handler, handler.accepts(request) {
                return .forward(recordIndex: recordForwarded(request), handler: handler)
            }
            return .deliver(unhandled(request, note: handler?.unhandledNote))
        }
        let response = entry.response(after: answerCount)
        let resolved = Self.resolve(response, for: request)
        let delay = resolved.delayNanoseconds ?? 0
        switch resolved.content {
        case .failure(let error):
            let code = (error as? URLErrorBox)?.code.rawValue ?? (error as? URLError)?.code.rawValue
            return .deliver(
                DeliveryPlan(
                    result: .failure(error, url: request.url), delayNanoseconds: delay, bytesPerSecond: nil,
                    recordIndex: index, outcome: .failed(urlErrorCode: code), isSettled: false
                ))
        case .generated:
            let error = URLErrorBox(code: .badServerResponse, message: "A stub's respond closure nested too deeply")
            return .deliver(
                DeliveryPlan(
                    result: .failure(error, url: request.url), delayNanoseconds: delay, bytesPerSecond: nil,
                    recordIndex: index, outcome: .failed(urlErrorCode: error.code.rawValue), isSettled: false
                ))
        case .http(let statusCode, let headers, let body):
            let (status, fields, bytes) = ByteRange.apply(to: (statusCode, headers, body), for: request)
            let plan = DeliveryPlan(
                result: .response(url: request.url, statusCode: status, headers: fields, body: bytes),
                delayNanoseconds: delay, bytesPerSecond: resolved.bytesPerSecond,
                recordIndex: index, outcome: .responded(statusCode: status), isSettled: isSettled
            )
            guard followsRedirects, let next = Redirect.nextRequest(after: request, statusCode: status, headers: fields) else {
                return .deliver(plan)
            }
            return .redirect(next: next, response: plan)
        }
    }

    /// The result of looking for the stub that answers a request.
    private enum Claim {
        /// The stub `entry` answers, for the answer after `answerCount` answers; the request is
        /// recorded at `index`, with its outcome already when `isSettled`.
        case claimed(entry: StubEntry, answerCount: Int, index: Int, isSettled: Bool)
        /// No stub matches; the request is not recorded yet.
        case unmatched
        /// The stub at `position` of `stubs` passed its plain conditions and has closures to run
        /// outside the lock, from which the search goes on.
        case needsClosures(position: Int, stubs: StubIndex)
    }

    /// Under the lock: claims the first stub in answering order that matches `request`, unless a
    /// stub with closures, not used up, whose plain conditions `request` passes, comes first.
    private static func claimFirstMatch(for request: RecordedHTTPRequest, in state: inout State) -> Claim {
        let key = state.index.key(for: request)
        var position = state.index.count
        while let candidate = state.index.candidate(below: position, for: key) {
            position = candidate
            let entry = state.index.entries[candidate]
            guard entry.passesChecks(request), !entry.isUsedUp(after: state.answerCounts[entry.id]) else { continue }
            if entry.hasClosures { return .needsClosures(position: candidate, stubs: state.index) }
            if let claimed = claim(entry, for: request, in: &state) { return claimed }
        }
        return .unmatched
    }

    /// Outside the lock: claims the first stub of `stubs` (a snapshot) that matches `request`,
    /// starting with the one at `position`, taking the lock for each claim.
    private func claimFirstMatch(for request: RecordedHTTPRequest, from position: Int, of stubs: StubIndex) -> Claim {
        let key = stubs.key(for: request)
        var next: Int? = position
        while let candidate = next {
            let entry = stubs.entries[candidate]
            if entry.passesChecks(request) && entry.passesClosures(request),
                let claimed = state.withLock({ state in Self.claim(entry, for: request, in: &state) })
            {
                return claimed
            }
            next = stubs.candidate(below: candidate, for: key)
        }
        return .unmatched
    }

    /// Claims one answer of `entry` for `request` and records the request, unless the stub was
    /// removed or is used up.
    private static func claim(_ entry: StubEntry, for request: RecordedHTTPRequest, in state: inout State) -> Claim? {
        guard state.isRegistered[entry.id] else { return nil }
        let count = state.answerCounts[entry.id]
        guard !entry.isUsedUp(after: count) else { return nil }
        state.answerCounts[entry.id] = count + 1
        state.requests.append(request)
        let index = state.requests.count - 1
        let settledStatusCode = entry.settledStatusCode(after: count, for: request)
        if let settledStatusCode {
            state.requests[index].outcome = .responded(statusCode: settledStatusCode)
        }
        return .claimed(entry: entry, answerCount: count, index: index, isSettled: settledStatusCode != nil)
    }

    private static func resolve(_ response: HTTPStubResponse, for request: RecordedHTTPRequest) -> HTTPStubResponse {
        var current = response
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

    private func unhandled(_ request: RecordedHTTPRequest, note: String? = nil) -> DeliveryPlan {
        let (recordIndex, stubs, counts) = state.withLock { state in
            state.requests.append(request)
            let recordIndex = state.requests.count - 1
            state.requests[recordIndex].outcome = .unhandled
            return (recordIndex, state.stubs, state.answerCounts)
        }
        let message = UnhandledRequestReport.message(for: request, stubs: stubs, answerCounts: counts) + (note.map { "\n" + $0 } ?? "")
        failures.report(message, at: createdAt)
        let error = URLErrorBox(
            code: .resourceUnavailable,
            message: "No stub matches \(request.summary); the test's failure lists the registered stubs"
        )
        return DeliveryPlan(
            result: .failure(error, url: request.url), delayNanoseconds: 0, bytesPerSecond: nil,
            recordIndex: recordIndex, outcome: .unhandled, isSettled: true
        )
    }

    /// Records how the request at `index` ended.
    func settle(_ index: Int, as outcome: RecordedHTTPRequest.Outcome) {
        state.withLock { state in
            guard state.requests.indices.contains(index) else { return }
            state.requests[index].outcome = outcome
        }
    }
}
