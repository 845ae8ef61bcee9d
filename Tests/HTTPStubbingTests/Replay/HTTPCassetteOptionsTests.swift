import Foundation
import HTTPStubbing
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes `interactions` as a cassette in a new directory and returns its file.
private func writeCassette(_ interactions: [HTTPCassette.Interaction], named name: String = "cassette.har") throws -> URL {
    let file = try makeCassetteDirectory().appendingPathComponent(name)
    try HTTPCassette(interactions: interactions).harData().write(to: file)
    return file
}

/// A registry whose fallback stub answers 404 to whatever the cassette does not, so a test can
/// see a request go unreplayed without an unhandled-request failure.
private func makeRegistryWithFallback() -> HTTPStubRegistry {
    let stubs = HTTPStubRegistry()
    stubs.stub(.any, with: .status(404))
    return stubs
}

@Suite("Cassettes: loading")
struct HTTPCassetteLoadingTests {
    @Test("A cassette written again is read again")
    func rewrittenFileIsReadAgain() async throws {
        let url = try makeURL("https://api.test/books")
        let file = try writeCassette([.init(url: url, responseBody: Data("old".utf8))])
        HTTPStubRegistry().useCassette(at: file, mode: .none)

        try HTTPCassette(interactions: [.init(url: url, responseBody: Data("recorded again".utf8))]).harData().write(to: file)
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)
        let (body, _) = try await stubs.session.bodyAndStatus(for: URLRequest(url: url))

        #expect(body == "recorded again")
    }
}

@Suite("Cassettes: matching rules")
struct HTTPReplayMatchingTests {
    @Test("Host-only matching replays a recording for any path and query on its host")
    func hostOnly() async throws {
        let file = try writeCassette([.init(url: try makeURL("https://api.test/books"), responseBody: Data("api".utf8))])
        let stubs = makeRegistryWithFallback()
        stubs.useCassette(
            at: file, mode: .none, options: .init(matching: .methodAndHost))

        let sameHost = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://api.test/authors?page=2")))
        let otherHost = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://cdn.test/books")))

        #expect(sameHost.0 == "api")
        #expect(otherHost.1 == 404)
    }

