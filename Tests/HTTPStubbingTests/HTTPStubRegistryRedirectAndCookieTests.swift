import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Redirects and cookies as URLSession handles them")
struct HTTPStubRegistryRedirectAndCookieTests {
    @Test("A cross-origin redirect drops Authorization and Proxy-* headers and keeps the others")
    func crossOriginRedirectStripsCredentials() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("https://a.test/old"), with: .redirect(to: "https://b.test/new"))
        stubs.stub(.get("https://b.test/new"), with: .ok)
        let headers = ["Authorization": "Bearer abc", "Proxy-Authorization": "Basic xyz", "X-Keep": "1"]

        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/old", headers: headers))

        let hop = try #require(stubs.requests.last)
        #expect(hop.header("Authorization") == nil)
        #expect(hop.header("Proxy-Authorization") == nil)
        #expect(hop.header("X-Keep") == "1")
    }

    @Test("A same-origin redirect keeps Authorization")
    func sameOriginRedirectKeepsAuthorization() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/old"), with: .redirect(to: "/new"))
        stubs.stub(.get("/new"), with: .ok)

        _ = try await stubs.session.dataTaskResult(
            for: try makeRequest("GET", "https://a.test/old", headers: ["Authorization": "Bearer abc"]))

        #expect(stubs.requests.last?.header("Authorization") == "Bearer abc")
    }

    @Test("A session delegate that refuses a redirect receives the 3xx response itself")
    func delegateCancelsRedirect() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/old"), with: .redirect(to: "/new", status: 301))
        let session = stubs.makeSession(delegate: RedirectDecider(rewriteTo: nil))
        defer { session.finishTasksAndInvalidate() }

        let (_, response) = try await session.text(for: try makeRequest("GET", "https://a.test/old"))

        #expect(response.statusCode == 301)
        #expect(stubs.requests.map(\.outcome) == [.responded(statusCode: 301)])
    }

    @Test("A refused redirect delivers the 3xx body and finishes the load, delayed or not, within the request's timeout")
    func refusedRedirectDeliversBodyAndFinishes() async throws {
        let stubs = HTTPStubRegistry()
        let moved = HTTPStubResponse(status: 302, headers: ["Location": "/new"], body: Data("moved".utf8))
        stubs.stub(.get("/old"), with: moved)
        stubs.stub(.get("/slow"), with: moved.delayed(by: 0.01))
        stubs.stub(.get("/new"), with: .text("followed"))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 5
        let session = stubs.makeSession(from: configuration, delegate: RedirectDecider(rewriteTo: nil))
        defer { session.finishTasksAndInvalidate() }

        let (body, response) = try await session.text(for: try makeRequest("GET", "https://a.test/old"))
        let (slowBody, slowResponse) = try await session.text(for: try makeRequest("GET", "https://a.test/slow"))

        #expect([body, slowBody] == ["moved", "moved"])
        #expect(response.statusCode == 302)
        #expect(slowResponse.statusCode == 302)
        #expect(stubs.requests.map(\.path) == ["/old", "/slow"])
    }

    @Test("A session delegate can rewrite a redirect's next request")
    func delegateRewritesRedirect() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/old"), with: .redirect(to: "/new"))
        stubs.stub(.get("/rewritten"), with: .text("rewritten"))
        let session = stubs.makeSession(delegate: RedirectDecider(rewriteTo: try makeURL("https://a.test/rewritten")))
        defer { session.finishTasksAndInvalidate() }

        let (text, _) = try await session.text(for: try makeRequest("GET", "https://a.test/old"))

        #expect(text == "rewritten")
        #expect(stubs.requests.map(\.path) == ["/old", "/rewritten"])
    }

    @Test("A stubbed Set-Cookie reaches the session's cookie storage and later requests carry it")
    func cookiesRoundTrip() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/login"), with: .status(200, headers: ["Set-Cookie": "session=abc; Path=/"]))
        stubs.stub(.get("/me")) { request in .text(request.header("Cookie") ?? "none") }

        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/login"))
        let (cookie, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/me"))

        #expect(cookie == "session=abc")
        #expect(stubs.session.configuration.httpCookieStorage?.cookies?.map(\.name) == ["session"])
    }

    @Test("With httpShouldSetCookies false no cookie is stored or sent")
    func cookiesOff() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/login"), with: .status(200, headers: ["Set-Cookie": "session=abc; Path=/"]))
        stubs.stub(.get("/me")) { request in .text(request.header("Cookie") ?? "none") }
        let base = URLSessionConfiguration.ephemeral
        base.httpShouldSetCookies = false
        let session = stubs.makeSession(from: base)
        defer { session.finishTasksAndInvalidate() }

        _ = try await session.dataTaskResult(for: try makeRequest("GET", "https://a.test/login"))
        let (cookie, _) = try await session.text(for: try makeRequest("GET", "https://a.test/me"))

        #expect(cookie == "none")
        #expect(session.configuration.httpCookieStorage?.cookies?.isEmpty ?? true)
    }

    @Test("A cookie set by a redirect response is sent on the next hop")
    func cookieFromRedirect() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/old"), with: .redirect(to: "/new", headers: ["Set-Cookie": "hop=1; Path=/"]))
        stubs.stub(.get("/new")) { request in .text(request.header("Cookie") ?? "none") }

        let (cookie, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/old"))

        #expect(cookie == "hop=1")
    }
}
