import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The session scenarios of OHHTTPStubs' own suites (NSURLSession, timing, delegate, redirect,
/// AFNetworking-style and nil-value tests), played through a registry and a real `URLSession`.
@Suite("OHHTTPStubs scenarios on a registry")
struct OHHTTPStubsSessionScenarioTests {
    private let stubs = HTTPStubRegistry()

    private func text(_ delivery: TaskDelivery) -> String? {
        delivery.data.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test(
        "A delayed JSON answer reaches sessions built from the default and the ephemeral configuration",
        arguments: [false, true])
    func delayedJSON(ephemeral: Bool) async throws {
        stubs.stub(.any, with: HTTPStubResponse.json(#"{"Success": "Yes"}"#).delayed(by: 0.05))
        let session = URLSession(configuration: stubs.makeConfiguration(from: ephemeral ? .ephemeral : .default))
        defer { session.finishTasksAndInvalidate() }
        let request = try makeRequest(
            "GET", "foo://unknownhost:666", headers: ["Content-Type": "application/json", "Accept": "application/json"])

        let delivery = try await session.delivery(for: request)

        #expect(delivery.error == nil)
        #expect(text(delivery) == #"{"Success": "Yes"}"#)
    }

    /// Stubs `/oldlocation` with a `status` redirect to `/newlocation`, which echoes the body it got.
    private func stubRedirect(status: Int) {
        stubs.stub(.any.path("/oldlocation"), with: .status(status, headers: ["Location": "foo://unknownhost:666/newlocation"]))
        stubs.stub(.any.path("/newlocation")) { request in
            .json(#"{"RequestBody": \#(request.bodyText ?? "null")}"#)
        }
    }

    private func redirectedRequest(_ method: String, headers: [String: String] = [:], json: String?) throws -> URLRequest {
        var request = try makeRequest(method, "foo://unknownhost:666/oldlocation", headers: headers)
        if let json {
            request.httpBody = Data(json.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        return request
    }

    @Test("A 301 to a GET is followed: the completion gets the final response, never the 3xx")
    func redirectFollowed() async throws {
        stubRedirect(status: 301)

        let delivery = try await stubs.session.delivery(for: try redirectedRequest("GET", json: nil))

        #expect(delivery.response?.statusCode == 200)
        #expect(text(delivery) == #"{"RequestBody": null}"#)
        #expect(stubs.requests.map(\.method) == ["GET", "GET"])
        #expect(stubs.requests.last?.body == nil)
    }

    @Test("A delegate that refuses the redirect gets the 3xx response and no second request is sent")
    func redirectRefused() async throws {
        stubRedirect(status: 301)
        let session = stubs.makeSession(delegate: RedirectDecider(rewriteTo: nil))
        defer { session.finishTasksAndInvalidate() }

        let delivery = try await session.delivery(for: try redirectedRequest("GET", json: nil))

        #expect(delivery.error == nil)
        #expect(delivery.response?.statusCode == 301)
        #expect(stubs.requests.map(\.path) == ["/oldlocation"])
    }

    @Test(
        "307 and 308 keep every method and the body on the next hop",
        arguments: [307, 308], ["GET", "POST", "PATCH", "PUT"])
    func redirectKeepsMethodAndBody(status: Int, method: String) async throws {
        stubRedirect(status: status)

        let delivery = try await stubs.session.delivery(for: try redirectedRequest(method, json: #"{"query":"Hello World"}"#))

        #expect(stubs.requests.last?.method == method)
        #expect(stubs.requests.last?.bodyText == #"{"query":"Hello World"}"#)
        #expect(text(delivery) == #"{"RequestBody": {"query":"Hello World"}}"#)
    }

    @Test(
        "301 and 302 keep PUT and PATCH with their body but turn a POST into a body-less GET, as URLSession does",
        arguments: [301, 302], ["POST", "PATCH", "PUT"])
    func redirect301And302(status: Int, method: String) async throws {
        stubRedirect(status: status)

        _ = try await stubs.session.delivery(for: try redirectedRequest(method, json: #"{"query":"Hello World"}"#))

        let next = try #require(stubs.requests.last)
        #expect(next.method == (method == "POST" ? "GET" : method))
        #expect(next.bodyText == (method == "POST" ? nil : #"{"query":"Hello World"}"#))
    }

    @Test("A 303 turns every method but HEAD into a GET without the body", arguments: ["GET", "POST", "PATCH", "PUT"])
    func redirect303(method: String) async throws {
        stubRedirect(status: 303)

        let delivery = try await stubs.session.delivery(for: try redirectedRequest(method, json: #"{"query":"Hello World"}"#))

        #expect(stubs.requests.last?.method == "GET")
        #expect(stubs.requests.last?.body == nil)
        #expect(text(delivery) == #"{"RequestBody": null}"#)
    }

    @Test("A 303 answering a HEAD continues as a HEAD")
    func redirect303Head() async throws {
        stubRedirect(status: 303)

        _ = try await stubs.session.delivery(for: try redirectedRequest("HEAD", json: nil))

        #expect(stubs.requests.map(\.method) == ["HEAD", "HEAD"])
    }

    @Test(
        "A redirect hop drops Connection, Host and Proxy-* headers and keeps the others, WWW-Authenticate included",
        arguments: [301, 302, 307, 308])
    func redirectHeaders(status: Int) async throws {
        stubRedirect(status: status)
        let headers = [
            "Connection": "connection", "Preserved1": "preserved", "Host": "host",
            "Proxy-Authenticate": "proxy-authenticate", "Proxy-Authorization": "proxy-authorization", "Preserved2": "preserved",
            "WWW-Authenticate": "www-authenticate",
        ]

        _ = try await stubs.session.delivery(for: try redirectedRequest("GET", headers: headers, json: nil))

        let next = try #require(stubs.requests.last)
        #expect(next.path == "/newlocation")
        for dropped in ["Connection", "Host", "Proxy-Authenticate", "Proxy-Authorization"] {
            #expect(next.header(dropped) == nil, "\(dropped)")
        }
        #expect(next.header("Preserved1") == "preserved")
        #expect(next.header("Preserved2") == "preserved")
        #expect(next.header("WWW-Authenticate") == "www-authenticate")
    }

    @Test("Authorization goes with a redirect to the same origin, unlike OHHTTPStubs, which always drops it")
    func redirectSameOriginKeepsAuthorization() async throws {
        stubRedirect(status: 302)

        _ = try await stubs.session.delivery(for: try redirectedRequest("GET", headers: ["Authorization": "Bearer abc"], json: nil))

        #expect(stubs.requests.last?.header("Authorization") == "Bearer abc")
    }

    @Test("A 300 Multiple Choices response is delivered as it is, not followed")
    func multipleChoices() async throws {
        stubs.stub(.get("/choices"), with: .text("choose", status: 300, headers: ["Location": "/elsewhere"]))

        let delivery = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/choices"))

        #expect(delivery.response?.statusCode == 300)
        #expect(text(delivery) == "choose")
        #expect(stubs.requests.count == 1)
    }

    @Test("A session delegate receives a delayed body through its data callbacks")
    func delegateReceivesData() async throws {
        stubs.stub(.any.scheme("stub"), with: HTTPStubResponse.text("delegate methods").delayed(by: 0.05))
        let counter = ChunkCounter()
        let session = stubs.makeSession(delegate: counter)
        defer { session.finishTasksAndInvalidate() }
        let request = try makeRequest("GET", "stub://foo")

        let received = try await withDeadline { await counter.load(request, in: session) }

        #expect(String(decoding: received.data, as: UTF8.self) == "delegate methods")
    }

    @Test("A body matcher sees the body of a data task's request")
    func bodyMatcher() async throws {
        stubs.stub(.any.scheme("stub").body(.text("body")), with: HTTPStubResponse.text("matched").delayed(by: 0.02))

        let delivery = try await stubs.session.delivery(for: try makeRequest("POST", "stub://foo", body: Data("body".utf8)))

        #expect(text(delivery) == "matched")
    }

    @Test("A request whose body the matcher rejects is unhandled and gets no data")
    func bodyMatcherRejects() async throws {
        stubs.stub(.any.scheme("stub").body(.text("body")), with: .text("matched"))

        let delivery = try await stubs.session.delivery(for: try makeRequest("POST", "stub://foo", body: Data("somethingElse".utf8)))

        #expect(delivery.data == nil)
        #expect(delivery.urlErrorCode == .resourceUnavailable)
        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("No stub matches POST stub://foo") && $0.rawValue.contains("closest: body is") }
        }
    }

    @Test("An empty body answers 200 with empty data")
    func emptyData() async throws {
        stubs.stub(.any, with: .data(Data()))

        let delivery = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/empty"))

        #expect(delivery.response?.statusCode == 200)
        #expect(delivery.data == Data())
    }

    @Test("A stubbed transport error reaches the client as that URLError, naming the failing URL")
    func transportError() async throws {
        stubs.stub(.any, with: .error(.notConnectedToInternet))

        let delivery = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/offline"))

        let error = try #require(delivery.error as? URLError)
        #expect(error.code == .notConnectedToInternet)
        #expect(error.failingURL?.absoluteString == "https://a.test/offline")
        #expect(delivery.response == nil)
    }

    @Test("A response delay holds the answer back at least that long")
    func responseTime() async throws {
        stubs.stub(.any, with: HTTPStubResponse.text("late").delayed(by: 0.1))
        let start = monotonicNanoseconds()

        _ = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/late"))

        #expect(monotonicNanoseconds() - start >= 100_000_000)
    }

    @Test("A throttled body takes at least its size over the rate, after any delay, and arrives whole")
    func throttledAfterDelay() async throws {
        let body = Data(repeating: 0x41, count: 4_000)
        stubs.stub(.any, with: HTTPStubResponse.data(body).delayed(by: 0.05).throttled(bytesPerSecond: 40_000))
        let start = monotonicNanoseconds()

        let delivery = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/slow"))

        #expect(delivery.data == body)
        #expect(monotonicNanoseconds() - start >= 150_000_000)
    }

    @Test("A stubbed Set-Cookie is stored and sent with the next request")
    func cookies() async throws {
        stubs.stub(.get("/login"), with: .status(200, headers: ["Set-Cookie": "session=abc; Path=/"]))
        stubs.stub(.get("/profile"), with: .ok)

        _ = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/login"))
        _ = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/profile"))

        #expect(stubs.requests.last?.header("Cookie") == "session=abc")
    }

    @Test("A Set-Cookie on a redirect response is stored and sent with the next hop")
    func cookieOnRedirect() async throws {
        stubs.stub(.get("/login"), with: .redirect(to: "/home", headers: ["Set-Cookie": "session=abc; Path=/"]))
        stubs.stub(.get("/home"), with: .ok)

        let delivery = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/login"))

        #expect(delivery.response?.statusCode == 200)
        #expect(stubs.requests.last?.header("Cookie") == "session=abc")
    }

    @Test("An error status with a body is a response, not an error: the client gets both")
    func errorStatusWithBody() async throws {
        stubs.stub(.any, with: .json(#"{"error": "boom"}"#, status: 500))

        let delivery = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/fails"))

        #expect(delivery.error == nil)
        #expect(delivery.response?.statusCode == 500)
        #expect(text(delivery) == #"{"error": "boom"}"#)
    }

    @Test("Fifty requests in flight at once each get their own answer")
    func manyConcurrentRequests() async throws {
        stubs.stub(.get("/items/*")) { request in
            HTTPStubResponse.text(request.path).delayed(by: 0.01)
        }
        let session = stubs.session

        let answers = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<50 {
                let request = try makeRequest("GET", "https://a.test/items/\(index)")
                group.addTask {
                    let delivery = try await session.delivery(for: request)
                    return (index, text(delivery) ?? "")
                }
            }
            var answers: [Int: String] = [:]
            for try await (index, text) in group { answers[index] = text }
            return answers
        }

        #expect(answers.count == 50)
        #expect(answers.allSatisfy { $0.value == "/items/\($0.key)" })
    }

    @Test("An HTTP message's status, headers and content type reach the client (Mocktail-style files)")
    func httpMessageHeaders() async throws {
        stubs.stub(
            .post("/login"),
            with: .httpMessage(
                "HTTP/1.1 200 OK\nContent-Type: text/plain\nX-Custom: 42\n\n{\"status\": \"logged in\"}"))

        let delivery = try await stubs.session.delivery(for: try makeRequest("POST", "https://a.test/login"))

        #expect(delivery.response?.value(forHTTPHeaderField: "Content-Type") == "text/plain")
        #expect(delivery.response?.value(forHTTPHeaderField: "X-Custom") == "42")
        #expect(text(delivery) == #"{"status": "logged in"}"#)
    }
}

/// How a stubbed response is framed on the wire, as OHHTTPStubs frames it and a server does.
@Suite("OHHTTPStubs scenarios: response framing")
struct OHHTTPStubsFramingScenarioTests {
    private let stubs = HTTPStubRegistry()

    @Test("A body's size arrives as Content-Length, so the client knows how much to expect")
    func contentLength() async throws {
        stubs.stub(.get("/cover.png"), with: .data(Data(count: 1_234), contentType: "image/png"))

        let delivery = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/cover.png"))

        #expect(delivery.response?.value(forHTTPHeaderField: "Content-Length") == "1234")
        #expect(delivery.response?.expectedContentLength == 1_234)
    }

    @Test("A Content-Length or Transfer-Encoding the stub sets is kept as it is")
    func stubFramingKept() async throws {
        stubs.stub(.get("/length"), with: .text("abc", headers: ["content-length": "3"]))
        stubs.stub(.get("/chunked"), with: .text("abc", headers: ["Transfer-Encoding": "chunked"]))

        let length = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/length"))
        let chunked = try await stubs.session.delivery(for: try makeRequest("GET", "https://a.test/chunked"))

        #expect(length.response?.value(forHTTPHeaderField: "Content-Length") == "3")
        #expect(chunked.response?.value(forHTTPHeaderField: "Content-Length") == nil)
        #expect(chunked.data == Data("abc".utf8))
    }

    @Test("A 204 No Content gets no Content-Length")
    func noContent() async throws {
        stubs.stub(.delete("/books/1"), with: .status(204))

        let delivery = try await stubs.session.delivery(for: try makeRequest("DELETE", "https://a.test/books/1"))

        #expect(delivery.response?.statusCode == 204)
        #expect(delivery.response?.value(forHTTPHeaderField: "Content-Length") == nil)
    }

    @Test("A HEAD request gets the headers and the length of the body, but no body")
    func head() async throws {
        stubs.stub(.method(.head).path("/file"), with: .text("0123456789"))

        let delivery = try await stubs.session.delivery(for: try makeRequest("HEAD", "https://a.test/file"))

        #expect(delivery.response?.statusCode == 200)
        #expect(delivery.response?.value(forHTTPHeaderField: "Content-Length") == "10")
        #expect(delivery.data ?? Data() == Data())
    }
}

/// OHHTTPStubs' timing scenarios: a body spread over a response time, in pieces.
@Suite("OHHTTPStubs scenarios: timing")
struct OHHTTPStubsTimingScenarioTests {
    private let stubs = HTTPStubRegistry()

    @Test("A small throttled body whose size does not divide into 16 chunks still takes its size over the rate")
    func smallBodyTakesFullTime() async throws {
        let body = Data("seventeen bytes!!".utf8)
        stubs.stub(.any, with: HTTPStubResponse.data(body).throttled(bytesPerSecond: 34))
        let counter = ChunkCounter()
        let session = stubs.makeSession(delegate: counter)
        defer { session.finishTasksAndInvalidate() }
        let request = try makeRequest("GET", "https://a.test/small")
        let start = monotonicNanoseconds()

        let received = try await withDeadline { await counter.load(request, in: session) }

        #expect(received.data == body)
        #expect(monotonicNanoseconds() - start >= 500_000_000)
    }

    @Test("A large throttled body arrives whole, in at most 16 pieces")
    func largeBodyArrivesWhole() async throws {
        let body = Data((0..<609_792).map { UInt8(truncatingIfNeeded: $0) })
        stubs.stub(.any, with: HTTPStubResponse.data(body).throttled(bytesPerSecond: 20_000_000))
        let counter = ChunkCounter()
        let session = stubs.makeSession(delegate: counter)
        defer { session.finishTasksAndInvalidate() }
        let request = try makeRequest("GET", "https://a.test/large")

        let received = try await withDeadline { await counter.load(request, in: session) }

        #expect(received.data == body)
        #expect(received.chunks <= 16)
    }
}