    @Test("Path-only matching replays a recording for any host and query with its path")
    func pathOnly() async throws {
        let file = try writeCassette([.init(url: try makeURL("https://api.test/books?page=1"), responseBody: Data("books".utf8))])
        let stubs = makeRegistryWithFallback()
        stubs.useCassette(at: file, mode: .none, options: .init(matching: .methodAndPath))

        let otherHost = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("http://staging.test:8080/books?page=9")))
        let otherPath = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://api.test/authors")))

        #expect(otherHost.0 == "books")
        #expect(otherPath.1 == 404)
    }

    @Test("Ignored query items take no part on either side; the other items still must match exactly")
    func ignoredQueryItems() async throws {
        let file = try writeCassette([.init(url: try makeURL("https://api.test/books?page=1&ts=111"), responseBody: Data("page 1".utf8))])
        let stubs = makeRegistryWithFallback()
        let options = HTTPCassette.Options(
            matching: .methodAndURL.ignoringQueryItems("ts"),
            allowPlaybackRepeats: true)
        stubs.useCassette(at: file, mode: .none, options: options)

        let otherStamp = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://api.test/books?ts=999&page=1")))
        let noStamp = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://api.test/books?page=1")))
        let otherPage = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://api.test/books?page=2&ts=111")))
        let extraItem = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("https://api.test/books?page=1&debug=1")))

        #expect(otherStamp.0 == "page 1")
        #expect(noStamp.0 == "page 1")
        #expect(otherPage.1 == 404)
        #expect(extraItem.1 == 404)
    }

    @Test("JSON body matching ignores key order and whitespace; byte matching does not")
    func jsonBodies() async throws {
        let url = try makeURL("https://api.test/search")
        let file = try writeCassette([
            .init(method: "POST", url: url, requestBody: Data(#"{"query":"dune","page":1}"#.utf8), responseBody: Data("found".utf8))
        ])
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.httpBody = Data(#"{ "page": 1.0, "query": "dune" }"#.utf8)

        let json = makeRegistryWithFallback()
        json.useCassette(
            at: file, mode: .none,
            options: .init(matching: .methodAndURL.includingJSONBody()))
        let bytes = makeRegistryWithFallback()
        bytes.useCassette(at: file, mode: .none, options: .init(matching: .methodAndURL.includingBody()))

        #expect(try await json.session.bodyAndStatus(for: request).0 == "found")
        #expect(try await bytes.session.bodyAndStatus(for: request).1 == 404)
    }

    @Test("A rule of your own turns each recorded interaction into a matcher")
    func customRule() async throws {
        let url = try makeURL("https://api.test/books")
        let file = try writeCassette([
            .init(url: url, requestHeaders: ["X-API-Version": "1"], responseBody: Data("v1".utf8)),
            .init(url: url, requestHeaders: ["X-API-Version": "2"], responseBody: Data("v2".utf8)),
        ])
        let matching = HTTPReplayMatching.methodAndURL.including { recorded in
            let version = recorded.requestHeaders["X-API-Version"]
            return .any.matching("X-API-Version \(version ?? "none")") {
                $0.header("X-API-Version") == version
            }
        }
        var request = URLRequest(url: url)
        request.setValue("2", forHTTPHeaderField: "X-API-Version")

        let stubs = makeRegistryWithFallback()
        stubs.useCassette(at: file, mode: .none, options: .init(matching: matching))

        #expect(try await stubs.session.bodyAndStatus(for: request).0 == "v2")
    }

    @Test("A replay rule gives the matcher replay registers for a recording")
    func ruleGivesMatcher() throws {
        let interaction = HTTPCassette.Interaction(method: "POST", url: try makeURL("https://api.test/books?page=2"))

        let matcher = HTTPReplayMatching.methodAndPath.matcher(for: interaction)

        #expect(matcher.description == "POST /books")
    }

    @Test("A replay miss names the closest recording and what differs, at the registry's line")
    func replayMissShowsClosestRecording() async throws {
        let file = try writeCassette([
            .init(url: try makeURL("https://api.test/books?page=1"), responseBody: Data("page 1".utf8)),
            .init(method: "POST", url: try makeURL("https://api.test/login")),
        ])
        let request = URLRequest(url: try makeURL("https://api.test/books?page=2"))

        let line = #line + 2
        await withKnownIssue {
            await withHTTPStubs { stubs in
                stubs.useCassette(at: file, mode: .none)
                _ = try? await stubs.session.dataTaskResult(for: request)
            }
        } matching: { issue in
            issue.isFailure(containing: "  → 2. GET https://api.test/books with exactly query page=1", line: line)
                && issue.isFailure(
                    containing: "closest: query is page=2, expected exactly page=1 (missing page=1, extra page=2)", line: line)
        }
    }
}

@Suite("Cassettes: playback repeats and hosts passed through")
struct HTTPCassettePlaybackTests {
    @Test("With playback repeats, a request whose recordings are used up gets the last one again")
    func playbackRepeats() async throws {
        let url = try makeURL("https://api.test/poll")
        let file = try writeCassette([
            .init(url: url, responseBody: Data("first".utf8)), .init(url: url, responseBody: Data("second".utf8)),
        ])
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none, options: .init(allowPlaybackRepeats: true))

        var bodies: [String] = []
        for _ in 0..<3 { bodies.append(try await stubs.session.bodyAndStatus(for: URLRequest(url: url)).0) }

        #expect(bodies == ["first", "second", "second"])
    }

    @Test("Without playback repeats, a request whose recordings are used up is not replayed")
    func noPlaybackRepeatsByDefault() async throws {
        let url = try makeURL("https://api.test/poll")
        let file = try writeCassette([.init(url: url, responseBody: Data("only".utf8))])
        let stubs = makeRegistryWithFallback()
        stubs.useCassette(at: file, mode: .none)

        let first = try await stubs.session.bodyAndStatus(for: URLRequest(url: url))
        let second = try await stubs.session.bodyAndStatus(for: URLRequest(url: url))

        #expect(first.0 == "only")
        #expect(second.1 == 404)
    }

    @Test("Hosts passed through reach the real server while the rest replays, and are never recorded")
    func passedThroughHosts() async throws {
        let server = try makeEchoServer()
        defer { server.stop() }
        let replayedURL = try makeURL("https://api.test/books")
        let file = try writeCassette([.init(url: replayedURL, responseBody: Data("replayed".utf8))])
        let stubs = HTTPStubRegistry()
        stubs.useCassette(
            at: file, mode: .newEpisodes,
            options: .init(passingThrough: .host("127.0.0.1")))
        let before = try Data(contentsOf: file)

        let real = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/health")))
        let replayed = try await stubs.session.bodyAndStatus(for: URLRequest(url: replayedURL))

        #expect(real.0.contains(#""target":"/health""#))
        #expect(replayed.0 == "replayed")
        #expect(server.requests.map(\.target) == ["/health"])
        #expect(try Data(contentsOf: file) == before)
    }

    @Test("In mode none, hosts passed through still reach the real server")
    func passedThroughHostsInModeNone() async throws {
        let server = try makeEchoServer()
        defer { server.stop() }
        let file = try writeCassette([.init(url: try makeURL("https://api.test/books"))])
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none, options: .init(passingThrough: .host("127.0.0.1")))

        let real = try await stubs.session.bodyAndStatus(for: URLRequest(url: try makeURL("\(server.baseURL)/health")))

        #expect(real.1 == 200)
        #expect(server.requests.map(\.target) == ["/health"])
    }
}

