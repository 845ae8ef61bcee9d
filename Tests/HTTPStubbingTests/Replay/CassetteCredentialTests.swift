import Foundation
import HTTPStubbing
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Cassettes keep credentials off disk with no configuration")
struct CassetteCredentialTests {
    @Test(
        "Each credential flow records with no configuration, leaves no secret in the file, and replays to the end",
        arguments: CredentialFlow.all)
    func recordsAndReplaysWithoutSecrets(flow: CredentialFlow) async throws {
        let server = try #require(LoopbackHTTPServer(handler: CredentialFlow.respond))
        let file = try makeCassetteDirectory().appendingPathComponent("flow.har")
        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        let recorded = try await flow.run(recording.session, server.baseURL)
        server.stop()
        recording.expectNoUnhandledRequests()
        let written = try String(contentsOf: file, encoding: .utf8)

        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none)
        let replayed = try await flow.run(replaying.session, server.baseURL)

        for secret in flow.secrets {
            for form in CredentialFlow.encodings(of: secret) {
                #expect(!written.contains(form), "\(flow): \(form) (a form of \(secret)) reached the cassette")
            }
        }
        #expect(recorded.allSatisfy { $0.0 == 200 }, "\(recorded)")
        #expect(replayed.map(\.0) == recorded.map(\.0))
        replaying.expectNoUnhandledRequests()
        replaying.expectAllStubsUsed()
    }

    @Test("A cursor redacted in a response and sent back as a query item still gets page 2 on replay")
    func redactedCursorReplaysPageTwo() async throws {
        let server = try #require(LoopbackHTTPServer(handler: CredentialFlow.respond))
        let file = try makeCassetteDirectory().appendingPathComponent("pages.har")
        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        _ = try await CredentialFlow.pagination.run(recording.session, server.baseURL)
        server.stop()

        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none)
        let pages = try await CredentialFlow.pagination.run(replaying.session, server.baseURL)

        #expect(
            pages.map(\.1) == [
                #"{"books":["Dune","Emma"],"page":{"token":"REDACTED"}}"#, #"{"books":["Ulysses"],"page":{}}"#, #"{"remaining":0}"#,
            ])
        #expect(try String(contentsOf: file, encoding: .utf8).contains("count?after=REDACTED"))
    }

    @Test("A token issued in one response and sent as a Bearer header in the next is gone from both")
    func issuedTokenGoneEverywhere() async throws {
        let server = try #require(LoopbackHTTPServer(handler: CredentialFlow.respond))
        let file = try makeCassetteDirectory().appendingPathComponent("oauth.har")
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .once)
        _ = try await CredentialFlow.oauthPasswordGrant.run(stubs.session, server.baseURL)
        server.stop()

        let cassette = try HTTPCassette(harData: Data(contentsOf: file))

        #expect(cassette.interactions.count == 3)
        #expect(cassette.interactions[1].requestHeaders["Authorization"] == "REDACTED")
        #expect(String(decoding: cassette.interactions[0].responseBody, as: UTF8.self).contains(#""access_token":"REDACTED""#))
        #expect(
            String(decoding: cassette.interactions[2].requestBody ?? Data(), as: UTF8.self)
                == "grant_type=refresh_token&refresh_token=REDACTED")
    }

    @Test("Random-looking data that is no secret records untouched, unflagged, and replays byte for byte")
    func corpusPassesUntouched() async throws {
        let server = try #require(
            LoopbackHTTPServer { _ in
                LoopbackHTTPServer.Response(
                    headers: ["Content-Type": "application/json", "ETag": NonSecretCorpus.etag], body: Data(NonSecretCorpus.json.utf8))
            })
        let file = try makeCassetteDirectory().appendingPathComponent("corpus.har")
        let url = try #require(URL(string: "\(server.baseURL)/repos/acme/widgets/commits?per_page=2&after=\(NonSecretCorpus.cursor)"))
        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        let (recorded, _) = try await recording.session.dataTaskResult(for: URLRequest(url: url))
        server.stop()
        recording.expectNoUnhandledRequests()

        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .none)
        let (replayed, response) = try await replaying.session.dataTaskResult(for: URLRequest(url: url))

        #expect(replayed == recorded)
        #expect(replayed == Data(NonSecretCorpus.json.utf8))
        #expect((response as? HTTPURLResponse)?.value(forHTTPHeaderField: "ETag") == NonSecretCorpus.etag)
        let written = try String(contentsOf: file, encoding: .utf8)
        #expect(written.contains(NonSecretCorpus.cursor))
        #expect(!written.contains("REDACTED"))
    }

    @Test("A cassette recorded with the old default, its query key and JSON password in the clear, still replays")
    func oldDefaultCassetteReplays() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("old.har")
        let url = try #require(URL(string: "https://api.test/login?api_key=old-key-1234"))
        try HTTPCassette(interactions: [
            .init(
                method: "POST", url: url, requestHeaders: ["Authorization": "REDACTED", "Content-Type": "application/json"],
                requestBody: Data(#"{"user":"ada","password":"old-password"}"#.utf8), responseBody: Data(#"{"token":"old-token"}"#.utf8))
        ]).harData().write(to: file)
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.setValue("Bearer live", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"user":"ada","password":"old-password"}"#.utf8)
        let stubs = HTTPStubRegistry()
        stubs.useCassette(
            at: file, mode: .none, options: .init(matching: .methodAndURL.includingBody().including(headers: "Authorization")))

        let (body, status) = try await stubs.session.bodyAndStatus(for: request)

        #expect(status == 200)
        #expect(body == #"{"token":"old-token"}"#)
        stubs.expectNoUnhandledRequests()
    }

    @Test("The recorded-request log line and an unhandled request's failure show the request redacted")
    func messagesShowRequestsRedacted() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("one.har")
        try HTTPCassette(interactions: [.init(url: try #require(URL(string: "https://api.test/books")))]).harData().write(to: file)
        var request = URLRequest(url: try #require(URL(string: "https://ada:pw-in-url-123@api.test/authors?api_key=live-key-5678")))
        request.setValue("Bearer live-bearer-9012", forHTTPHeaderField: "Authorization")
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)
        _ = try? await stubs.session.dataTaskResult(for: request)

        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            let text = "\(issue)"
            return text.contains("No stub matches GET https://REDACTED:REDACTED@api.test/authors?api_key=REDACTED")
                && !text.contains("live-key-5678") && !text.contains("pw-in-url-123") && !text.contains("live-bearer-9012")
        }
    }
}

@Suite("Cassettes: the credential scan refuses to write")
struct CassetteCredentialScanTests {
    /// Records one GET of `path` from a server answering `body` as `contentType`, with `redaction`.
    private func record(
        _ body: String, contentType: String = "application/json", path: String = "/integrations", requestHeaders: [String: String] = [:],
        redaction: HTTPRedaction, into file: URL, line: UInt = #line
    ) async throws -> (stubs: HTTPStubRegistry, status: Int, body: String) {
        let server = try #require(
            LoopbackHTTPServer { _ in LoopbackHTTPServer.Response(headers: ["Content-Type": contentType], body: Data(body.utf8)) })
        defer { server.stop() }
        var request = URLRequest(url: try #require(URL(string: server.baseURL + path)))
        for (name, value) in requestHeaders { request.setValue(value, forHTTPHeaderField: name) }
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .once, options: .init(redacting: redaction), line: line)
        let result = try await stubs.session.bodyAndStatus(for: request)
        return (stubs, result.1, result.0)
    }

    @Test("A Slack token under a key no rule names fails at the useCassette line, says where and what it is, and writes nothing")
    func jsonFieldRefused() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("slack.har")
        let fingerprint = "sha256:7ab73ebca7cb"  // from `sha256sum`
        let line = #line + 1
        let answer = try await record(#"{"integration":{"bot":"\#(CredentialFlow.slackToken)"}}"#, redaction: .none, into: file)

        withKnownIssue {
            answer.stubs.expectNoUnhandledRequests()  // reports what the scan found, on this task
        } matching: { issue in
            issue.isFailure(
                containing: """
                    The cassette \(file.path) was not written: interaction 1 (GET http://127.0.0.1:
                    """, line: line)
                && issue.isFailure(
                    containing: """
                        /integrations) holds what looks like a credential that no redaction rule removed.
                          - the response JSON field integration.bot: a Slack token (\(fingerprint))
                            redact it:  redacting: .none.redactingJSONFields("bot")
                            or, if it is no secret, allow it:  redacting: .none.allowing("bot")
                        Nothing was written: the file is as it was before this recording, and the client got the real response.
                        """, line: line)
                && !"\(issue)".contains(CredentialFlow.slackToken)
        }
        #expect(answer.status == 200)
        #expect(answer.body.contains(CredentialFlow.slackToken))
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("A credential in a header no rule names is refused with the header's redacting line")
    func headerRefused() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("header.har")
        let line = #line + 1
        let recording = try await record(
            "{}", requestHeaders: ["X-Upstream-Token": CredentialFlow.githubToken],
            redaction: HTTPRedaction.none.redactingHeaders("authorization"),
            into: file)

        withKnownIssue {
            recording.stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "  - the request header X-Upstream-Token: a GitHub token (sha256:", line: line)
                && issue.isFailure(containing: #"redact it:  redacting: <your redaction>.redactingHeaders("X-Upstream-Token")"#, line: line)
        }
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("A credential in a query item no rule names is refused with the query item's redacting line")
    func queryItemRefused() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("query.har")
        let line = #line + 1
        let recording = try await record("{}", path: "/maps?k=AIzaSyA-1234567890abcdefghijklmnopqrstu", redaction: .none, into: file)

        withKnownIssue {
            recording.stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "  - the query item k: a Google API key (sha256:", line: line)
                && issue.isFailure(containing: #"redact it:  redacting: .none.redactingQueryItems("k")"#, line: line)
                && issue.isFailure(containing: "/maps?k=<sha256:", line: line)
                && !"\(issue)".contains("AIzaSyA-1234567890abcdefghijklmnopqrstu")
        }
    }

    @Test("A credential in a form field no rule names is refused with the form field's redacting line")
    func formFieldRefused() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("form.har")
        let line = #line + 1
        let recording = try await record(
            "client=shelf&key=\(CredentialFlow.stripeKey)", contentType: "application/x-www-form-urlencoded", redaction: .none,
            into: file)

        withKnownIssue {
            recording.stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "  - the response form field key: a Stripe live key (sha256:", line: line)
                && issue.isFailure(containing: #"redact it:  redacting: .none.redactingFormFields("key")"#, line: line)
        }
    }

    @Test("A private key in a text body is refused with a substituting line and the fingerprint that allows it")
    func textBodyRefused() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("pem.har")
        let fingerprint = "sha256:0d22c5618dcf"  // from `sha256sum`
        let line = #line + 1
        let recording = try await record(CredentialFlow.privateKey, contentType: "text/plain", redaction: .none, into: file)

        withKnownIssue {
            recording.stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "  - the response body: a private key (\(fingerprint))", line: line)
                && issue.isFailure(
                    containing:
                        #"redact it:  redacting: .none.substituting(value, with: "<SECRET>"), where value is the credential as your test has it"#,
                    line: line)
                && issue.isFailure(
                    containing: #"or, if it is no secret, allow it:  redacting: .none.allowing("\#(fingerprint)")"#, line: line)
        }
    }

    @Test("An allowed fingerprint or name is written as it is, with no failure")
    func allowedValuesAreWritten() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("allowed.har")
        let fingerprint = "sha256:0d22c5618dcf"  // from `sha256sum`
        _ = try await record(CredentialFlow.privateKey, contentType: "text/plain", redaction: .default.allowing(fingerprint), into: file)
        let other = try makeCassetteDirectory().appendingPathComponent("allowed-name.har")
        _ = try await record(#"{"sample":"\#(CredentialFlow.jwt)"}"#, redaction: .default.allowing("sample"), into: other)

        #expect(try String(contentsOf: file, encoding: .utf8).contains("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj"))
        #expect(try String(contentsOf: other, encoding: .utf8).contains(CredentialFlow.jwt))
    }

    @Test("Turning redaction off still scans: a JWT with .none fails, with the default it is redacted")
    func defaultRedactsWhatTheScanFinds() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("jwt.har")
        _ = try await record(#"{"session":{"value":"\#(CredentialFlow.jwt)"}}"#, redaction: .default, into: file)

        #expect(try String(contentsOf: file, encoding: .utf8).contains(#"{\"session\":{\"value\":\"REDACTED\"}}"#))
    }
}
