import Foundation
import HTTPStubbing
import TestSupportTesting
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The matchers, delivery options, redirects and cookies under XCTest, through a real session.
final class HTTPStubbingFeatureXCTests: FailureRecordingTestCase {
    private func request(_ url: String, method: String = "GET", headers: [String: String] = [:]) throws -> URLRequest {
        var request = URLRequest(url: try XCTUnwrap(URL(string: url)))
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        return request
    }

    private func text(_ request: URLRequest, in session: URLSession) async throws -> (String, HTTPURLResponse) {
        let (data, response) = try await session.dataTaskResult(for: request)
        return (String(decoding: data, as: UTF8.self), try XCTUnwrap(response as? HTTPURLResponse))
    }

    func test_matchers_schemeExtensionSuffixAndRegularExpression_matchTheirParts() throws {
        let url = try XCTUnwrap(URL(string: "https://a.test/books/42/cover.png"))
        let request = RecordedHTTPRequest(url: url)

        XCTAssertTrue(HTTPRequestMatcher.any.scheme("https").matches(request))
        XCTAssertTrue(HTTPRequestMatcher.any.pathExtension("png").matches(request))
        XCTAssertTrue(HTTPRequestMatcher.any.pathSuffix("/cover.png").matches(request))
        XCTAssertTrue(HTTPRequestMatcher.any.urlMatching(#"/books/\d+/"#).matches(request))
        XCTAssertFalse(HTTPRequestMatcher.any.pathExtension("jpg").matches(request))
    }

    func test_combinators_orAndNot_explainTheCloserAlternative() throws {
        let request = RecordedHTTPRequest(method: .post, url: try XCTUnwrap(URL(string: "https://a.test/logout")))
        let matcher = HTTPRequestMatcher.get("/books") || .post("/login")

        XCTAssertEqual(
            matcher.mismatches(for: request), ["neither alternative matches; closest POST /login: path is /logout, expected /login"])
        XCTAssertTrue((!HTTPRequestMatcher.get("/books")).matches(request))
        XCTAssertTrue((HTTPRequestMatcher.method(.post) && .any.pathSuffix("out")).matches(request))
    }

    func test_query_flagWithoutValueAndExactQuery_areDistinguished() throws {
        let bare = RecordedHTTPRequest(url: try XCTUnwrap(URL(string: "https://a.test/books?draft")))
        let empty = RecordedHTTPRequest(url: try XCTUnwrap(URL(string: "https://a.test/books?draft=&page=1")))

        XCTAssertTrue(HTTPRequestMatcher.get("/books?draft").matches(bare))
        XCTAssertFalse(HTTPRequestMatcher.get("/books?draft").matches(empty))
        XCTAssertFalse(HTTPRequestMatcher.get("/books").query(exactly: ["page": "1"]).matches(empty))
        XCTAssertTrue(HTTPRequestMatcher.get("/books").query(exactly: ["page": "1", "draft": ""]).matches(empty))
    }

    func test_stub_withHigherPriority_answersBeforeLaterBroadStub() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books"), priority: 5, with: .text("specific"))
        stubs.stub(.any, with: .text("broad"))

        let (answer, _) = try await text(try request("https://a.test/books"), in: stubs.session)

        XCTAssertEqual(answer, "specific")
    }

    func test_answerCount_afterRemove_keepsItsCount() async throws {
        let stubs = HTTPStubRegistry()
        let books = stubs.stub(.get("/books"), with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try request("https://a.test/books"))

        books.remove()

        XCTAssertEqual(books.answerCount, 1)
    }

    func test_rangeRequest_getsPartialContent() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/file"), with: .text("0123456789"))

        let (answer, response) = try await text(try request("https://a.test/file", headers: ["Range": "bytes=7-"]), in: stubs.session)

        XCTAssertEqual(response.statusCode, 206)
        XCTAssertEqual(answer, "789")
        XCTAssertEqual(response.value(forHTTPHeaderField: "Content-Range"), "bytes 7-9/10")
    }

