import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The test README.md shows: HTTP stubs owned by one test, answered from a recorded response.
@Suite("CatalogAPIClient.books(page:token:) from a recorded response")
struct ReadmeExampleTests {
    // snippet: readme
    @Test("books(page:) sends the page and the token, and decodes the catalog's answer")
    func booksFromRecordedResponse() async throws {
        let stubs = HTTPStubRegistry()  // this test's own stubs: tests running in parallel never see them
        stubs.stub(.get("/books").query(["page": "1"]), with: .fixture("Catalog/page-1.json", from: .bookshelfAPI))
        let client = CatalogAPIClient(baseURL: try #require(URL(string: "https://api.bookshelf.example")), session: stubs.session)

        let page = try await client.books(page: 1, token: AuthToken(value: "abc123"))

        #expect(page.books.map(\.title) == ["Dune", "Middlemarch", "Piranesi"])
        stubs.expectRequested(.get("/books").header("Authorization", "Bearer abc123"), count: 1)
    }
    // end-snippet
}
