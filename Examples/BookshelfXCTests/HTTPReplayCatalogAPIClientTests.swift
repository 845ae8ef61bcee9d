import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The catalog API client replaying a recorded HAR cassette under XCTest.
// snippet: replay-xctest
final class HTTPReplayCatalogAPIClientTests: XCTestCase {
    func test_booksPage1_replayedFromCassette_decodesTheRecordedCatalog() async throws {
        // Given: the recorded cassette, replayed only (mode .none never touches the network)
        let stubs = HTTPStubRegistry()
        stubs.useCassette(named: "Cassettes/catalog-session.har", from: .bookshelfAPI, mode: .none)
        let client = CatalogAPIClient(baseURL: try XCTUnwrap(URL(string: "https://api.bookshelf.example")), session: stubs.session)

        // When
        let token = try await client.logIn(username: "ada", password: "s3cret!")
        let page = try await client.books(page: 1, token: token)

        // Then
        XCTAssertEqual(page.books.first?.title, "Dune")
        stubs.expectRequested(.get("/books").query(["page": "1"]), count: 1)
    }
    // end-snippet

    func test_books_replayedWithHeaderMatchingAndRedaction_decodesThreeBooks() async throws {
        let stubs = HTTPStubRegistry()
        stubs.useCassette(
            named: "Cassettes/catalog-session.har", from: .bookshelfAPI, mode: HTTPRecordMode.none,
            options: .init(
                matching: HTTPReplayMatching.methodAndURL.including(headers: "Accept"),
                redacting: HTTPRedaction.default.redactingJSONFields("token")))
        let client = CatalogAPIClient(baseURL: try XCTUnwrap(URL(string: "https://api.bookshelf.example")), session: stubs.session)

        let page = try await client.books(page: 1, token: AuthToken(value: "any"))

        XCTAssertEqual(page.books.count, 3)
    }

    func test_cassette_asRecorded_holdsNoPasswordOrBearerToken() throws {
        let cassette = try HTTPCassette(harData: FixtureLoader.bookshelfAPI.data(named: "Cassettes/catalog-session.har"))
        let written = String(decoding: cassette.harData(), as: UTF8.self)

        XCTAssertEqual(cassette.interactions.map(\.method), ["POST", "GET"])
        XCTAssertFalse(written.contains("s3cret") || written.contains("Bearer"))
    }

    func test_passUnmatchedRequests_toAnotherSession_answersWhatNoStubMatches() async throws {
        // Given: the "real" backend is a second registry here, so the example needs no network
        let backend = HTTPStubRegistry()
        backend.stub(.get("/books").query(["page": "1"]), with: .json(#"{"books": [], "nextPage": null}"#))
        let stubs = HTTPStubRegistry()
        stubs.stub(.post("/login"), with: .json(#"{"token": "abc123"}"#))
        stubs.passUnmatchedRequests(to: backend.session)
        let client = CatalogAPIClient(baseURL: try XCTUnwrap(URL(string: "https://api.bookshelf.example")), session: stubs.session)

        // When
        let token = try await client.logIn(username: "ada", password: "s3cret!")
        let page = try await client.books(page: 1, token: token)

        // Then
        XCTAssertTrue(page.books.isEmpty)
        backend.expectRequested(.get("/books"), count: 1)
    }

    func test_useCassette_missingFromBundle_recordsIntoNamedDirectory() async throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment[HTTPRecordMode.environmentVariable] != nil, "a record mode is forced from outside")
        // Given: a fake "real" backend (a second registry) so the example needs no network
        let backend = HTTPStubRegistry()
        backend.stub(.get("/books").query(["page": "1"]), with: .json(#"{"books": [], "nextPage": null}"#))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        let stubs = HTTPStubRegistry()
        stubs.useCassette(
            named: "Cassettes/new-session", from: .bookshelfAPI, recordingInto: directory, mode: .once,
            options: .init(recordingThrough: backend.session))
        let client = CatalogAPIClient(baseURL: try XCTUnwrap(URL(string: "https://api.bookshelf.example")), session: stubs.session)

        // When
        _ = try await client.books(page: 1, token: AuthToken(value: "secret-token"))

        // Then
        let written = try String(contentsOf: directory.appendingPathComponent("Cassettes/new-session.har"), encoding: .utf8)
        XCTAssertTrue(written.contains("https://api.bookshelf.example/books?page=1"))
        XCTAssertFalse(written.contains("secret-token"))
    }
}