    func test_httpMessage_answersItsStatusHeadersAndBody() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .httpMessage("HTTP/1.1 503 Service Unavailable\nRetry-After: 120\n\ntry later"))

        let (answer, response) = try await text(try request("https://a.test/x"), in: stubs.session)

        XCTAssertEqual(response.statusCode, 503)
        XCTAssertEqual(response.value(forHTTPHeaderField: "Retry-After"), "120")
        XCTAssertEqual(answer, "try later")
    }

    func test_throttledResponse_arrivesWhole() async throws {
        let stubs = HTTPStubRegistry()
        let body = String(repeating: "x", count: 1_000)
        stubs.stub(.any, with: HTTPStubResponse.text(body).throttled(bytesPerSecond: 2_000_000))

        let (answer, _) = try await text(try request("https://a.test/x"), in: stubs.session)

        XCTAssertEqual(answer, body)
    }

    func test_crossOriginRedirect_dropsAuthorization() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("https://a.test/old"), with: .redirect(to: "https://b.test/new"))
        stubs.stub(.get("https://b.test/new"), with: .ok)

        _ = try await stubs.session.dataTaskResult(for: try request("https://a.test/old", headers: ["Authorization": "Bearer abc"]))

        XCTAssertNil(stubs.requests.last?.header("Authorization"))
        XCTAssertEqual(stubs.requests.first?.header("Authorization"), "Bearer abc")
    }

    func test_delegateRefusingRedirect_receivesTheRedirectResponse() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/old"), with: .redirect(to: "/new"))
        let session = stubs.makeSession(delegate: RedirectDecider(rewriteTo: nil))
        defer { session.finishTasksAndInvalidate() }

        let (_, response) = try await text(try request("https://a.test/old"), in: session)

        XCTAssertEqual(response.statusCode, 302)
    }

    func test_setCookie_isSentOnLaterRequests() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/login"), with: .status(200, headers: ["Set-Cookie": "session=abc; Path=/"]))
        stubs.stub(.get("/me")) { request in .text(request.header("Cookie") ?? "none") }

        _ = try await stubs.session.dataTaskResult(for: try request("https://a.test/login"))
        let (cookie, _) = try await text(try request("https://a.test/me"), in: stubs.session)

        XCTAssertEqual(cookie, "session=abc")
    }

    func test_unhandledRequest_amongManyStubs_listsClosestTenAtRegistryLine() async throws {
        let missing = try request("https://a.test/item/3", method: "POST")
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            let stubs = HTTPStubRegistry()
            for index in 0..<20 { stubs.stub(.get("/item/\(index)"), with: .ok) }
            _ = try? await stubs.session.dataTaskResult(for: missing)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("Registered stubs (20; the 10 closest;") == true, "\(failures)")
        XCTAssertTrue(failures.first?.description.contains("… and 10 more stubs, none closer") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }
}

/// Exact matches, answering once, and what the client sent, under XCTest.
final class HTTPStubExactMatchXCTests: FailureRecordingTestCase {
    func test_expectAllStubsUsed_exactlyOnceWithAStubAnsweredTwice_failsAtCallersLine() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get(exactly: "/books?page=1"), with: .ok)
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://a.test/books?page=1")))
        _ = try await stubs.session.dataTaskResult(for: request)
        _ = try await stubs.session.dataTaskResult(for: request)

        let line = #line + 1
        let failures = capturingXCTestFailures { stubs.expectAllStubsUsed(exactlyOnce: true) }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("1 of 1 stubs did not answer exactly once:\n  GET /books with exactly query page=1")
                == true,
            "\(failures)")
        XCTAssertTrue(failures.first?.description.contains("): answered 2 times\n") == true, "\(failures)")
    }

    func test_getExactly_requestWithAnExtraQueryItem_isUnhandledAndNamesTheExtraItem() async throws {
        let extra = URLRequest(url: try XCTUnwrap(URL(string: "https://a.test/books?page=2&debug=1")))
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            let stubs = HTTPStubRegistry()
            stubs.stub(.get(exactly: "https://a.test/books?page=2"), with: .ok)
            _ = try? await stubs.session.dataTaskResult(for: extra)
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("query is page=2&debug=1, expected exactly page=2 (extra debug=1)") == true, "\(failures)")
    }

    func test_recordedRequest_keepsTheClientsCachePolicyAndTimeout() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        var request = URLRequest(url: try XCTUnwrap(URL(string: "https://a.test/books")))
        request.cachePolicy = .returnCacheDataElseLoad
        request.timeoutInterval = 7

        _ = try await stubs.session.dataTaskResult(for: request)

        let sent = try XCTUnwrap(stubs.requests.first?.urlRequest)
        XCTAssertEqual(sent.timeoutInterval, 7)
        XCTAssertEqual(sent.url, request.url)
    }
}
