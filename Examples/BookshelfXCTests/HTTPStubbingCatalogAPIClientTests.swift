import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The catalog API client tested against stubbed HTTP: each test owns its registry.
// snippet: quick-start-xctest
final class HTTPStubbingCatalogAPIClientTests: XCTestCase {
    private let stubs = HTTPStubRegistry()
    private let token = AuthToken(value: "abc123")
    private let dune = Book(
        id: .sequential(1),
        title: "Dune", author: "Frank Herbert", status: .reading,
        addedAt: Date(timeIntervalSince1970: 1_700_000_000)
    )

    override func tearDown() {
        stubs.expectNoUnhandledRequests()
        super.tearDown()
    }

    private func makeClient() throws -> CatalogAPIClient {
        CatalogAPIClient(
            baseURL: try XCTUnwrap(
                URL(string: "https://api.bookshelf.example")
            ),
            session: stubs.session
        )
    }

    func test_logIn_withCredentials_sendsFormAndGetsToken() async throws {
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
        XCTAssertEqual(received, token)
        stubs.expectRequested(.post("/login"), count: 1)
    }
    // end-snippet

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
        stubs.expectRequested(.get("/books").header("Authorization", "Bearer abc123"), count: 1)
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
        stubs.stub(.get("/books"), times: 2, inOrder: [.error(.timedOut), .json(page, encoder: CatalogAPIClient.encoder)])
        let client = try makeClient()

        let first = try? await client.books(page: 1, token: token)
        let retried = try await client.books(page: 1, token: token)

