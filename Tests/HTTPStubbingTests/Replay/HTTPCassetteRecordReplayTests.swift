import Foundation
import HTTPStubbing
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording runs only when no record mode is forced from outside (CI sets `none`).
private let recordModeIsFree = ProcessInfo.processInfo.environment[HTTPRecordMode.environmentVariable] == nil

@Suite("Cassettes: record against a loopback server, replay with it stopped", .enabled(if: recordModeIsFree))
struct HTTPCassetteRecordReplayTests {
    @Test("A missing cassette in mode once records the real response and replays it after the server stops")
    func recordsThenReplays() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("books.har")
        let request = URLRequest(url: try makeURL("\(server.baseURL)/books?page=2"))

        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        let recorded = try await recording.session.bodyAndStatus(for: request)
        server.stop()

        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .once)
        let replayed = try await replaying.session.bodyAndStatus(for: request)

        #expect(recorded.1 == 200)
        #expect(recorded.0.contains(#""target":"/books?page=2""#))
        // The default redaction removed the JSON field "token" from the recording.
        #expect(replayed.0 == recorded.0.replacingOccurrences(of: "secret-response-token", with: "REDACTED"))
        #expect(replayed.1 == recorded.1)
        #expect(server.requests.count == 1)
    }

    @Test("Secrets in headers, cookies, query items and JSON fields never reach the cassette file")
    func redactsBeforeWriting() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("login.har")
        var request = URLRequest(url: try makeURL("\(server.baseURL)/login?api_key=secret-query-key&page=1"))
        request.httpMethod = "POST"
        request.setValue("Bearer secret-bearer", forHTTPHeaderField: "Authorization")
        request.setValue("theme=secret-request-cookie", forHTTPHeaderField: "Cookie")
        request.httpBody = Data(#"{"user":"ada","password":"secret-password"}"#.utf8)
        let redaction = HTTPRedaction.default
            .redactingQueryItems("api_key")
            .redactingJSONFields("password", "token")

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .once, options: .init(redacting: redaction))
        let (body, _) = try await stubs.session.bodyAndStatus(for: request)
        server.stop()
        let written = try String(contentsOf: file, encoding: .utf8)

        #expect(body.contains("secret-response-token"))  // the client still gets the real answer
        for secret in [
            "secret-bearer", "secret-request-cookie", "secret-query-key", "secret-password", "secret-cookie", "secret-response-token",
        ] {
            #expect(!written.contains(secret), "\(secret) reached the cassette")
        }
        #expect(written.contains("REDACTED"))
    }

    @Test("A replayed request whose redacted query item has another value still matches")
    func redactedQueryItemMatchesByName() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("keyed.har")
        let redaction = HTTPRedaction.default.redactingQueryItems("api_key")
        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once, options: .init(redacting: redaction))
        _ = try await recording.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/books?api_key=one")))
        server.stop()

        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none, options: .init(redacting: redaction))
        let (_, status) = try await replaying.session.bodyAndStatus(
            for: URLRequest(url: try makeURL("\(server.baseURL)/books?api_key=two")))

        #expect(status == 200)
    }

    @Test("Mode newEpisodes replays what the cassette has and appends what it lacks")
    func newEpisodesAppends() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("episodes.har")
        let first = HTTPStubRegistry()
        first.useCassette(at: file, mode: .once)
        _ = try await first.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/one")))

        let second = HTTPStubRegistry()
        second.useCassette(at: file, mode: .newEpisodes)
        _ = try await second.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/one")))
        _ = try await second.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/two")))
        server.stop()
        let cassette = try HTTPCassette(harData: Data(contentsOf: file))

        #expect(server.requests.map(\.target) == ["/one", "/two"])
        #expect(cassette.interactions.map(\.url.path) == ["/one", "/two"])
    }

    @Test("Mode all, as VCR's, records every request again, replaces the recordings it matches and keeps the rest")
    func allRecordsAgainAndKeepsTheRest() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("again.har")
        try HTTPCassette(interactions: [
            .init(url: try makeURL("\(server.baseURL)/kept"), responseBody: Data("old kept".utf8)),
            .init(url: try makeURL("\(server.baseURL)/new"), responseBody: Data("old new".utf8)),
        ]).harData().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .all)
        let (body, _) = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/new")))
        server.stop()
        let cassette = try HTTPCassette(harData: Data(contentsOf: file))

        #expect(body.contains(#""target":"/new""#))  // sent to the server, not replayed
        #expect(cassette.interactions.map(\.url.path) == ["/kept", "/new"])
        #expect(cassette.interactions.first?.responseBody == Data("old kept".utf8))
        #expect(cassette.interactions.last.map { String(decoding: $0.responseBody, as: UTF8.self) }?.contains("/new") == true)
    }

    @Test("Mode replace records every request again and writes only this run's recordings")
    func replaceKeepsOnlyThisRun() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("replaced.har")
        try HTTPCassette(interactions: [.init(url: try makeURL("\(server.baseURL)/old"))]).harData().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .replace)
        _ = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/new")))
        server.stop()
        let cassette = try HTTPCassette(harData: Data(contentsOf: file))

        #expect(cassette.interactions.map(\.url.path) == ["/new"])
    }

    @Test("A redirect the real session follows is recorded as one interaction: the first URL with the final response")
    func redirectRecordedAsOneInteraction() async throws {
        let server = try #require(
            LoopbackHTTPServer { request in
                request.target == "/old"
                    ? LoopbackHTTPServer.Response(status: 302, headers: ["Location": "/new"])
                    : LoopbackHTTPServer.Response(body: Data("moved here".utf8))
            })
        let file = try makeCassetteDirectory().appendingPathComponent("redirect.har")
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .once)

        let (body, _) = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/old")))
        server.stop()
        let cassette = try HTTPCassette(harData: Data(contentsOf: file))

        #expect(body == "moved here")
        #expect(server.requests.map(\.target) == ["/old", "/new"])
        #expect(cassette.interactions.map(\.url.path) == ["/old"])
        #expect(cassette.interactions.first?.responseBody == Data("moved here".utf8))
    }

    @Test("Replay with header matching tells two recordings of one URL apart by the header")
    func matchesOnHeaders() async throws {
        let url = try makeURL("https://api.test/books")
        let file = try makeCassetteDirectory().appendingPathComponent("accept.har")
        try HTTPCassette(interactions: [
            .init(url: url, requestHeaders: ["Accept": "text/plain"], responseBody: Data("text".utf8)),
            .init(url: url, requestHeaders: ["Accept": "application/json"], responseBody: Data("json".utf8)),
        ]).harData().write(to: file)
        var request = URLRequest(url: url)
        request.setValue("application/json", forHTTPHeaderField: "Accept")

        let stubs = HTTPStubRegistry()
        stubs.useCassette(
            at: file, mode: .none,
            options: .init(matching: .methodAndURL.including(headers: "Accept")))
        let (body, _) = try await stubs.session.bodyAndStatus(for: request)

        #expect(body == "json")
    }

    @Test("Replay with body matching answers only the recorded body")
    func matchesOnBody() async throws {
        let url = try makeURL("https://api.test/search")
        let file = try makeCassetteDirectory().appendingPathComponent("search.har")
        try HTTPCassette(interactions: [
            .init(method: "POST", url: url, requestBody: Data("q=dune".utf8), responseBody: Data("dune".utf8)),
            .init(method: "POST", url: url, requestBody: Data("q=emma".utf8), responseBody: Data("emma".utf8)),
        ]).harData().write(to: file)
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data("q=emma".utf8)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none, options: .init(matching: .methodAndURL.includingBody()))
        let (body, _) = try await stubs.session.bodyAndStatus(for: request)

        #expect(body == "emma")
    }

    @Test("Two recordings of one request replay in the order they were recorded")
    func repeatsReplayInOrder() async throws {
        let url = try makeURL("https://api.test/poll")
        let file = try makeCassetteDirectory().appendingPathComponent("poll.har")
        try HTTPCassette(interactions: [
            .init(url: url, responseBody: Data("first".utf8)),
            .init(url: url, responseBody: Data("second".utf8)),
        ]).harData().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)
        let first = try await stubs.session.bodyAndStatus(for: URLRequest(url: url)).0
        let second = try await stubs.session.bodyAndStatus(for: URLRequest(url: url)).0

        #expect([first, second] == ["first", "second"])
    }
}

