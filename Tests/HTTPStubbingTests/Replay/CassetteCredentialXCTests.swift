import Foundation
import HTTPStubbing
import TestSupportTesting
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The credential flows and the scan's refusals under XCTest, failures captured through XCTest's
/// real failure path. XCTest runs one test at a time, so capturing the process's standard output
/// sees only this test's log lines.
final class CassetteCredentialXCTests: FailureRecordingTestCase {
    func test_useCassette_nineFlowsWithNoConfiguration_leaveNoSecretInFilesOrOutput() async throws {
        try XCTSkipIf(ProcessInfo.processInfo.environment[HTTPRecordMode.environmentVariable] != nil, "a record mode is forced")
        let server = try XCTUnwrap(LoopbackHTTPServer(handler: CredentialFlow.respond))
        defer { server.stop() }
        let directory = try makeCassetteDirectory()
        var files: [URL] = []

        let output = try await capturingStandardOutput {
            for (index, flow) in CredentialFlow.all.enumerated() {
                let file = directory.appendingPathComponent("flow-\(index).har")
                files.append(file)
                let stubs = HTTPStubRegistry()
                stubs.useCassette(at: file, mode: .once)
                _ = try await flow.run(stubs.session, server.baseURL)
                stubs.expectNoUnhandledRequests()
            }
        }

        XCTAssertTrue(output.contains("HTTPStubbing recorded GET"), output)
        for (flow, file) in zip(CredentialFlow.all, files) {
            let written = try String(contentsOf: file, encoding: .utf8)
            for secret in flow.secrets {
                for form in CredentialFlow.encodings(of: secret) {
                    XCTAssertFalse(written.contains(form), "\(flow): \(form) reached the cassette")
                    XCTAssertFalse(output.contains(form), "\(flow): \(form) reached the test output")
                }
            }
            let replaying = HTTPStubRegistry()
            replaying.useCassette(at: file, mode: .none)
            let replayed = try await flow.run(replaying.session, server.baseURL)
            XCTAssertTrue(replayed.allSatisfy { $0.0 == 200 }, "\(flow): \(replayed)")
            replaying.expectNoUnhandledRequests()
        }
    }

