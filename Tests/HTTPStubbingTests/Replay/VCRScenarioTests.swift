import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recording runs only when no record mode is forced from outside (CI sets `none`).
private let recordModeIsFree = ProcessInfo.processInfo.environment[HTTPRecordMode.environmentVariable] == nil

/// The scenarios Ruby's VCR, vcrpy and DVR promise, played through cassettes: recorded against a
/// loopback server, then replayed with it stopped.
@Suite("Cassettes: the scenarios VCR, vcrpy and DVR promise", .enabled(if: recordModeIsFree))
struct VCRScenarioTests {
    // MARK: Record modes and cassette files

    @Test("An existing cassette file with nothing in it counts as missing in mode once, so the request is recorded")
    func emptyFileRecordsInModeOnce() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("empty.har")
        try Data().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .once)
        let (_, status) = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/books")))
        server.stop()
        let cassette = try HTTPCassette(harData: Data(contentsOf: file))

        #expect(status == 200)
        #expect(cassette.interactions.map(\.url.path) == ["/books"])
    }

    @Test("A cassette with no interactions in mode once replays nothing, records nothing and is left as it is")
    func cassetteWithoutInteractionsRecordsNothingInModeOnce() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("none-yet.har")
        let written = HTTPCassette().harData()
        try written.write(to: file)

        let line = #line + 1
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .once)
        let error = await #expect(throws: URLError.self) {
            try await stubs.session.dataTaskResult(for: URLRequest(url: try makeURL("\(server.baseURL)/books")))
        }
        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "records only when the cassette does not exist", line: line)
        }
        server.stop()

        #expect(error?.code == .resourceUnavailable)
        #expect(server.requests.isEmpty)
        #expect(try Data(contentsOf: file) == written)
    }

    @Test("A cassette written by hand is left byte for byte when mode newEpisodes replays it and records nothing")
    func replayWithNothingNewLeavesTheFileAsItIs() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("by-hand.har")
        let text = """
            {"log": {"version": "1.2", "entries": [
              {"request": {"method": "GET", "url": "https://api.test/books", "headers": []},
               "response": {"status": 200, "headers": [], "content": {"text": "dune"}}}
            ]}}

            """
        try Data(text.utf8).write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .newEpisodes)
        let (body, _) = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://api.test/books")))

        #expect(body == "dune")
        #expect(try String(contentsOf: file, encoding: .utf8) == text)
    }

    @Test("The same request sent twice while recording is recorded twice and replays its answers in order")
    func identicalRequestsRecordedAndReplayedInOrder() async throws {
        let counter = Counter()
        let server = try #require(LoopbackHTTPServer { _ in LoopbackHTTPServer.Response(body: Data("answer \(counter.next())".utf8)) })
        let file = try makeCassetteDirectory().appendingPathComponent("twice.har")
        let request = URLRequest(url: try makeURL("\(server.baseURL)/poll"))

        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        let recorded = [
            try await recording.session.bodyAndStatus(for: request).0, try await recording.session.bodyAndStatus(for: request).0,
        ]
        server.stop()
        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none)
        let replayed = [
            try await replaying.session.bodyAndStatus(for: request).0, try await replaying.session.bodyAndStatus(for: request).0,
        ]

        #expect(recorded == ["answer 1", "answer 2"])
        #expect(replayed == recorded)
    }

    @Test("Nested cassettes: the inner one records what neither has, and the outer one's recordings still replay")
    func nestedCassettes() async throws {
        let server = try makeEchoServer()
        let directory = try makeCassetteDirectory()
        let outer = directory.appendingPathComponent("outer.har")
        let inner = directory.appendingPathComponent("inner.har")
        let outerBytes = HTTPCassette(interactions: [
            .init(url: try makeURL("\(server.baseURL)/outer"), responseBody: Data("from the outer cassette".utf8))
        ]).harData()
        try outerBytes.write(to: outer)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: outer, mode: .once)
        stubs.useCassette(at: inner, mode: .once)
        let fromOuter = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/outer"))).0
        _ = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/inner")))
        server.stop()

        #expect(fromOuter == "from the outer cassette")
        #expect(server.requests.map(\.target) == ["/inner"])
        #expect(try HTTPCassette(harData: Data(contentsOf: inner)).interactions.map(\.url.path) == ["/inner"])
        #expect(try Data(contentsOf: outer) == outerBytes)
    }

    @Test("A cassette named with spaces in folders that do not exist yet is recorded there")
    func cassetteInNewNestedFolders() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("shelf/loans 2024/a cassette.har")
        let request = URLRequest(url: try makeURL("\(server.baseURL)/loans"))

        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        let recorded = try await recording.session.bodyAndStatus(for: request)
        server.stop()
        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none)
        let replayed = try await replaying.session.bodyAndStatus(for: request)

        // The default redaction removed the JSON field "token" from the recording.
        #expect(replayed.0 == recorded.0.replacingOccurrences(of: "secret-response-token", with: "REDACTED"))
    }

    @Test("A recording never replayed is listed by expectAllStubsUsed, as VCR fails on unused interactions when told to")
    func unusedRecordingIsListed() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("unused.har")
        try HTTPCassette(interactions: [
            .init(url: try makeURL("https://api.test/used")), .init(url: try makeURL("https://api.test/unused")),
        ]).harData().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)
        _ = try await stubs.session.dataTaskResult(for: URLRequest(url: try makeURL("https://api.test/used")))

        let line = #line + 2
        withKnownIssue {
            stubs.expectAllStubsUsed()
        } matching: { issue in
            issue.isFailure(containing: "1 of 2 stubs never answered", line: line)
                && issue.isFailure(containing: "https://api.test/unused", line: line)
        }
    }

    @Test("Of two recordings of one request, the second counts as unused until a second request plays it")
    func secondIdenticalRecordingCountsAsUnused() async throws {
        let url = try makeURL("https://api.test/poll")
        let file = try makeCassetteDirectory().appendingPathComponent("poll-twice.har")
        try HTTPCassette(interactions: [
            .init(url: url, responseBody: Data("first".utf8)), .init(url: url, responseBody: Data("second".utf8)),
        ]).harData().write(to: file)

        let once = HTTPStubRegistry()
        once.useCassette(at: file, mode: .none)
        _ = try await once.session.dataTaskResult(for: URLRequest(url: url))
        let twice = HTTPStubRegistry()
        twice.useCassette(at: file, mode: .none)
        _ = try await twice.session.dataTaskResult(for: URLRequest(url: url))
        _ = try await twice.session.dataTaskResult(for: URLRequest(url: url))

        let line = #line + 2
        withKnownIssue {
            once.expectAllStubsUsed()
        } matching: { issue in
            issue.isFailure(containing: "1 of 2 stubs never answered", line: line)
        }
        twice.expectAllStubsUsed(exactlyOnce: true)
    }

    @Test("Requests a matcher passes through reach the real server and are never recorded, as VCR's ignore_request")
    func ruleRequestsAreNotRecorded() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("ignored.har")

        let stubs = HTTPStubRegistry()
        stubs.useCassette(
            at: file, mode: .once,
            options: .init(passingThrough: .any.path("/health")))
        _ = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/health")))
        _ = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/books")))
        server.stop()
        let cassette = try HTTPCassette(harData: Data(contentsOf: file))

        #expect(server.requests.map(\.target) == ["/health", "/books"])
        #expect(cassette.interactions.map(\.url.path) == ["/books"])
    }

    @Test("In mode none, a recording the pass-through matcher matches is not replayed: the request reaches the real server")
    func ruleRequestsAreNotReplayed() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("ignored-replay.har")
        try HTTPCassette(interactions: [
            .init(url: try makeURL("\(server.baseURL)/health"), responseBody: Data("recorded".utf8)),
            .init(url: try makeURL("\(server.baseURL)/books"), responseBody: Data("recorded books".utf8)),
        ]).harData().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none, options: .init(passingThrough: .any.path("/health")))
        let health = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/health"))).0
        let books = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/books"))).0
        server.stop()

        #expect(health.contains(#""target":"/health""#))
        #expect(books == "recorded books")
        #expect(server.requests.map(\.target) == ["/health"])
    }

    // MARK: What is recorded

    @Test("A body edited by hand replays whole, whatever Content-Length the cassette still says")
    func editedBodyIgnoresRecordedContentLength() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("edited.har")
        try HTTPCassette(interactions: [
            .init(
                url: try makeURL("https://api.test/note"), responseHeaders: ["Content-Length": "3"],
                responseBody: Data("a longer body".utf8))
        ]).harData().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)
        let (data, response) = try await stubs.session.dataTaskResult(for: URLRequest(url: try makeURL("https://api.test/note")))
        let length = (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Length")

        #expect(String(decoding: data, as: UTF8.self) == "a longer body")
        #expect(length == nil || length == "13")
    }

    @Test("A binary response body is recorded and replayed byte for byte")
    func binaryBodyRoundTrip() async throws {
        let bytes = Data((0...255).map { UInt8($0) } + [0xFF, 0xD8, 0x00, 0x0D, 0x0A])
        let server = try #require(
            LoopbackHTTPServer { _ in LoopbackHTTPServer.Response(headers: ["Content-Type": "image/jpeg"], body: bytes) })
        let file = try makeCassetteDirectory().appendingPathComponent("image.har")
        let request = URLRequest(url: try makeURL("\(server.baseURL)/cover.jpg"))

        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        let recorded = try await recording.session.dataTaskResult(for: request).0
        server.stop()
        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none)
        let replayed = try await replaying.session.dataTaskResult(for: request).0

        #expect(recorded == bytes)
        #expect(replayed == bytes)
    }

    @Test("A gzip-encoded response is recorded decoded, without its Content-Encoding, and replays as the client first read it")
    func gzipResponseRecordedDecoded() async throws {
        let text = Data(#"{"title":"Dune"}"#.utf8)
        let server = try #require(
            LoopbackHTTPServer { _ in
                LoopbackHTTPServer.Response(
                    headers: ["Content-Encoding": "gzip", "Content-Type": "application/json"], body: gzipStored(text))
            })
        let file = try makeCassetteDirectory().appendingPathComponent("gzip.har")
        let request = URLRequest(url: try makeURL("\(server.baseURL)/book"))

        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        let recorded = try await recording.session.dataTaskResult(for: request).0
        server.stop()
        let interaction = try #require(try HTTPCassette(harData: Data(contentsOf: file)).interactions.first)
        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none)
        let replayed = try await replaying.session.dataTaskResult(for: request).0

        #expect(recorded == text)
        #expect(interaction.responseBody == text)
        #expect(!interaction.responseHeaders.keys.contains { $0.lowercased() == "content-encoding" })
        #expect(replayed == text)
    }

    @Test("A multipart body is recorded with its request and matched on replay, as DVR's upload tests expect")
    func multipartBodyRecordedAndReplayedByBody() async throws {
        let server = try #require(
            LoopbackHTTPServer { request in LoopbackHTTPServer.Response(body: Data("received \(request.body.count) bytes".utf8)) })
        let file = try makeCassetteDirectory().appendingPathComponent("upload.har")
        var request = URLRequest(url: try makeURL("\(server.baseURL)/post"))
        request.httpMethod = "POST"
        request.setValue("multipart/form-data; boundary=shelf-boundary", forHTTPHeaderField: "Content-Type")
        let body = Data(
            "--shelf-boundary\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\ntest file\n\r\n--shelf-boundary--\r\n".utf8)
        // As httpBody: an upload task's separate body never reaches a URL protocol on Linux (see
        // the guide's platform notes), so it could be neither forwarded nor recorded there.
        request.httpBody = body

        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once, options: .init(matching: .methodAndURL.includingBody()))
        let recorded = try await recording.session.dataTaskResult(for: request).0
        server.stop()
        let interaction = try #require(try HTTPCassette(harData: Data(contentsOf: file)).interactions.first)
        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none, options: .init(matching: .methodAndURL.includingBody()))
        let replayed = try await replaying.session.dataTaskResult(for: request).0

        #expect(String(decoding: recorded, as: UTF8.self) == "received \(body.count) bytes")
        #expect(interaction.requestBody == body)
        #expect(replayed == recorded)
    }

    @Test("A large response body is recorded and replayed whole")
    func largeBodyRoundTrip() async throws {
        let body = Data((0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 * 31) })
        let server = try #require(LoopbackHTTPServer { _ in LoopbackHTTPServer.Response(body: body) })
        let file = try makeCassetteDirectory().appendingPathComponent("large.har")
        let request = URLRequest(url: try makeURL("\(server.baseURL)/dump"))

        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        _ = try await recording.session.dataTaskResult(for: request)
        server.stop()
        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none)
        let replayed = try await replaying.session.dataTaskResult(for: request).0

        #expect(replayed == body)
    }

    @Test("Error statuses are recorded and replayed with their status, headers and body")
    func errorStatusesRoundTrip() async throws {
        let server = try #require(
            LoopbackHTTPServer { request in
                LoopbackHTTPServer.Response(
                    status: request.target == "/fail" ? 500 : 404, headers: ["X-Request-Id": "r-\(request.target)"],
                    body: Data("oops \(request.target)".utf8))
            })
        let file = try makeCassetteDirectory().appendingPathComponent("errors.har")
        let requests = [URLRequest(url: try makeURL("\(server.baseURL)/fail")), URLRequest(url: try makeURL("\(server.baseURL)/gone"))]

        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        for request in requests { _ = try await recording.session.dataTaskResult(for: request) }
        server.stop()
        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none)
        var replayed: [String] = []
        for request in requests {
            let (data, response) = try await replaying.session.dataTaskResult(for: request)
            let http = try #require(response as? HTTPURLResponse)
            replayed.append(
                "\(http.statusCode) \(http.value(forHTTPHeaderField: "X-Request-Id") ?? "-") \(String(decoding: data, as: UTF8.self))")
        }

        #expect(replayed == ["500 r-/fail oops /fail", "404 r-/gone oops /gone"])
    }

    @Test("A request the real server never answers reaches the client as its error and is not recorded")
    func connectionErrorIsNotRecorded() async throws {
        let server = try makeEchoServer()
        let url = try makeURL("\(server.baseURL)/books")
        server.stop()
        let file = try makeCassetteDirectory().appendingPathComponent("refused.har")

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .once)
        await #expect(throws: URLError.self) {
            try await stubs.session.dataTaskResult(for: URLRequest(url: url))
        }

        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("Requests recorded at the same time all reach the cassette")
    func concurrentRecordings() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("parallel.har")
        let urls = try (1...6).map { try makeURL("\(server.baseURL)/item/\($0)") }

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .once)
        let session = stubs.session
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for url in urls {
                group.addTask { try await session.bodyAndStatus(for: URLRequest(url: url)).1 }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        server.stop()
        let cassette = try HTTPCassette(harData: Data(contentsOf: file))

        #expect(statuses == Array(repeating: 200, count: 6))
        #expect(Set(cassette.interactions.map(\.url.path)) == Set((1...6).map { "/item/\($0)" }))
        #expect(cassette.interactions.count == 6)
    }

    @Test("Two requests told apart only by a redacted Authorization replay their answers in the order they were recorded")
    func redactedAuthorizationReplaysInOrder() async throws {
        let server = try #require(
            LoopbackHTTPServer { request in
                request.headers.first { $0.key.lowercased() == "authorization" }?.value == "Basic good"
                    ? LoopbackHTTPServer.Response(body: Data("welcome".utf8)) : LoopbackHTTPServer.Response(status: 401)
            })
        let file = try makeCassetteDirectory().appendingPathComponent("basic-auth.har")
        let url = try makeURL("\(server.baseURL)/basic-auth")
        var wrong = URLRequest(url: url)
        wrong.setValue("Basic wrong", forHTTPHeaderField: "Authorization")
        var right = URLRequest(url: url)
        right.setValue("Basic good", forHTTPHeaderField: "Authorization")
        let matching = HTTPReplayMatching.methodAndURL.including(headers: "Authorization")

        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once, options: .init(matching: matching))
        let recorded = [try await recording.session.bodyAndStatus(for: wrong).1, try await recording.session.bodyAndStatus(for: right).1]
        server.stop()
        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none, options: .init(matching: matching))
        let replayed = [try await replaying.session.bodyAndStatus(for: wrong).1, try await replaying.session.bodyAndStatus(for: right).1]

        #expect(recorded == [401, 200])
        #expect(replayed == recorded)
        #expect(try !String(contentsOf: file, encoding: .utf8).contains("Basic"))
    }

    // MARK: Matching

    @Test("The method always takes part: a POST does not replay a recorded GET of the same URL")
    func methodMustMatch() async throws {
        let url = try makeURL("https://api.test/books")
        let file = try makeCassetteDirectory().appendingPathComponent("get.har")
        try HTTPCassette(interactions: [.init(url: url, responseBody: Data("list".utf8))]).harData().write(to: file)
        var post = URLRequest(url: url)
        post.httpMethod = "POST"

        let line = #line + 1
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)
        await #expect(throws: URLError.self) {
            try await stubs.session.dataTaskResult(for: post)
        }
        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "No stub matches POST https://api.test/books", line: line)
        }
    }

    @Test("Recordings of one path over http and https, or on another port, each answer only their own request")
    func schemeAndPortTakePart() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("schemes.har")
        try HTTPCassette(interactions: [
            .init(url: try makeURL("http://api.test/status"), responseBody: Data("plain".utf8)),
            .init(url: try makeURL("https://api.test/status"), responseBody: Data("secure".utf8)),
            .init(url: try makeURL("https://api.test:8443/status"), responseBody: Data("other port".utf8)),
        ]).harData().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)
        var bodies: [String] = []
        for url in ["https://api.test:8443/status", "https://api.test/status", "http://api.test/status"] {
            bodies.append(try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL(url))).0)
        }

        #expect(bodies == ["other port", "secure", "plain"])
    }

    @Test("Without the method, a GET replays a recorded POST of the same URL, repeated query items included")
    func ignoringMethodReplaysAnyMethod() async throws {
        let url = try makeURL("https://api.test/foo?bar=123&bar=456")
        let file = try makeCassetteDirectory().appendingPathComponent("post.har")
        try HTTPCassette(interactions: [.init(method: "POST", url: url, responseBody: Data("foo response".utf8))]).harData().write(to: file)

        let anyMethod = HTTPStubRegistry()
        anyMethod.useCassette(
            at: file, mode: .none,
            options: .init(matching: .methodAndURL.ignoringMethod()))
        let (body, _) = try await anyMethod.session.bodyAndStatus(for: URLRequest(url: url))

        #expect(body == "foo response")
    }

    @Test("Query-only matching tells recordings apart by their query items, whatever the host and path")
    func queryOnlyMatching() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("dates.har")
        try HTTPCassette(interactions: [
            .init(url: try makeURL("https://host1.test/query?date=2011-09-01"), responseBody: Data("first".utf8)),
            .init(url: try makeURL("https://host1.test/query?date=2011-09-02"), responseBody: Data("second".utf8)),
        ]).harData().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none, options: .init(matching: .methodAndQuery))
        let second = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://other.test/q?date=2011-09-02"))).0
        let first = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://other.test/q?date=2011-09-01"))).0

        #expect([first, second] == ["first", "second"])
    }

    @Test("Query items in another order than recorded still replay, unlike VCR's whole-URI comparison")
    func queryOrderDoesNotMatter() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("query.har")
        try HTTPCassette(interactions: [
            .init(url: try makeURL("https://api.test/books?page=2&sort=title"), responseBody: Data("page two".utf8))
        ]).harData().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)
        let (body, _) = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://api.test/books?sort=title&page=2")))

        #expect(body == "page two")
    }

    @Test("A redirect recorded hop by hop replays hop by hop: the client follows the recorded Location")
    func redirectHopsReplay() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("hops.har")
        try HTTPCassette(interactions: [
            .init(url: try makeURL("https://api.test/old"), statusCode: 302, responseHeaders: ["Location": "https://api.test/new"]),
            .init(url: try makeURL("https://api.test/new"), responseBody: Data("moved here".utf8)),
        ]).harData().write(to: file)

        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)
        let (data, response) = try await stubs.session.dataTaskResult(for: URLRequest(url: try makeURL("https://api.test/old")))

        #expect(String(decoding: data, as: UTF8.self) == "moved here")
        #expect(response.url?.path == "/new")
        #expect(stubs.requests.map(\.path) == ["/old", "/new"])
    }
}

/// A thread-safe count for a server's answers.
private final class Counter: Sendable {
    private let value = Locked(0)

    func next() -> Int {
        value.withLock {
            $0 += 1
            return $0
        }
    }
}

/// `data` as a gzip member holding one stored (uncompressed) deflate block.
private func gzipStored(_ data: Data) -> Data {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in data {
        crc ^= UInt32(byte)
        for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 0 ? 0 : 0xEDB8_8320) }
    }
    crc ^= 0xFFFF_FFFF
    let length = UInt16(data.count)
    func littleEndian<T: FixedWidthInteger>(_ value: T) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    return Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0xFF, 0x01] + littleEndian(length) + littleEndian(~length))
        + data + Data(littleEndian(crc) + littleEndian(UInt32(data.count)))
}