@Suite("Cassettes: failures a test sees")
struct HTTPCassetteFailureTests {
    @Test("Mode none with no cassette fails at the caller's line and says how to record")
    func missingCassetteInModeNone() throws {
        let file = try makeCassetteDirectory().appendingPathComponent("absent.har")
        let stubs = HTTPStubRegistry()
        let line = #line + 2
        withKnownIssue {
            stubs.useCassette(at: file, mode: .none)
        } matching: { issue in
            issue.isFailure(containing: "No cassette at \(file.path), and record mode \"none\" only replays", line: line)
        }
    }

    @Test("In mode none a request the cassette lacks is an unhandled-request failure naming the closest recording")
    func unmatchedRequestInModeNone() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("one.har")
        try HTTPCassette(interactions: [.init(url: try makeURL("https://api.test/books"))]).harData().write(to: file)
        let line = #line + 1
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)

        let error = await #expect(throws: URLError.self) {
            try await stubs.session.dataTaskResult(for: URLRequest(url: try makeURL("https://api.test/authors")))
        }
        #expect(error?.code == .resourceUnavailable)
        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "No stub matches GET https://api.test/authors", line: line)
                && issue.isFailure(containing: "closest: path is /authors, expected /books", line: line)
        }
    }

    @Test("In mode none an unmatched request's failure names the cassette file and the mode, and says how to record it")
    func unmatchedRequestNamesCassetteAndHowToRecord() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("catalog.har")
        try HTTPCassette(interactions: [.init(url: try makeURL("https://api.test/books"))]).harData().write(to: file)
        let line = #line + 1
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)

        _ = try? await stubs.session.dataTaskResult(for: URLRequest(url: try makeURL("https://api.test/authors")))

        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(
                containing: "The cassette \(file.path) was replayed in record mode \"none\", which never records; "
                    + "to record this request, run the test with TESTSUPPORTKIT_RECORD_MODE=newEpisodes (or pass mode: .newEpisodes)",
                line: line)
        }
    }

    @Test("In mode once with an existing cassette an unmatched request's failure says that once records only a new cassette")
    func unmatchedRequestInModeOnceSaysWhy() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("catalog.har")
        try HTTPCassette(interactions: [.init(url: try makeURL("https://api.test/books"))]).harData().write(to: file)
        let line = #line + 1
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .once)

        _ = try? await stubs.session.dataTaskResult(for: URLRequest(url: try makeURL("https://api.test/authors")))

        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(
                containing: "was replayed in record mode \"once\", which records only when the cassette does not exist; "
                    + "to record this request, run the test with TESTSUPPORTKIT_RECORD_MODE=newEpisodes",
                line: line)
        }
    }

    @Test("A cassette that is not JSON is reported at the caller's line with the line and column")
    func unreadableCassette() throws {
        let file = try makeCassetteDirectory().appendingPathComponent("broken.har")
        try Data("not json".utf8).write(to: file)
        let stubs = HTTPStubRegistry()
        let line = #line + 2
        withKnownIssue {
            stubs.useCassette(at: file, mode: .none)
        } matching: { issue in
            issue.isFailure(
                containing:
                    "The cassette \(file.path) cannot be read: The cassette is not JSON: line 1, column 1: expected a value, found 'not'",
                line: line)
        }
    }

    @Test("An HTML page saved as a cassette is named as one, with the line and column")
    func htmlPageSavedAsCassette() throws {
        let file = try makeCassetteDirectory().appendingPathComponent("page.har")
        try Data("<!DOCTYPE html>\n<html><body>502 Bad Gateway</body></html>\n".utf8).write(to: file)
        let stubs = HTTPStubRegistry()
        let line = #line + 2
        withKnownIssue {
            stubs.useCassette(at: file, mode: .none)
        } matching: { issue in
            issue.isFailure(containing: "The cassette is not JSON: line 1, column 1: ", line: line)
                && issue.isFailure(containing: "it looks like an HTML or XML page saved as a cassette, not a HAR file", line: line)
        }
    }

    @Test("A truncated cassette names the line and column where it ends")
    func truncatedCassetteNamesPosition() throws {
        let whole = HTTPCassette(interactions: [.init(url: try makeURL("https://api.test/books"))]).harData()
        let truncated = whole.prefix(whole.count / 2)
        let text = String(decoding: truncated, as: UTF8.self)
        let lastLine = text.split(separator: "\n", omittingEmptySubsequences: false)

        #expect(throws: HTTPCassetteError.self) { try HTTPCassette(harData: truncated) }
        do {
            _ = try HTTPCassette(harData: truncated)
        } catch {
            #expect(error.line == lastLine.count)
            #expect(error.message.hasPrefix("The cassette is not JSON: line \(lastLine.count), column "))
        }
    }

    @Test("A corrupt cassette in a recording mode is left byte for byte as it was, and nothing is recorded")
    func corruptCassetteIsKept() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("truncated.har")
        let bytes = Data(#"{"log": {"entries": [{"request": {"method": "GET", "url": "https://api.test/b"#.utf8)
        try bytes.write(to: file)
        let stubs = HTTPStubRegistry()
        let line = #line + 2
        withKnownIssue {
            stubs.useCassette(at: file, mode: .newEpisodes)
        } matching: { issue in
            issue.isFailure(containing: "Nothing is replayed or recorded, and the file is left as it is", line: line)
        }
        _ = try? await stubs.session.dataTaskResult(for: URLRequest(url: try makeURL("https://api.test/books")))
        withKnownIssue { stubs.expectNoUnhandledRequests() }

        #expect(try Data(contentsOf: file) == bytes)
    }

    @Test("An unknown record mode in the environment names the valid ones")
    func unknownEnvironmentMode() {
        let resolved = HTTPRecordMode.resolved(.once, environment: [HTTPRecordMode.environmentVariable: "sometimes"])
        guard case .failure(let error) = resolved else {
            Issue.record("expected a failure, got \(resolved)")
            return
        }
        #expect(
            error.message == #"TESTSUPPORTKIT_RECORD_MODE is "sometimes", expected one of "once", "none", "newEpisodes", "all", "replace""#)
    }

    @Test("The environment's record mode overrides the one a test asks for, in either spelling")
    func environmentOverridesMode() {
        let variable = HTTPRecordMode.environmentVariable
        #expect((try? HTTPRecordMode.resolved(.once, environment: [variable: "none"]).get()) == HTTPRecordMode.none)
        #expect((try? HTTPRecordMode.resolved(.none, environment: [variable: "new_episodes"]).get()) == .newEpisodes)
        #expect((try? HTTPRecordMode.resolved(.all, environment: [:]).get()) == .all)
    }
}