    func test_useCassette_slackTokenUnderUnnamedKeyWithNone_failsAtCallerLineAndWritesNothing() async throws {
        let server = try XCTUnwrap(LoopbackHTTPServer(handler: CredentialFlow.respond))
        defer { server.stop() }
        let file = try makeCassetteDirectory().appendingPathComponent("slack.har")
        var line = 0

        let failures = await capturingXCTestFailures {
            let stubs = HTTPStubRegistry()
            line = #line + 1
            stubs.useCassette(at: file, mode: .once, options: .init(redacting: .none))
            _ = try? await stubs.session.dataTaskResult(for: URLRequest(url: try XCTUnwrap(URL(string: "\(server.baseURL)/integrations"))))
            stubs.expectNoUnhandledRequests()
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(
            failures.first?.description,
            """
            failed - The cassette \(file.path) was not written: interaction 1 (GET \(server.baseURL)/integrations) \
            holds what looks like a credential that no redaction rule removed.
              - the response JSON field integration.bot: a Slack token (sha256:7ab73ebca7cb)
                redact it:  redacting: .none.redactingJSONFields("bot")
                or, if it is no secret, allow it:  redacting: .none.allowing("bot")
            Nothing was written: the file is as it was before this recording, and the client got the real response.
            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
    }

    @MainActor
    func test_useCassette_credentialInUnnamedHeader_refusedWithTheHeadersRedactingLine() async throws {
        let (failures, line) = try await refusals(
            "{}", requestHeaders: ["X-Upstream-Token": CredentialFlow.githubToken],
            redaction: HTTPRedaction.none.redactingHeaders("authorization"))

        XCTAssertEqual(failures.map(\.line), [line])
        let message = failures.first?.description ?? ""
        XCTAssertTrue(message.contains("  - the request header X-Upstream-Token: a GitHub token (sha256:"), message)
        XCTAssertTrue(message.contains(#"redact it:  redacting: <your redaction>.redactingHeaders("X-Upstream-Token")"#), message)
        XCTAssertFalse(message.contains(CredentialFlow.githubToken))
    }

    @MainActor
    func test_useCassette_credentialInUnnamedQueryItem_refusedWithTheQueryItemsRedactingLine() async throws {
        let key = "AIzaSyA-1234567890abcdefghijklmnopqrstu"
        let (failures, line) = try await refusals("{}", path: "/maps?k=\(key)", redaction: .none)

        XCTAssertEqual(failures.map(\.line), [line])
        let message = failures.first?.description ?? ""
        XCTAssertTrue(message.contains("  - the query item k: a Google API key (sha256:"), message)
        XCTAssertTrue(message.contains(#"redact it:  redacting: .none.redactingQueryItems("k")"#), message)
        XCTAssertFalse(message.contains(key))
    }

    @MainActor
    func test_useCassette_credentialInUnnamedFormField_refusedWithTheFormFieldsRedactingLine() async throws {
        let (failures, line) = try await refusals(
            "client=shelf&key=\(CredentialFlow.stripeKey)", contentType: "application/x-www-form-urlencoded", redaction: .none)

        XCTAssertEqual(failures.map(\.line), [line])
        let message = failures.first?.description ?? ""
        XCTAssertTrue(message.contains("  - the response form field key: a Stripe live key (sha256:"), message)
        XCTAssertTrue(message.contains(#"redact it:  redacting: .none.redactingFormFields("key")"#), message)
        XCTAssertFalse(message.contains(CredentialFlow.stripeKey))
    }

    /// Records one request against a loopback server answering `body`, and returns the XCTest
    /// failures it produced and the `useCassette` line they should point at.
    @MainActor
    private func refusals(
        _ body: String, contentType: String = "application/json", path: String = "/integrations",
        requestHeaders: [String: String] = [:], redaction: HTTPRedaction
    ) async throws -> (failures: [RecordedXCTestFailure], line: Int) {
        let server = try XCTUnwrap(
            LoopbackHTTPServer { _ in LoopbackHTTPServer.Response(headers: ["Content-Type": contentType], body: Data(body.utf8)) })
        defer { server.stop() }
        let file = try makeCassetteDirectory().appendingPathComponent("refused.har")
        var request = URLRequest(url: try XCTUnwrap(URL(string: server.baseURL + path)))
        for (name, value) in requestHeaders { request.setValue(value, forHTTPHeaderField: name) }
        var line = 0
        let failures = await capturingXCTestFailures {
            let stubs = HTTPStubRegistry()
            line = #line + 1
            stubs.useCassette(at: file, mode: .once, options: .init(redacting: redaction))
            _ = try? await stubs.session.dataTaskResult(for: request)
            stubs.expectNoUnhandledRequests()
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
        return (failures, line)
    }

    func test_useCassette_privateKeyInTextBodyWithNone_failsNamingTheFingerprintThatAllowsIt() async throws {
        let server = try XCTUnwrap(LoopbackHTTPServer(handler: CredentialFlow.respond))
        defer { server.stop() }
        let file = try makeCassetteDirectory().appendingPathComponent("pem.har")
        var line = 0

        let failures = await capturingXCTestFailures {
            let stubs = HTTPStubRegistry()
            line = #line + 1
            stubs.useCassette(at: file, mode: .once, options: .init(redacting: .none))
            _ = try? await stubs.session.dataTaskResult(for: URLRequest(url: try XCTUnwrap(URL(string: "\(server.baseURL)/keys/deploy"))))
            stubs.expectNoUnhandledRequests()
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.contains(
                """
                  - the response body: a private key (sha256:0d22c5618dcf)
                    redact it:  redacting: .none.substituting(value, with: "<SECRET>"), where value is the credential as your test has it
                    or, if it is no secret, allow it:  redacting: .none.allowing("sha256:0d22c5618dcf")
                """) == true, "\(failures)")
        XCTAssertFalse(failures.first?.description.contains("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcw") ?? true)
    }

    /// Runs `body` with the process's standard output sent to a file, and returns what it wrote.
    private func capturingStandardOutput(_ body: () async throws -> Void) async throws -> String {
        let capture = try makeCassetteDirectory().appendingPathComponent("stdout.txt")
        _ = FileManager.default.createFile(atPath: capture.path, contents: nil)
        let handle = try FileHandle(forWritingTo: capture)
        fflush(nil)
        let saved = dup(STDOUT_FILENO)
        dup2(handle.fileDescriptor, STDOUT_FILENO)
        do {
            try await body()
        } catch {
            fflush(nil)
            dup2(saved, STDOUT_FILENO)
            throw error
        }
        fflush(nil)
        dup2(saved, STDOUT_FILENO)
        close(saved)
        try handle.close()
        return try String(contentsOf: capture, encoding: .utf8)
    }
}
