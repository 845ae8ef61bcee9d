import Foundation
import HTTPStubbing
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Cassettes: the HAR format")
struct HTTPCassetteFormatTests {
    /// A browser's export: HTTP/2 pseudo-headers, compressed-transfer headers, a blocked request
    /// (status 0), base64 content, fields TestSupportKit does not know, and no optional fields.
    static let browserHAR = #"""
        {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [],
          "entries": [
            {"_initiator": {"type": "script"}, "startedDateTime": "2024-05-01T10:00:00.000Z", "time": 12.5,
             "request": {"method": "GET", "url": "https://api.test/books?page=1",
                         "headers": [{"name": ":authority", "value": "api.test"}, {"name": "accept", "value": "application/json"}]},
             "response": {"status": 200, "statusText": "",
                          "headers": [{"name": "content-type", "value": "application/json"}, {"name": "content-encoding", "value": "br"}],
                          "content": {"size": 13, "mimeType": "application/json", "text": "eyJib29rcyI6W119", "encoding": "base64"}}},
            {"request": {"method": "GET", "url": "https://ads.test/pixel"}, "response": {"status": 0, "content": {}}}
          ]}}
        """#

    @Test("A browser's HAR export reads as is: pseudo-headers, transfer headers and unanswered entries are dropped")
    func readsBrowserExport() throws {
        let cassette = try HTTPCassette(harData: Data(Self.browserHAR.utf8))

        #expect(cassette.interactions.count == 1)
        #expect(cassette.interactions.first?.requestHeaders == ["accept": "application/json"])
        #expect(cassette.interactions.first?.responseHeaders == ["content-type": "application/json"])
        #expect(cassette.interactions.first.map { String(decoding: $0.responseBody, as: UTF8.self) } == #"{"books":[]}"#)
    }

    @Test("A browser's HAR export replays through the registry")
    func replaysBrowserExport() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("browser.har")
        try Data(Self.browserHAR.utf8).write(to: file)
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)

        let (body, status) = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://api.test/books?page=1")))

        #expect(status == 200)
        #expect(body == #"{"books":[]}"#)
    }

    @Test("Writing is deterministic: sorted keys, two-space indentation, the same bytes every time")
    func writesDeterministically() throws {
        let interaction = HTTPCassette.Interaction(
            url: try makeURL("https://api.test/books"), requestHeaders: ["X-B": "2", "Accept": "*/*"],
            responseHeaders: ["Content-Type": "text/plain"], responseBody: Data("hi".utf8)
        )
        let first = HTTPCassette(interactions: [interaction]).harData()
        let second = HTTPCassette(interactions: [interaction]).harData()
        let text = String(decoding: first, as: UTF8.self)

        #expect(first == second)
        #expect(text.hasPrefix("{\n  \"log\": {\n    \"creator\": {\n"))
        #expect(
            text.range(of: "\"Accept\"").map(\.lowerBound) ?? text.endIndex < text.range(of: "\"X-B\"").map(\.lowerBound) ?? text.startIndex
        )
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains(#""startedDateTime": "1970-01-01T00:00:00.000Z""#))
    }

    @Test("An interaction made from a URL request takes its method, URL, headers and streamed body")
    func interactionFromURLRequest() throws {
        var request = URLRequest(url: try makeURL("https://api.test/login"))
        request.httpMethod = "post"
        request.setValue("text/plain", forHTTPHeaderField: "Content-Type")
        request.httpBodyStream = InputStream(data: Data("hello".utf8))

        let interaction = HTTPCassette.Interaction(request: request, statusCode: 201, responseBody: Data("welcome".utf8))

        #expect(interaction.method == "POST")
        #expect(interaction.url.absoluteString == "https://api.test/login")
        #expect(interaction.requestHeaders == ["Content-Type": "text/plain"])
        #expect(interaction.requestBody == Data("hello".utf8))
        #expect(interaction.statusCode == 201)
        #expect(interaction.responseBody == Data("welcome".utf8))
    }

    @Test("A binary body is written as base64 with HAR's encoding field and reads back byte for byte")
    func binaryBodiesAreBase64() throws {
        let bytes = Data([0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF])
        let cassette = HTTPCassette(interactions: [.init(url: try makeURL("https://cdn.test/cover.png"), responseBody: bytes)])
        let text = String(decoding: cassette.harData(), as: UTF8.self)

        #expect(text.contains(#""encoding": "base64""#))
        #expect(text.contains(bytes.base64EncodedString()))
        #expect(try HTTPCassette(harData: cassette.harData()) == cassette)
    }

    @Test("A binary request body is base64 under postData's custom _encoding field, since HAR 1.2 gives postData none")
    func binaryRequestBodies() throws {
        let bytes = Data([0x00, 0x01, 0xFE])
        let cassette = HTTPCassette(interactions: [.init(method: "PUT", url: try makeURL("https://api.test/blob"), requestBody: bytes)])
        let text = String(decoding: cassette.harData(), as: UTF8.self)

        #expect(text.contains(#""_encoding": "base64""#))
        #expect(try HTTPCassette(harData: cassette.harData()).interactions.first?.requestBody == bytes)
    }

    @Test("Fields of an unexpected type read as missing, and a status written as text still counts")
    func toleratesOddFieldTypes() throws {
        let har = #"""
            {"log": {"entries": [
              {"request": {"method": "POST", "url": "https://api.test/books", "headers": {"not": "a list"}},
               "response": {"status": "201", "headers": [{"name": "Location", "value": "/books/7"}, {"name": 3}],
                            "content": {"text": 42}}}
            ]}}
            """#

        let interaction = try #require(try HTTPCassette(harData: Data(har.utf8)).interactions.first)

        #expect(interaction.statusCode == 201)
        #expect(interaction.requestHeaders.isEmpty)
        #expect(interaction.responseHeaders == ["Location": "/books/7"])
        #expect(interaction.responseBody.isEmpty)
    }

    @Test("A document without a log object says what a HAR file looks like")
    func rejectsNonHAR() {
        #expect(
            throws: HTTPCassetteError(message: #"The cassette has no "log" object; a HAR file starts with {"log": {"entries": [...]}}"#)
        ) {
            try HTTPCassette(harData: Data(#"{"entries": []}"#.utf8))
        }
    }

    @Test("A log that is not an object is no log, not an empty cassette")
    func rejectsLogOfAnotherType() {
        #expect(
            throws: HTTPCassetteError(message: #"The cassette has no "log" object; a HAR file starts with {"log": {"entries": [...]}}"#)
        ) {
            try HTTPCassette(harData: Data(#"{"log": 5}"#.utf8))
        }
    }

    @Test(
        "A request or response that is not an object is named as missing, not replayed as blocked",
        arguments: [
            #"{"request": null, "response": {"status": 200}}"#,
            #"{"request": {"method": "GET", "url": "https://api.example.com/books"}, "response": "gone"}"#,
        ])
    func rejectsEntryPartOfAnotherType(entry: String) {
        #expect(throws: HTTPCassetteError(message: #"Entry 2 of the cassette has no "request" or "response""#)) {
            try HTTPCassette(harData: Data(#"{"log": {"entries": [\#(Self.validEntry), \#(entry)]}}"#.utf8))
        }
    }

    @Test("A header that is not an object is skipped; the other headers stay")
    func skipsHeaderOfAnotherType() throws {
        let har =
            #"{"log": {"entries": [{"request": {"method": "GET", "url": "https://api.example.com/books", "headers": [5, {"name": "Accept", "value": "application/json"}]}, "response": {"status": 200}}]}}"#
        let interaction = try #require(try HTTPCassette(harData: Data(har.utf8)).interactions.first)
        #expect(interaction.requestHeaders == ["Accept": "application/json"])
    }

    private static let validEntry = #"{"request": {"method": "GET", "url": "https://api.example.com/books"}, "response": {"status": 200}}"#
}

@Suite("Pass-through of unmatched requests")
struct HTTPPassThroughTests {
    @Test("Pass-through is off by default: an unmatched request is an unhandled-request failure")
    func offByDefault() async throws {
        let server = try makeEchoServer()
        defer { server.stop() }
        let line = #line + 1
        let stubs = HTTPStubRegistry()

        _ = try? await stubs.session.dataTaskResult(for: URLRequest(url: try makeURL("\(server.baseURL)/books")))

        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "No stub matches GET \(server.baseURL)/books", line: line)
        }
        #expect(server.requests.isEmpty)
    }

    @Test("With pass-through on, stubs still answer first and the rest reach the real server")
    func passesUnmatchedRequests() async throws {
        let server = try makeEchoServer()
        defer { server.stop() }
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/stubbed"), with: .text("stub"))
        stubs.passUnmatchedRequests(to: URLSession(configuration: .ephemeral))

        let stubbed = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/stubbed")))
        let real = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/real")))

        #expect(stubbed.0 == "stub")
        #expect(real.0.contains(#""target":"/real""#))
        #expect(server.requests.map(\.target) == ["/real"])
        stubs.expectRequested(.get("/real"), count: 1)
        #expect(stubs.requests.last?.outcome == .responded(statusCode: 200))
    }

    @Test("Pass-through with a matcher sends only the requests it matches; another fails naming the matcher")
    func passesOnlyMatchedRequests() async throws {
        let server = try makeEchoServer()
        defer { server.stop() }
        let health = URLRequest(url: try makeURL("\(server.baseURL)/health/live"))
        let books = URLRequest(url: try makeURL("\(server.baseURL)/books"))

        let line = #line + 2
        await withKnownIssue {
            await withHTTPStubs { stubs in
                stubs.passUnmatchedRequests(
                    matching: .any.pathPrefix("/health"),
                    to: URLSession(configuration: .ephemeral))
                _ = try? await stubs.session.dataTaskResult(for: health)
                _ = try? await stubs.session.dataTaskResult(for: books)
            }
        } matching: { issue in
            issue.isFailure(containing: "No stub matches GET \(server.baseURL)/books", line: line)
                && issue.isFailure(containing: "Only requests matching /health… pass through.", line: line)
        }
        #expect(server.requests.map(\.target) == ["/health/live"])
    }

    @Test("Stopping pass-through makes unmatched requests fail again")
    func stopsPassingThrough() async throws {
        let server = try makeEchoServer()
        defer { server.stop() }
        let stubs = HTTPStubRegistry()
        let line = #line - 1
        stubs.passUnmatchedRequests(to: URLSession(configuration: .ephemeral))
        stubs.stopPassingUnmatchedRequests()

        _ = try? await stubs.session.dataTaskResult(for: URLRequest(url: try makeURL("\(server.baseURL)/books")))

        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "No stub matches GET \(server.baseURL)/books", line: line)
        }
        #expect(server.requests.isEmpty)
    }
}
