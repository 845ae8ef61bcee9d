import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import XCTest

/// Reading the catalog API's responses from fixture files instead of the network.
final class FixturesCatalogResponseTests: XCTestCase {
    private let fixtures = FixtureLoader.bookshelfAPI

    func test_decode_firstCatalogPage_listsThreeBooksAndPointsAtPageTwo() throws {
        // Given the first page of the catalog response
        let name = "Catalog/page-1.json"

        // When it is decoded
        let page = try fixtures.decode(CatalogPage.self, named: name)

        // Then it lists three books and points at the next page
        XCTAssertEqual(page.books.map(\.title), ["Dune", "Middlemarch", "Piranesi"])
        XCTAssertEqual(page.nextPage, 2)
    }

    func test_decode_lastCatalogPage_hasNoNextPage() throws {
        let page = try fixtures.decode(CatalogPage.self, named: "Catalog/page-2")

        XCTAssertNil(page.nextPage)
    }

    func test_decode_bookResponse_readsStatusAndISO8601Date() throws {
        let book = try fixtures.decode(Book.self, named: "book.json")

        XCTAssertEqual(book.status, .reading)
        XCTAssertEqual(book.addedAt, Date(timeIntervalSince1970: 1_709_285_400))
    }

    func test_decode_bookTemplate_fillsPlaceholdersBeforeDecoding() throws {
        // Given a book id the test controls
        let id = try XCTUnwrap(UUID(uuidString: "9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D"))

        // When the templated response is decoded with it
        let book = try fixtures.decode(
            Book.self,
            named: "book-template.json",
            substituting: ["id": id.uuidString, "title": "Kindred", "status": ReadingStatus.finished.rawValue]
        )

        // Then the book carries the values the test chose
        XCTAssertEqual(book.id, id)
        XCTAssertEqual(book.title, "Kindred")
        XCTAssertEqual(book.status, .finished)
    }

    func test_data_bookTemplate_givesResponseBodyWithChosenId() throws {
        // The filled bytes are what an HTTP stub returns as its response body.
        let body = try fixtures.data(named: "book-template.json", substituting: ["id": "42", "title": "Kindred", "status": "reading"])

        XCTAssertTrue(String(decoding: body, as: UTF8.self).contains("\"id\": \"42\""))
    }

    func test_jsonDictionary_bookResponse_usesSnakeCaseStatusOnTheWire() throws {
        let payload = try fixtures.jsonDictionary(named: "Catalog/page-1.json")
        let books = try XCTUnwrap(payload["books"] as? [[String: Any]])

        XCTAssertEqual(books.compactMap { $0["status"] as? String }, ["finished", "reading", "want_to_read"])
    }

    func test_names_catalogFolder_everyPageDecodes() throws {
        let pages = try fixtures.names(under: "Catalog")

        XCTAssertEqual(pages, ["Catalog/page-1.json", "Catalog/page-2.json"])
        for name in pages {
            XCTAssertNoThrow(try fixtures.decode(CatalogPage.self, named: name), name)
        }
    }

    func test_data_misspeltName_throwsErrorSuggestingTheRealNames() {
        XCTAssertThrowsError(try fixtures.data(named: "Catalog/page-l.json")) { error in
            XCTAssertEqual((error as? FixtureError)?.kind, .notFound(suggestions: ["Catalog/page-1.json", "Catalog/page-2.json"]))
        }
    }

    func test_reportingDecode_existingFixture_unwrapsWithoutThrowing() throws {
        // The reporting form fails the test at this line with the loader's message instead of throwing.
        let book = try XCTUnwrap(
            fixtures.reporting.decode(Book.self, named: "book"))

        XCTAssertEqual(book.author, "Ursula K. Le Guin")
    }
}
