import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import Testing

/// Reading the catalog API's responses from fixture files instead of the network.
@Suite("Catalog API responses from fixtures")
struct FixturesCatalogResponseTests {
    // snippet: first-catalog-page
    let fixtures = FixtureLoader.bookshelfAPI

    @Test("The first catalog page lists three books and points at page two")
    func firstCatalogPage() throws {
        // Given the first page of the catalog response
        let name = "Catalog/page-1.json"

        // When it is decoded
        let page = try fixtures.decode(CatalogPage.self, named: name)

        // Then it lists three books and points at the next page
        #expect(page.books.map(\.title) == ["Dune", "Middlemarch", "Piranesi"])
        #expect(page.nextPage == 2)
    }
    // end-snippet

    @Test("The last catalog page has no next page")
    func lastCatalogPage() throws {
        let page = try fixtures.decode(CatalogPage.self, named: "Catalog/page-2")

        #expect(page.nextPage == nil)
    }

    @Test("A book response decodes its status and ISO-8601 date")
    func bookResponse() throws {
        let book = try fixtures.decode(Book.self, named: "book.json")

        #expect(book.status == .reading)
        #expect(book.addedAt == Date(timeIntervalSince1970: 1_709_285_400))
    }

    // snippet: templated-fixture
    @Test("The book template is filled with the test's values before decoding")
    func bookTemplate() throws {
        // Given a book id the test controls
        let id = try #require(
            UUID(uuidString: "9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D"))

        // When the templated response is decoded with it
        let book = try fixtures.decode(
            Book.self,
            named: "book-template.json",
            substituting: [
                "id": id.uuidString, "title": "Kindred",
                "status": ReadingStatus.finished.rawValue,
            ]
        )

        // Then the book carries the values the test chose
        #expect(book.id == id)
        #expect(book.title == "Kindred")
        #expect(book.status == .finished)
    }

    @Test("The filled template is a response body with the chosen id")
    func templateBody() throws {
        // The filled bytes are what an HTTP stub returns as its response
        // body.
        let body = try fixtures.data(
            named: "book-template.json",
            substituting: ["id": "42", "title": "Kindred", "status": "reading"])

        #expect(
            String(decoding: body, as: UTF8.self).contains("\"id\": \"42\""))
    }
    // end-snippet

    @Test("The wire format spells statuses in snake case")
    func wireFormat() throws {
        let payload = try fixtures.jsonDictionary(named: "Catalog/page-1.json")
        let books = try #require(payload["books"] as? [[String: Any]])

        #expect(books.compactMap { $0["status"] as? String } == ["finished", "reading", "want_to_read"])
    }

    @Test("Every catalog page fixture decodes")
    func everyPageDecodes() throws {
        let pages = try fixtures.names(under: "Catalog")

        #expect(pages == ["Catalog/page-1.json", "Catalog/page-2.json"])
        for name in pages {
            #expect(throws: Never.self, "\(name)") { try fixtures.decode(CatalogPage.self, named: name) }
        }
    }

    @Test("A misspelt name throws an error suggesting the real names")
    func misspeltName() {
        let error = #expect(throws: FixtureError.self) { try fixtures.data(named: "Catalog/page-l.json") }

        #expect(error?.kind == .notFound(suggestions: ["Catalog/page-1.json", "Catalog/page-2.json"]))
    }

    @Test("The reporting form unwraps with #require")
    func reportingForm() throws {
        // The reporting form fails the test at this line with the loader's message instead of throwing.
        let book = try #require(fixtures.reporting.decode(Book.self, named: "book"))

        #expect(book.author == "Ursula K. Le Guin")
    }
}