private let recordModeIsFree = ProcessInfo.processInfo.environment[HTTPRecordMode.environmentVariable] == nil

@Suite("Cassettes: form fields and substitutions", .enabled(if: recordModeIsFree))
struct HTTPCassetteRedactionTests {
    @Test("Redacted form fields never reach the file, and a replay with another value still matches the body")
    func formFields() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("form.har")
        func login(password: String) throws -> URLRequest {
            var request = URLRequest(url: try makeURL("\(server.baseURL)/login"))
            request.httpMethod = "POST"
            request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data("user=ada&password=\(password)&remember=1".utf8)
            return request
        }
        let redaction = HTTPRedaction.default.redactingFormFields("password")
        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once, options: .init(matching: .methodAndURL.includingBody(), redacting: redaction))
        _ = try await recording.session.bodyAndStatus(for: try login(password: "secret-form-password"))
        server.stop()
        let written = try String(contentsOf: file, encoding: .utf8)

        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none, options: .init(matching: .methodAndURL.includingBody(), redacting: redaction))
        let (_, status) = try await replaying.session.bodyAndStatus(for: try login(password: "another-password"))

        #expect(!written.contains("secret-form-password"))
        #expect(written.contains("user=ada&password=REDACTED&remember=1"))
        #expect(status == 200)
    }

    @Test("A JSON field's secret never reaches the file, even in a body labelled as a form")
    func jsonSecretInFormLabelledBody() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("mislabelled.har")
        var request = URLRequest(url: try makeURL("\(server.baseURL)/login"))
        request.httpMethod = "POST"
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"user":"ada","token":"secret-json-token"}"#.utf8)
        let recording = HTTPStubRegistry()
        recording.useCassette(
            at: file, mode: .once,
            options: .init(redacting: HTTPRedaction.default.redactingFormFields("password").redactingJSONFields("token")))

        _ = try await recording.session.bodyAndStatus(for: request)
        server.stop()
        let written = try String(contentsOf: file, encoding: .utf8)

        #expect(!written.contains("secret-json-token"))
    }

    @Test("A substituted value is written as its placeholder and put back on playback")
    func substitutionsPutBack() async throws {
        let server = try makeEchoServer()
        let file = try makeCassetteDirectory().appendingPathComponent("keyed.har")
        let key = "live-key-4f1c9a"
        let redaction = HTTPRedaction.none.substituting(key, with: "<CATALOG_KEY>")
        let request = URLRequest(url: try makeURL("\(server.baseURL)/books?key=\(key)"))
        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once, options: .init(redacting: redaction))
        let recorded = try await recording.session.bodyAndStatus(for: request)
        server.stop()
        let written = try String(contentsOf: file, encoding: .utf8)

        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none, options: .init(redacting: redaction))
        let replayed = try await replaying.session.bodyAndStatus(for: request)

        #expect(recorded.0.contains(key))
        #expect(!written.contains(key))
        #expect(written.contains("<CATALOG_KEY>"))
        #expect(replayed.0 == recorded.0)
    }
}
