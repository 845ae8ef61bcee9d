import Bookshelf
import BookshelfTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupportKit
import XCTest

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
        stubs.verify(.get("/books").query(["page": "1"]), count: 1)
    }
}
// end-snippet
