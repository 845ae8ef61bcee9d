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
///     stubs.stub(
///         .get("https://api.example.com/books").query(["page": "2"]),
///         with: .json(page, encoder: CatalogAPIClient.encoder)
///     )
///     let baseURL = try #require(URL(string: "https://api.example.com"))
///     let client = CatalogAPIClient(baseURL: baseURL, session: stubs.session)
///
///     let loaded = try await client.books(
///         page: 2, token: AuthToken(value: "abc"))
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
/// [`withHTTPStubs(followsRedirects:_:)`](<doc:withHTTPStubs(followsRedirects:fileID:filePath:line:column:_:)>)
/// ends, or when the registry is deallocated. Under XCTest it is reported at once.
public final class HTTPStubRegistry: Sendable {
    struct State {
        /// The registered stubs in answering order, indexed for matching.
        var index = StubIndex()
        /// Indexed by stub ID (ID 0 is never used); kept when a stub is removed.
        var answerCounts: [Int] = [0]
        /// Indexed by stub ID: whether the stub is still registered.
        var isRegistered: [Bool] = [false]
        /// Every request seen since the last `clearRecorded()`; a request in flight holds its
        /// position, to record how it ended.
        var requests = RecordedLog<RecordedHTTPRequest, Never>()
        var session: URLSession?
        /// Protocol classes made for configurations (one each), forgotten at deinit.
        var extraProtocolClasses: [AnyClass] = []
        /// Per fully described matcher: how many of the first `scanned` requests it matches, so
        /// calling `expectRequested` after every request costs the new requests only.
        var verifiedCounts: [String: (scanned: Int, count: Int)] = [:]
        /// Answers requests no stub matched, later and on any thread; `nil` (the default) leaves
        /// them unhandled. Set by pass-through and cassette recording.
        var unmatchedRequestHandler: UnmatchedRequestHandler?
    }

    static let maximumRedirects = 16

    let state = Locked(State())
    /// Keeps unhandled-request failures found on URLSession threads for the test's own task.
    let failures: OffTaskFailureReporter
    let createdAt: CallSite

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
    let binding: SessionBinding

    /// Sends requests no stub matches to `handler` (pass-through, cassette recording), or
    /// leaves them unhandled again when it is `nil`.
    func handleUnmatchedRequests(with handler: UnmatchedRequestHandler?) {
        state.withLock { $0.unmatchedRequestHandler = handler }
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
        stub(matcher, priority: priority, times: times, inOrder: [response], fileID: fileID, filePath: filePath, line: line, column: column)
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
    ///   - priority: Higher answers first; see
    ///     [`stub(_:priority:times:with:)`](<doc:stub(_:priority:times:with:fileID:filePath:line:column:)>).
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
            matcher, priority: priority, times: times, inOrder: [.respond(respond)], fileID: fileID, filePath: filePath, line: line,
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
    /// // The fallback, registered first:
    /// stubs.stub(.get("/books"), with: .json(pageOne))
    /// stubs.stub(
    ///     .get("/books"), times: 2, inOrder: [.error(.timedOut), .status(503)])
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: Which requests to answer.
    ///   - priority: Higher answers first; see
    ///     [`stub(_:priority:times:with:)`](<doc:stub(_:priority:times:with:fileID:filePath:line:column:)>).
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
        let problem =
            responses.isEmpty
            ? "A response sequence needs at least one response; an empty one registers nothing"
            : times.flatMap { $0 < 1 ? "A stub must answer at least once; times: \($0) registers nothing" : nil }
        if let problem {
            FailureReporter.report("\(problem) for \(matcher)", at: site)
            return HTTPStub(id: 0, description: "\(matcher) (not registered)", registry: self)
        }
        let entry = state.withLock { state in
            let entry = StubEntry(
                id: state.answerCounts.count, matcher: matcher, responses: responses, limit: times, priority: priority, registeredAt: site)
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
            for stub in state.index.entries { state.isRegistered[stub.id] = false }
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
        state.withLock { $0.requests.entries }
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
    public func clearRecorded() {
        state.withLock { state in
            state.requests.clear()
            state.verifiedCounts.removeAll()
        }
    }
}
