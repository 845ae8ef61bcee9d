import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("HTTPStubResponse")
struct HTTPStubResponseTests {
    private struct Token: Codable, Equatable {
        var value: String
        var expires: Date
    }

    @Test("status(_:headers:) answers that status and those headers with an empty body")
    func status() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .status(404, headers: ["X-Trace": "t1"]))

        let (text, response) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/x"))

        #expect(response.statusCode == 404)
        #expect(response.value(forHTTPHeaderField: "X-Trace") == "t1")
        #expect(text.isEmpty)
    }

    @Test("data(_:) answers those bytes")
    func data() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .data(Data([0, 1, 2, 255])))

        let (data, _) = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/x"))

        #expect(data == Data([0, 1, 2, 255]))
    }

    @Test("data(_:contentType:) sends that Content-Type, and none without one")
    func dataContentType() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/cover.png"), with: .data(Data([1]), contentType: "image/png"))
        stubs.stub(.get("/raw"), with: .data(Data([1])))

        let (_, typed) = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/cover.png"))
        let (_, raw) = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/raw"))

        #expect((typed as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "image/png")
        #expect((raw as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == nil)
    }

    @Test("A recorded request keeps the URLRequest the client sent, its timeout and body included")
    func recordedRequestKeepsURLRequest() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        var request = try makeRequest("POST", "https://a.test/books", body: Data("title=Emma".utf8))
        request.timeoutInterval = 7

        _ = try await stubs.session.dataTaskResult(for: request)

        let sent = try #require(stubs.requests.first?.urlRequest)
        #expect(sent.timeoutInterval == 7)
        #expect(sent.httpMethod == "POST")
        #expect(sent.httpBody == Data("title=Emma".utf8))
    }

    @Test("text(_:) answers UTF-8 text with a text/plain content type")
    func text() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .text("héllo", status: 503))

        let (text, response) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/x"))

        #expect(text == "héllo")
        #expect(response.statusCode == 503)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "text/plain; charset=utf-8")
    }

    @Test("json(_:) with text answers that text as application/json")
    func jsonText() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .json(#"{"token":"abc"}"#))

        let (text, response) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/x"))

        #expect(text == #"{"token":"abc"}"#)
        #expect(response.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("json(_:encoder:) encodes the value with the chosen encoder")
    func jsonEncodable() async throws {
        let stubs = HTTPStubRegistry()
        let token = Token(value: "abc", expires: Date(timeIntervalSince1970: 0))
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        stubs.stub(.any, with: .json(token, encoder: encoder, headers: ["Content-Type": "application/vnd.api+json"]))

        let (data, response) = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/x"))
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601

        #expect(try decoder.decode(Token.self, from: data) == token)
        #expect(String(decoding: data, as: UTF8.self).contains("1970-01-01T00:00:00Z"))
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") == "application/vnd.api+json")
    }

    @Test("A value that cannot be encoded is reported at the caller's line")
    func unencodable() {
        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            _ = HTTPStubResponse.json(Double.nan)
        }

        #expect(failures.count == 1)
        #expect(failures.first?.message.hasPrefix("Could not encode Double as the JSON body of a stub response") == true)
        #expect(failures.first?.location.line == line)
    }

    @Test(
        "error(_:) fails the request with that URLError code",
        arguments: [URLError.Code.notConnectedToInternet, .timedOut, .networkConnectionLost])
    func transportError(code: URLError.Code) async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .error(code))

        let error = await #expect(throws: URLError.self) {
            try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/x"))
        }

        #expect(error?.code == code)
        #expect(stubs.requests.first?.outcome == .failed(urlErrorCode: code.rawValue))
    }

    @Test("respond(_:) builds the response from the request")
    func generated() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books/*")) { request in
            .text("book \(request.path.split(separator: "/").last ?? "")")
        }

        let (text, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/books/42"))

        #expect(text == "book 42")
    }

    @Test("A redirect is followed inside the registry and the client sees the final response")
    func redirect() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("https://a.test/old"), with: .redirect(to: "/new", status: 301))
        stubs.stub(.get("https://a.test/new"), with: .text("moved here"))

        let (text, response) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/old"))

        #expect(text == "moved here")
        #expect(response.url?.absoluteString == "https://a.test/new")
        #expect(stubs.requests.map(\.url.absoluteString) == ["https://a.test/old", "https://a.test/new"])
        #expect(
            stubs.requests.map(\.outcome) == [
                .redirected(statusCode: 301, location: try makeURL("https://a.test/new")), .responded(statusCode: 200),
            ])
        #expect(stubs.requests.last?.redirectedFrom?.absoluteString == "https://a.test/old")
    }

    @Test("A 303 redirect after a POST continues as a GET without the body")
    func seeOther() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.post("/orders"), with: .redirect(to: "/orders/7", status: 303))
        stubs.stub(.get("/orders/7"), with: .text("order 7"))

        let (text, _) = try await stubs.session.text(for: try makeRequest("POST", "https://a.test/orders", body: Data("x=1".utf8)))

        #expect(text == "order 7")
        #expect(stubs.requests.last?.method == "GET")
        #expect(stubs.requests.last?.body == nil)
    }

    @Test("A 307 redirect keeps the method and the body")
    func temporaryRedirect() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.post("/v1/books"), with: .redirect(to: "/v2/books", status: 307))
        stubs.stub(.post("/v2/books").body(.text("title=Dune")), with: .status(201))

        let (_, response) = try await stubs.session.text(
            for: try makeRequest("POST", "https://a.test/v1/books", body: Data("title=Dune".utf8)))

        #expect(response.statusCode == 201)
    }

    @Test("A redirect loop ends with URLError.httpTooManyRedirects")
    func redirectLoop() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/loop"), with: .redirect(to: "/loop"))

        let error = await #expect(throws: URLError.self) {
            try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/loop"))
        }

        #expect(error?.code == .httpTooManyRedirects)
        #expect(stubs.requests.count == 17)
    }

    @Test("With followsRedirects false the client receives the 3xx response itself")
    func redirectNotFollowed() async throws {
        let stubs = HTTPStubRegistry(followsRedirects: false)
        stubs.stub(.get("/old"), with: .redirect(to: "/new", status: 302))

        let (_, response) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/old"))

        #expect(response.statusCode == 302)
        #expect(response.value(forHTTPHeaderField: "Location") == "/new")
        #expect(stubs.requests.count == 1)
    }

    @Test("delayed(by:) with seconds answers after the delay")
    func delayed() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: HTTPStubResponse.text("late").delayed(by: 0.005))

        let (text, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/x"))

        #expect(text == "late")
        #expect(stubs.requests.map(\.outcome) == [.responded(statusCode: 200)])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("delayed(by:) with a Duration and with seconds store the same wait")
    func delayedByDuration() {
        let response = HTTPStubResponse.ok.delayed(by: .milliseconds(1_500))

        #expect(response.delay == .milliseconds(1_500))
        #expect(HTTPStubResponse.ok.delayed(by: 1.5).delay == .milliseconds(1_500))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Cancelling a task during a delay ends it with .cancelled and delivers nothing")
    func delayedThenCancelled() async throws {
        let stubs = HTTPStubRegistry()
        let (arrivals, arrival) = AsyncStream.makeStream(of: Void.self)
        stubs.stub(.any) { _ in
            arrival.yield()
            return HTTPStubResponse.text("never").delayed(by: .seconds(3_600))
        }
        let request = try makeRequest("GET", "https://a.test/slow")

        let error: (any Error)? = await withCheckedContinuation { continuation in
            let task = stubs.session.dataTask(with: request) { _, _, error in continuation.resume(returning: error) }
            task.resume()
            Task {
                for await _ in arrivals { break }
                task.cancel()
            }
        }

        #expect((error as? URLError)?.code == .cancelled)
        #expect(stubs.requests.map(\.outcome) == [.cancelled])
    }
}