        XCTAssertNil(first)
        XCTAssertEqual(retried, page)
        stubs.expectRequested(.get("/books"), count: 2)
    }

    func test_logIn_retriedAfterOneRejection_getsTokenFromFallbackStub() async throws {
        // Given
        stubs.stub(.post("/login"), with: .json(#"{"token": "abc123"}"#))  // the fallback, registered first
        let rejection = stubs.stub(.post("/login"), times: 1, with: .status(401))  // answers first, once
        let client = try makeClient()

        // When
        let first = try? await client.logIn(username: "ada", password: "s3cret!")
        let received = try await client.logIn(username: "ada", password: "s3cret!")

        // Then
        XCTAssertNil(first)
        XCTAssertEqual(received, token)
        XCTAssertEqual(rejection.answerCount, 1)
    }

    func test_books_insideWithHTTPStubsScope_decodesPage() async throws {
        let page = CatalogPage(books: [dune], nextPage: nil)
        let baseURL = try XCTUnwrap(URL(string: "https://api.bookshelf.example"))

        // snippet: scope-xctest
        try await withHTTPStubs { stubs in
            stubs.stub(.get("/books"), with: .json(page, encoder: CatalogAPIClient.encoder))
            let client = CatalogAPIClient(baseURL: baseURL, session: stubs.session)

            let loaded = try await client.books(page: 1, token: token)

            XCTAssertEqual(loaded, page)
        }
        // end-snippet
    }

    func test_logIn_withNoMatchingStub_failsWithURLErrorAndReportsTheRequest() async throws {
        let baseURL = try XCTUnwrap(URL(string: "https://api.bookshelf.example"))
        let code = Locked<URLError.Code?>(nil)

        // snippet: unhandled-xctest
        let failures = await FailureReporter.collectFailures {
            // Created inside, so the collector receives its failures:
            let stubs = HTTPStubRegistry()
            stubs.stub(.get("/books"), with: .ok)
            let client = CatalogAPIClient(baseURL: baseURL, session: stubs.session)
            do {
                _ = try await client.logIn(username: "ada", password: "s3cret!")
            } catch {
                code.withLock { $0 = (error as? URLError)?.code }
            }
            stubs.expectNoUnhandledRequests()
        }

        XCTAssertEqual(code.value, .resourceUnavailable)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.message.hasPrefix(
                "No stub matches POST https://api.bookshelf.example/login") == true)
        // end-snippet
    }

    func test_addBook_withJSONTextStubInAnyKeyOrder_matchesBody() async throws {
        stubs.stub(
            .post("/books").body(.json(#"{"status": "reading", "author": "Frank Herbert", "title": "Dune"}"#)),
            with: .json(dune, encoder: CatalogAPIClient.encoder, status: 201)
        )
        let client = try makeClient()

        let stored = try await client.addBook(NewBook(title: "Dune", author: "Frank Herbert", status: .reading), token: token)

        XCTAssertEqual(stored, dune)
    }

    func test_books_whenCatalogMoved_followsRedirectRecordingEachHop() async throws {
        // Given
        // snippet: redirect-xctest
        let page = CatalogPage(books: [dune], nextPage: nil)
        stubs.stub(.get("/books"), with: .redirect(to: "/v2/books?page=1", status: 301))
        stubs.stub(.method(.get).path("/*/books"), with: .json(page, encoder: CatalogAPIClient.encoder))
        let client = try makeClient()

        // When
        let loaded = try await client.books(page: 1, token: token)

        // Then
        XCTAssertEqual(loaded, page)
        XCTAssertEqual(stubs.requests.map(\.path), ["/books", "/v2/books"])
        let moved = try XCTUnwrap(URL(string: "https://api.bookshelf.example/v2/books?page=1"))
        XCTAssertEqual(stubs.requests.first?.outcome, .redirected(statusCode: 301, location: moved))
        XCTAssertEqual(stubs.requests.last?.redirectedFrom?.path, "/books")
        // end-snippet
    }

    func test_logIn_always_recordsFormFieldsAndOutcome() async throws {
        // Given
        stubs.stub(.post("/login"), with: .json(#"{"token": "abc123"}"#))
        let client = try makeClient()

        // When
        _ = try await client.logIn(username: "ada", password: "s3cret!")

        // Then
        // snippet: recording-xctest
        let sent = try XCTUnwrap(stubs.requests(matching: .post("/login")).first)
        XCTAssertEqual(sent.method, HTTPMethod.post.rawValue)
        XCTAssertEqual(sent.header("content-type"), "application/x-www-form-urlencoded")
        XCTAssertEqual(sent.bodyText, "password=s3cret%21&username=ada")
        XCTAssertEqual(sent.formFields, ["username": "ada", "password": "s3cret!"])
        XCTAssertEqual(sent.outcome, .responded(statusCode: 200))
        XCTAssertTrue(stubs.unhandledRequests.isEmpty)
        // end-snippet
    }

    func test_verify_withWrongCount_reportsExpectedCountAndRequestsSeen() async throws {
        // Given
        stubs.stub(.get("/books"), with: .json(CatalogPage(books: [], nextPage: nil), encoder: CatalogAPIClient.encoder))
        let client = try makeClient()
        _ = try await client.books(page: 1, token: token)

        // When
        let failures = FailureReporter.collectFailures {
            stubs.expectRequested(.post("/login"), count: 1)
        }

        // Then
        XCTAssertEqual(
            failures.map(\.message),
            [
                """
                Expected 1 POST /login, saw 0; requests seen (1):
                  1. GET https://api.bookshelf.example/books?page=1 → 200
                closest: 1. GET https://api.bookshelf.example/books?page=1: method is GET, expected POST; path is /books, expected /login
                """
            ])
    }

    func test_books_withPriorityStubAndBroadFallback_getsTheSpecificAnswer() async throws {
        // Given
        // snippet: matchers-xctest
        let page = CatalogPage(books: [dune], nextPage: nil)
        stubs.stub(.get("/books").query(exactly: ["page": "2"]), priority: 1, with: .json(page, encoder: CatalogAPIClient.encoder))
        stubs.stub(.any.urlMatching(#"/books\?page=\d+$"#) || .any.pathSuffix("/catalog"), with: .status(503))
        // end-snippet
        let client = try makeClient()

        // When
        let loaded = try await client.books(page: 2, token: token)

        // Then
        XCTAssertEqual(loaded, page)
        do {
            _ = try await client.books(page: 3, token: token)
            XCTFail("expected the fallback's 503")
        } catch {
            XCTAssertEqual(error as? CatalogAPIError, .unexpectedStatus(503))
        }
    }

    func test_books_withThrottledResponse_decodesOnceEveryChunkArrived() async throws {
        // Given
        // snippet: throttled-xctest
        let page = CatalogPage(books: [dune], nextPage: nil)
        stubs.stub(
            .get("/books"), with: HTTPStubResponse.json(page, encoder: CatalogAPIClient.encoder).throttled(bytesPerSecond: 1_000_000))
        // end-snippet
        let client = try makeClient()

        // When
        let loaded = try await client.books(page: 1, token: token)

        // Then
        XCTAssertEqual(loaded, page)
    }

    func test_verify_withWrongHeader_showsClosestRequestsHeader() async throws {
        // Given
        stubs.stub(.get("/books"), with: .json(CatalogPage(books: [], nextPage: nil), encoder: CatalogAPIClient.encoder))
        let client = try makeClient()
        _ = try await client.books(page: 1, token: AuthToken(value: "expired"))

        // When
        let failures = FailureReporter.collectFailures {
            stubs.expectRequested(.get("/books").header("Authorization", "Bearer abc123"))
        }

        // Then
        XCTAssertTrue(
            failures.first?.message.hasSuffix(
                #"closest: 1. GET https://api.bookshelf.example/books?page=1: header Authorization is "Bearer expired", expected "Bearer abc123""#
            ) == true, "\(failures)")
    }
}
