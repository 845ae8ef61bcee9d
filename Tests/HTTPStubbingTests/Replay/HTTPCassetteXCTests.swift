import Foundation
import HTTPStubbing
import TestSupportTesting
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Record and replay and pass-through under XCTest, failures captured through XCTest's real
/// failure path.
final class HTTPCassetteXCTests: FailureRecordingTestCase {
    private func makeServer() throws -> LoopbackHTTPServer {
        try XCTUnwrap(
            LoopbackHTTPServer { request in
                LoopbackHTTPServer.Response(headers: ["Content-Type": "text/plain"], body: Data("real \(request.target)".utf8))
            })
    }

    private func skipIfRecordModeForced() throws {
        try XCTSkipIf(
            ProcessInfo.processInfo.environment[HTTPRecordMode.environmentVariable] != nil, "a record mode is forced from outside")
    }

    func test_useCassette_onceWithoutCassette_recordsThenReplaysWithServerStopped() async throws {
        try skipIfRecordModeForced()
        let server = try makeServer()
        let file = try makeCassetteDirectory().appendingPathComponent("shelf.har")
        let request = URLRequest(url: try XCTUnwrap(URL(string: "\(server.baseURL)/shelf")))
        let recording = HTTPStubRegistry()
        recording.useCassette(at: file, mode: .once)
        let (recorded, _) = try await recording.session.dataTaskResult(for: request)
        server.stop()

        let replaying = HTTPStubRegistry()
        replaying.useCassette(at: file, mode: .once)
        let (replayed, _) = try await replaying.session.dataTaskResult(for: request)

        XCTAssertEqual(String(decoding: replayed, as: UTF8.self), "real /shelf")
        XCTAssertEqual(replayed, recorded)
    }

    func test_useCassette_recordingWithAuthorization_writesNoSecret() async throws {
        try skipIfRecordModeForced()
        let server = try makeServer()
        defer { server.stop() }
        let file = try makeCassetteDirectory().appendingPathComponent("private.har")
        var request = URLRequest(url: try XCTUnwrap(URL(string: "\(server.baseURL)/private")))
        request.setValue("Bearer xctest-secret", forHTTPHeaderField: "Authorization")
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .once)

        _ = try await stubs.session.dataTaskResult(for: request)

        let written = try String(contentsOf: file, encoding: .utf8)
        XCTAssertFalse(written.contains("xctest-secret"))
        XCTAssertTrue(written.contains(#""value": "REDACTED""#))
    }

    func test_useCassette_modeNoneWithoutCassette_failsAtCallerLine() throws {
        let file = try makeCassetteDirectory().appendingPathComponent("absent.har")
        let stubs = HTTPStubRegistry()
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            stubs.useCassette(at: file, mode: .none)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains("No cassette at \(file.path), and record mode \"none\" only replays") == true,
            "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_useCassette_modeNoneUnmatchedRequest_failsAtRegistryLine() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("one.har")
        try HTTPCassette(interactions: [.init(url: try XCTUnwrap(URL(string: "https://api.test/books")))]).harData().write(to: file)
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://api.test/authors")))
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            let stubs = HTTPStubRegistry()
            stubs.useCassette(at: file, mode: .none)
            _ = try? await stubs.session.dataTaskResult(for: request)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("No stub matches GET https://api.test/authors") == true, "\(failures)")
        XCTAssertTrue(
            failures.first?.description.contains(
                "The cassette \(file.path) was replayed in record mode \"none\", which never records; "
                    + "to record this request, run the test with TESTSUPPORTKIT_RECORD_MODE=newEpisodes") == true,
            "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_useCassette_htmlPageSavedAsCassette_failsAtCallerLineWithLineAndColumn() throws {
        let file = try makeCassetteDirectory().appendingPathComponent("page.har")
        let bytes = Data("\n\n  <html><body>Service Unavailable</body></html>".utf8)
        try bytes.write(to: file)
        let stubs = HTTPStubRegistry()
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            stubs.useCassette(at: file, mode: .newEpisodes)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains(
                "The cassette \(file.path) cannot be read: The cassette is not JSON: line 3, column 3: expected a value") == true,
            "\(failures)")
        XCTAssertTrue(failures.first?.description.contains("it looks like an HTML or XML page") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(try Data(contentsOf: file), bytes)
    }

    func test_passUnmatchedRequests_on_reachesRealServer() async throws {
        let server = try makeServer()
        defer { server.stop() }
        let stubs = HTTPStubRegistry()
        stubs.passUnmatchedRequests(to: URLSession(configuration: .ephemeral))

        let (data, _) = try await stubs.session.dataTaskResult(for: URLRequest(url: try XCTUnwrap(URL(string: "\(server.baseURL)/real"))))

        XCTAssertEqual(String(decoding: data, as: UTF8.self), "real /real")
    }

    func test_passUnmatchedRequests_requestTheMatcherRejects_failsNamingTheMatcherAtRegistryLine() async throws {
        let server = try makeServer()
        defer { server.stop() }
        let request = URLRequest(url: try XCTUnwrap(URL(string: "\(server.baseURL)/books")))
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            let stubs = HTTPStubRegistry()
            stubs.passUnmatchedRequests(matching: .host("api.test"), to: URLSession(configuration: .ephemeral))
            _ = try? await stubs.session.dataTaskResult(for: request)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failures.first?.description.contains("No stub matches GET \(server.baseURL)/books") == true, "\(failures)")
        XCTAssertTrue(failures.first?.description.contains("Only requests matching host api.test pass through.") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }

    func test_useCassette_replayMiss_failsNamingClosestRecordingAndDifferenceAtRegistryLine() async throws {
        let file = try makeCassetteDirectory().appendingPathComponent("books.har")
        try HTTPCassette(interactions: [
            .init(url: try XCTUnwrap(URL(string: "https://api.test/books?page=1"))),
            .init(method: "POST", url: try XCTUnwrap(URL(string: "https://api.test/login"))),
        ]).harData().write(to: file)
        let request = URLRequest(url: try XCTUnwrap(URL(string: "https://api.test/books?page=2")))
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            let stubs = HTTPStubRegistry()
            stubs.useCassette(at: file, mode: .none)
            _ = try? await stubs.session.dataTaskResult(for: request)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failures.first?.description.contains("  → 2. GET https://api.test/books with exactly query page=1") == true, "\(failures)")
        XCTAssertTrue(
            failures.first?.description.contains(
                "closest: query is page=2, expected exactly page=1 (missing page=1, extra page=2)") == true, "\(failures)")
        XCTAssertEqual(failures.first?.line, line)
    }
}
