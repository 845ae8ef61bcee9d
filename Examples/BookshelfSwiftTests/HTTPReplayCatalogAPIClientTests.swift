import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The catalog API client replaying a recorded HAR cassette: the responses a real server gave
/// once, redacted, kept as a fixture, replayed in every run without the network.
// snippet: replay-swift-testing
@Suite("CatalogAPIClient replaying a recorded cassette")
struct HTTPReplayCatalogAPIClientTests {
    /// Where recordings go: the fixtures folder in the source tree, not the
    /// built bundle.
    static let cassettesSource = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("BookshelfTestSupport/Fixtures")

    @Test("Logging in and loading page 1 replays the recorded catalog")
    func replaysRecordedSession() async throws {
        // Given: replay only; TESTSUPPORTKIT_RECORD_MODE=once with the
        // cassette deleted records it again
        let stubs = HTTPStubRegistry()
        stubs.useCassette(
            named: "Cassettes/catalog-session.har", from: .bookshelfAPI,
            recordingInto: Self.cassettesSource, mode: .none)
        let client = CatalogAPIClient(
            baseURL: try #require(
                URL(string: "https://api.bookshelf.example")),
            session: stubs.session)

        // When
        let token = try await client.logIn(
            username: "ada", password: "s3cret!")
        let page = try await client.books(page: 1, token: token)

        // Then
        #expect(page.books.first?.title == "Dune")
        stubs.expectRequested(.get("/books").query(["page": "1"]), count: 1)
    }
    // end-snippet

    @Test("A misspelt cassette name fails at the call with the fixture loader's suggestion")
    func misspeltCassette() {
        let stubs = HTTPStubRegistry()
        let line = #line + 2
        withKnownIssue {
            stubs.useCassette(named: "Cassettes/catalog-sesion.har", from: .bookshelfAPI, mode: .none)
        } matching: { issue in
            issue.sourceLocation?.line == line
                && issue.comments.contains { $0.rawValue.contains(#"Did you mean "Cassettes/catalog-session.har"?"#) }
        }
    }

    @Test("Replay can also require the recorded Accept header and redact the token field")
    func replaysWithHeaderMatching() async throws {
        let stubs = HTTPStubRegistry()
        stubs.useCassette(
            named: "Cassettes/catalog-session.har", from: .bookshelfAPI, mode: HTTPRecordMode.none,
            options: .init(
                matching: HTTPReplayMatching.methodAndURL.including(headers: "Accept"),
                redacting: HTTPRedaction.default.redactingJSONFields("token")))
        let client = CatalogAPIClient(baseURL: try #require(URL(string: "https://api.bookshelf.example")), session: stubs.session)

        let page = try await client.books(page: 1, token: AuthToken(value: "any"))

        #expect(page.books.count == 3)
    }

    @Test("The recorded cassette holds no password or bearer token")
    func cassetteHoldsNoSecrets() throws {
        let cassette = try HTTPCassette(harData: FixtureLoader.bookshelfAPI.data(named: "Cassettes/catalog-session.har"))
        let written = String(decoding: cassette.harData(), as: UTF8.self)

        #expect(cassette.interactions.map(\.method) == ["POST", "GET"])
        #expect(!written.contains("s3cret") && !written.contains("Bearer"))
    }

    @Test("With pass-through on, requests no stub matches go to another session")
    func passesUnmatchedRequestsThrough() async throws {
        // Given: the "real" backend is a second registry here, so the example needs no network
        let backend = HTTPStubRegistry()
        backend.stub(.get("/books").query(["page": "1"]), with: .json(#"{"books": [], "nextPage": null}"#))
        let stubs = HTTPStubRegistry()
        stubs.stub(.post("/login"), with: .json(#"{"token": "abc123"}"#))
        stubs.passUnmatchedRequests(to: backend.session)
        let client = CatalogAPIClient(baseURL: try #require(URL(string: "https://api.bookshelf.example")), session: stubs.session)

        // When
        let token = try await client.logIn(username: "ada", password: "s3cret!")
        let page = try await client.books(page: 1, token: token)

        // Then
        #expect(page.books.isEmpty)
        backend.expectRequested(.get("/books"), count: 1)
    }

    @Test(
        "A cassette missing from the bundle is recorded into the directory you name",
        .enabled(if: ProcessInfo.processInfo.environment[HTTPRecordMode.environmentVariable] == nil)
    )
    func recordsMissingCassette() async throws {
        // Given: a fake "real" backend (a second registry) so the example needs no network
        let backend = HTTPStubRegistry()
        backend.stub(.get("/books").query(["page": "1"]), with: .json(#"{"books": [], "nextPage": null}"#))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        let stubs = HTTPStubRegistry()
        stubs.useCassette(
            named: "Cassettes/new-session", from: .bookshelfAPI, recordingInto: directory, mode: .once,
            options: .init(recordingThrough: backend.session))
        let client = CatalogAPIClient(baseURL: try #require(URL(string: "https://api.bookshelf.example")), session: stubs.session)

        // When
        _ = try await client.books(page: 1, token: AuthToken(value: "secret-token"))

        // Then
        let written = try String(contentsOf: directory.appendingPathComponent("Cassettes/new-session.har"), encoding: .utf8)
        #expect(written.contains("https://api.bookshelf.example/books?page=1"))
        #expect(!written.contains("secret-token"))
    }
}
