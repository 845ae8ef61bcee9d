import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The catalog API client tested against stubbed HTTP: each test owns its registry, so the
/// suite runs in parallel without tests seeing each other's stubs.
// snippet: quick-start-swift-testing
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
        CatalogAPIClient(
            baseURL: try #require(
                URL(string: "https://api.bookshelf.example")),
            session: stubs.session
        )
    }

    @Test("logIn sends the credentials as form fields, returns the token")
    func logInSendsCredentials() async throws {
        // Given
        stubs.stub(
            .post("/login")
                .body(
                    .formFields([
                        "username": "ada", "password": "s3cret!",
                    ])),
            with: .json(#"{"token": "abc123"}"#)
        )
        let client = try makeClient()

        // When
        let received = try await client.logIn(
            username: "ada", password: "s3cret!"
        )

        // Then
        #expect(received == token)
        stubs.expectRequested(.post("/login"), count: 1)
    }
    // end-snippet

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
        // snippet: sequence
        stubs.stub(
            .get("/books"), times: 2,
            inOrder: [
                .error(.timedOut),
                .json(page, encoder: CatalogAPIClient.encoder),
            ])
        // end-snippet
        let client = try makeClient()

        await #expect(throws: URLError.self) { try await client.books(page: 1, token: token) }
        let retried = try await client.books(page: 1, token: token)

        #expect(retried == page)
        stubs.expectRequested(.get("/books"), count: 2)
    }

    @Test("A login retried after one rejection gets the token from the fallback stub")
    func loginRetriedAfterRejection() async throws {
        // Given
        // snippet: times
        // The fallback, registered first:
        stubs.stub(.post("/login"), with: .json(#"{"token": "abc123"}"#))
        // Answers first, once:
        let rejection = stubs.stub(.post("/login"), times: 1, with: .status(401))
        // end-snippet
        let client = try makeClient()

        // When
        await #expect(throws: CatalogAPIError.invalidCredentials) {
            try await client.logIn(username: "ada", password: "s3cret!")
        }
        let received = try await client.logIn(username: "ada", password: "s3cret!")

        // Then
        #expect(received == token)
        #expect(rejection.answerCount == 1)
    }

    @Test("books(page:) inside a withHTTPStubs scope decodes the page")
    func booksInsideScope() async throws {
        let page = CatalogPage(books: [dune], nextPage: nil)
        let baseURL = try #require(URL(string: "https://api.bookshelf.example"))

        // snippet: scope-swift-testing
        try await withHTTPStubs { stubs in
            stubs.stub(
                .get("/books"),
                with: .json(page, encoder: CatalogAPIClient.encoder))
            let client = CatalogAPIClient(baseURL: baseURL, session: stubs.session)

            let loaded = try await client.books(page: 1, token: token)

            #expect(loaded == page)
        }
        // end-snippet
    }

    @Test("A request no stub matches fails with a URLError and is reported at verification")
    func unhandledRequestReported() async throws {
        // Given
        stubs.stub(.get("/books"), with: .ok)
        let client = try makeClient()

        // When
        let error = await #expect(throws: URLError.self) {
            try await client.logIn(username: "ada", password: "s3cret!")
        }

        // Then
        #expect(error?.code == .resourceUnavailable)
        // snippet: unhandled-swift-testing
        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue.contains(
                    "No stub matches POST https://api.bookshelf.example/login")
            }
        }
        // end-snippet
    }

    @Test("addBook's JSON body matches a stub written as JSON text, whatever the key order")
    func addBookMatchesJSONText() async throws {
        // snippet: json-body
        stubs.stub(
            .post("/books").body(
                .json(
                    #"""
                    {"status": "reading", "author": "Frank Herbert",
                     "title": "Dune"}
                    """#
                )),
            with: .json(dune, encoder: CatalogAPIClient.encoder, status: 201)
        )
        // end-snippet
        let client = try makeClient()

        let stored = try await client.addBook(NewBook(title: "Dune", author: "Frank Herbert", status: .reading), token: token)

        #expect(stored == dune)
    }

    @Test("A moved catalog is followed inside the registry, each hop recorded")
    func redirectRecordedHopByHop() async throws {
        // Given
        // snippet: redirect-swift-testing
        let page = CatalogPage(books: [dune], nextPage: nil)
        stubs.stub(
            .get("/books"), with: .redirect(to: "/v2/books?page=1", status: 301))
        stubs.stub(
            .method(.get).path("/*/books"),
            with: .json(page, encoder: CatalogAPIClient.encoder))
        let client = try makeClient()

        // When
        let loaded = try await client.books(page: 1, token: token)

        // Then
        #expect(loaded == page)
        #expect(stubs.requests.map(\.path) == ["/books", "/v2/books"])
        let moved = try #require(
            URL(string: "https://api.bookshelf.example/v2/books?page=1"))
        #expect(
            stubs.requests.first?.outcome
                == .redirected(statusCode: 301, location: moved))
        #expect(stubs.requests.last?.redirectedFrom?.path == "/books")
        // end-snippet
    }

    @Test("logIn's request is recorded with its form fields and its outcome")
    func logInRecorded() async throws {
        // Given
        stubs.stub(.post("/login"), with: .json(#"{"token": "abc123"}"#))
        let client = try makeClient()

        // When
        _ = try await client.logIn(username: "ada", password: "s3cret!")

        // Then
        // snippet: recording-swift-testing
        let sent = try #require(stubs.requests(matching: .post("/login")).first)
        #expect(sent.method == HTTPMethod.post.rawValue)
        #expect(sent.header("content-type") == "application/x-www-form-urlencoded")
        #expect(sent.bodyText == "password=s3cret%21&username=ada")
        #expect(sent.formFields == ["username": "ada", "password": "s3cret!"])
        #expect(sent.outcome == .responded(statusCode: 200))
        #expect(stubs.unhandledRequests.isEmpty)
        // end-snippet
    }

    @Test("verify reports the count it expected and lists the requests it saw")
    func verifyReportsRequestsSeen() async throws {
        // Given
        stubs.stub(.get("/books"), with: .json(CatalogPage(books: [], nextPage: nil), encoder: CatalogAPIClient.encoder))
        let client = try makeClient()
        _ = try await client.books(page: 1, token: token)

        // When
        // snippet: verify-swift-testing
        let failures = FailureReporter.collectFailures {
            stubs.expectRequested(.post("/login"), count: 1)
        }

        // Then
        #expect(
            failures.map(\.message) == [
                """
                Expected 1 POST /login, saw 0; requests seen (1):
                  1. GET https://api.bookshelf.example/books?page=1 → 200
                closest: 1. GET https://api.bookshelf.example/books?page=1: \
                method is GET, expected POST; path is /books, expected /login
                """
            ])
        // end-snippet
    }

    @Test("A specific stub with a priority answers before a broad fallback registered after it")
    func priorityBeatsRegistrationOrder() async throws {
        // Given
        // snippet: matchers-swift-testing
        let page = CatalogPage(books: [dune], nextPage: nil)
        stubs.stub(
            .get("/books").query(exactly: ["page": "2"]), priority: 1,
            with: .json(page, encoder: CatalogAPIClient.encoder))
        stubs.stub(
            .any.urlMatching(#"/books\?page=\d+$"#) || .any.pathSuffix("/catalog"),
            with: .status(503))
        // end-snippet
        let client = try makeClient()

        // When
        let loaded = try await client.books(page: 2, token: token)

        // Then
        #expect(loaded == page)
        await #expect(throws: CatalogAPIError.unexpectedStatus(503)) { try await client.books(page: 3, token: token) }
    }

    @Test("A throttled catalog page still decodes once every chunk has arrived")
    func throttledPageDecodes() async throws {
        // Given
        // snippet: throttled-swift-testing
        let page = CatalogPage(books: [dune], nextPage: nil)
        stubs.stub(
            .get("/books"),
            with: HTTPStubResponse.json(page, encoder: CatalogAPIClient.encoder)
                .throttled(bytesPerSecond: 1_000_000))
        // end-snippet
        let client = try makeClient()

        // When
        let loaded = try await client.books(page: 1, token: token)

        // Then
        #expect(loaded == page)
    }

    @Test("verify with a header shows the header the closest request sent")
    func verifyShowsClosestHeader() async throws {
        // Given
        stubs.stub(.get("/books"), with: .json(CatalogPage(books: [], nextPage: nil), encoder: CatalogAPIClient.encoder))
        let client = try makeClient()
        _ = try await client.books(page: 1, token: AuthToken(value: "expired"))

        // When
        let failures = FailureReporter.collectFailures {
            stubs.expectRequested(.get("/books").header("Authorization", "Bearer abc123"))
        }

        // Then
        #expect(
            failures.first?.message.hasSuffix(
                #"closest: 1. GET https://api.bookshelf.example/books?page=1: header Authorization is "Bearer expired", expected "Bearer abc123""#
            ) == true)
    }
}
