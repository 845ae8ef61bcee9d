import Bookshelf
import BookshelfTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupportKit
import XCTest

/// The catalog API client tested against stubbed HTTP: each test owns its registry.
final class HTTPStubbingCatalogAPIClientTests: XCTestCase {
    private let stubs = HTTPStubRegistry()
    private let token = AuthToken(value: "abc123")
    private let dune = Book(
        id: .sequential(1),
        title: "Dune", author: "Frank Herbert", status: .reading,
        addedAt: Date(timeIntervalSince1970: 1_700_000_000)
    )

    override func tearDown() {
        stubs.verifyNoUnhandledRequests()
        super.tearDown()
    }

    private func makeClient() throws -> CatalogAPIClient {
        CatalogAPIClient(baseURL: try XCTUnwrap(URL(string: "https://api.bookshelf.example")), session: stubs.session)
    }

    func test_logIn_withCredentials_sendsThemAsFormFieldsAndReturnsToken() async throws {
        // Given
        stubs.stub(.post("/login").body(.formFields(["username": "ada", "password": "s3cret!"])), with: .json(#"{"token": "abc123"}"#))
        let client = try makeClient()

        // When
        let received = try await client.logIn(username: "ada", password: "s3cret!")

        // Then
        XCTAssertEqual(received, token)
        stubs.verify(.post("/login"), count: 1)
    }

    func test_logIn_whenRejected_throwsInvalidCredentials() async throws {
        stubs.stub(.post("/login"), with: .status(401))
        let client = try makeClient()

        do {
            _ = try await client.logIn(username: "ada", password: "wrong")
            XCTFail("Expected logIn to throw")
        } catch {
            XCTAssertEqual(error as? CatalogAPIError, .invalidCredentials)
        }
    }

    func test_books_forPage_sendsPageAndTokenAndDecodesPage() async throws {
        let page = CatalogPage(books: [dune], nextPage: 3)
        stubs.stub(
            .get("/books").query(["page": "2"]).header("Authorization", "Bearer abc123"),
            with: .json(page, encoder: CatalogAPIClient.encoder)
        )
        let client = try makeClient()

        let loaded = try await client.books(page: 2, token: token)

        XCTAssertEqual(loaded, page)
    }

    func test_books_fromRecordedResponse_decodesTheCatalogsAnswer() async throws {
        // Given
        stubs.stub(.get("/books").query(["page": "1"]), with: .fixture("Catalog/page-1.json", from: .bookshelfAPI))
        let client = try makeClient()

        // When
        let page = try await client.books(page: 1, token: token)

        // Then
        XCTAssertEqual(page.books.map(\.title), ["Dune", "Middlemarch", "Piranesi"])
        stubs.verify(.get("/books").header("Authorization", "Bearer abc123"), count: 1)
    }

    func test_addBook_withDraft_postsJSONAndReturnsStoredBook() async throws {
        let draft = NewBook(title: "Dune", author: "Frank Herbert", status: .reading)
        stubs.stub(
            .post("/books").body(.json(draft, encoder: CatalogAPIClient.encoder)),
            with: .json(dune, encoder: CatalogAPIClient.encoder, status: 201)
        )
        let client = try makeClient()

        let stored = try await client.addBook(draft, token: token)

        XCTAssertEqual(stored, dune)
        let sent = try XCTUnwrap(stubs.requests.last)
        XCTAssertEqual(try sent.decodeJSONBody(NewBook.self, decoder: CatalogAPIClient.decoder), draft)
        XCTAssertEqual(sent.header("Content-Type"), "application/json")
    }

    func test_books_whenOffline_throwsURLError() async throws {
        stubs.stub(.get("/books"), with: .error(.notConnectedToInternet))
        let client = try makeClient()

        do {
            _ = try await client.books(page: 1, token: token)
            XCTFail("Expected books(page:) to throw")
        } catch {
            XCTAssertEqual((error as? URLError)?.code, .notConnectedToInternet)
        }
    }

    func test_books_afterServerError_throwsUnexpectedStatus() async throws {
        stubs.stub(.get("/books"), with: .text("Internal Server Error", status: 500))
        let client = try makeClient()

        do {
            _ = try await client.books(page: 1, token: token)
            XCTFail("Expected books(page:) to throw")
        } catch {
            XCTAssertEqual(error as? CatalogAPIError, .unexpectedStatus(500))
        }
    }

    func test_books_withMalformedBody_throwsMalformedResponse() async throws {
        stubs.stub(.get("/books"), with: .json(#"{"items": []}"#))
        let client = try makeClient()

        do {
            _ = try await client.books(page: 1, token: token)
            XCTFail("Expected books(page:) to throw")
        } catch {
            XCTAssertEqual(error as? CatalogAPIError, .malformedResponse)
        }
    }

    func test_books_retriedAfterTimeout_getsSecondResponseOfSequence() async throws {
        let page = CatalogPage(books: [], nextPage: nil)
        stubs.stub(.get("/books"), sequence: [.error(.timedOut), .json(page, encoder: CatalogAPIClient.encoder)])
        let client = try makeClient()

        let first = try? await client.books(page: 1, token: token)
        let retried = try await client.books(page: 1, token: token)

        XCTAssertNil(first)
        XCTAssertEqual(retried, page)
        stubs.verify(.get("/books"), count: 2)
    }
}
