import Bookshelf
import BookshelfTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
import TestSupportKit

/// The catalog API client tested against stubbed HTTP: each test owns its registry, so the
/// suite runs in parallel without tests seeing each other's stubs.
@Suite("CatalogAPIClient over stubbed HTTP")
struct HTTPStubbingCatalogAPIClientTests {
    private let stubs = HTTPStubRegistry()
    private let token = AuthToken(value: "abc123")
    private let dune = Book(
        id: .sequential(1),
        title: "Dune", author: "Frank Herbert", status: .reading,
        addedAt: Date(timeIntervalSince1970: 1_700_000_000)
    )

    private func makeClient() throws -> CatalogAPIClient {
        CatalogAPIClient(baseURL: try #require(URL(string: "https://api.bookshelf.example")), session: stubs.session)
    }

    @Test("logIn sends the credentials as form fields and returns the token")
    func logInSendsCredentials() async throws {
        // Given
        stubs.stub(.post("/login").body(.formFields(["username": "ada", "password": "s3cret!"])), with: .json(#"{"token": "abc123"}"#))
        let client = try makeClient()

        // When
        let received = try await client.logIn(username: "ada", password: "s3cret!")

        // Then
        #expect(received == token)
        stubs.verify(.post("/login"), count: 1)
    }

    @Test("logIn with a rejected password throws invalidCredentials")
    func logInRejected() async throws {
        stubs.stub(.post("/login"), with: .status(401))
        let client = try makeClient()

        await #expect(throws: CatalogAPIError.invalidCredentials) {
            try await client.logIn(username: "ada", password: "wrong")
        }
    }

    @Test("books(page:) asks for the page with the bearer token and decodes it")
    func booksSendsPageAndToken() async throws {
        let page = CatalogPage(books: [dune], nextPage: 3)
        stubs.stub(
            .get("/books").query(["page": "2"]).header("Authorization", "Bearer abc123"),
            with: .json(page, encoder: CatalogAPIClient.encoder)
        )
        let client = try makeClient()

        let loaded = try await client.books(page: 2, token: token)

        #expect(loaded == page)
    }

    @Test("addBook posts the book as JSON and returns the stored book")
    func addBookPostsJSON() async throws {
        let draft = NewBook(title: "Dune", author: "Frank Herbert", status: .reading)
        stubs.stub(
            .post("/books").body(.json(draft, encoder: CatalogAPIClient.encoder)),
            with: .json(dune, encoder: CatalogAPIClient.encoder, status: 201)
        )
        let client = try makeClient()

        let stored = try await client.addBook(draft, token: token)

        #expect(stored == dune)
        let sent = try #require(stubs.requests.last)
        #expect(try sent.decodeJSONBody(NewBook.self, decoder: CatalogAPIClient.decoder) == draft)
        #expect(sent.header("Content-Type") == "application/json")
    }

    @Test("books(page:) while offline throws the URLError")
    func booksOffline() async throws {
        stubs.stub(.get("/books"), with: .error(.notConnectedToInternet))
        let client = try makeClient()

        let error = await #expect(throws: URLError.self) {
            try await client.books(page: 1, token: token)
        }

        #expect(error?.code == .notConnectedToInternet)
    }

    @Test("books(page:) after a server error throws unexpectedStatus")
    func booksServerError() async throws {
        stubs.stub(.get("/books"), with: .text("Internal Server Error", status: 500))
        let client = try makeClient()

        await #expect(throws: CatalogAPIError.unexpectedStatus(500)) {
            try await client.books(page: 1, token: token)
        }
    }

    @Test("books(page:) with a malformed body throws malformedResponse")
    func booksMalformed() async throws {
        stubs.stub(.get("/books"), with: .json(#"{"items": []}"#))
        let client = try makeClient()

        await #expect(throws: CatalogAPIError.malformedResponse) {
            try await client.books(page: 1, token: token)
        }
    }

    @Test("A retry after a timeout gets the second response of a sequence")
    func sequenceOfResponses() async throws {
        let page = CatalogPage(books: [], nextPage: nil)
        stubs.stub(.get("/books"), sequence: [.error(.timedOut), .json(page, encoder: CatalogAPIClient.encoder)])
        let client = try makeClient()

        await #expect(throws: URLError.self) { try await client.books(page: 1, token: token) }
        let retried = try await client.books(page: 1, token: token)

        #expect(retried == page)
        stubs.verify(.get("/books"), count: 2)
    }
}
