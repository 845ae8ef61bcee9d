import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("HTTPStubRegistry: priority, throttling, ranges, HTTP message files")
struct HTTPStubRegistryDeliveryTests {
    @Test("A stub with a higher priority answers before a later, broader one")
    func priority() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books").query(["page": "2"]), priority: 1, with: .text("specific"))
        stubs.stub(.any, with: .text("catch-all"))

        let (specific, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/books?page=2"))
        let (broad, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/books?page=3"))

        #expect(specific == "specific")
        #expect(broad == "catch-all")
    }

    @Test("A throttled body arrives in several chunks and in full")
    func throttled() async throws {
        let stubs = HTTPStubRegistry()
        let body = Data(repeating: 7, count: 4_000)
        stubs.stub(.get("/cover.jpg"), with: HTTPStubResponse.data(body).throttled(bytesPerSecond: 4_000_000))
        let counter = ChunkCounter()
        let session = stubs.makeSession(delegate: counter)
        defer { session.finishTasksAndInvalidate() }

        let received = await counter.load(try makeRequest("GET", "https://a.test/cover.jpg"), in: session)

        #expect(received.data == body)
        #expect(received.chunks == 16)
    }

    @Test("On Linux a throttled body reaches a completion handler or data(for:) whole, not only its last piece")
    func throttledWithoutDelegate() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: HTTPStubResponse.text("0123456789abcdefghijklmnopqrstuvwxyz").throttled(bytesPerSecond: 1_000_000))

        let (text, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/x"))

        #expect(text == "0123456789abcdefghijklmnopqrstuvwxyz")
    }

    @Test("A Range request gets 206 Partial Content with Content-Range and the slice")
    func range() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/file"), with: .text("0123456789"))

        let (text, response) = try await stubs.session.text(
            for: try makeRequest("GET", "https://a.test/file", headers: ["Range": "bytes=2-5"]))

        #expect(response.statusCode == 206)
        #expect(text == "2345")
        #expect(response.value(forHTTPHeaderField: "Content-Range") == "bytes 2-5/10")
        #expect(stubs.requests.map(\.outcome) == [.responded(statusCode: 206)])
    }

    @Test("A suffix range takes the last bytes; a range past the end gets 416")
    func rangeEdges() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/file"), with: .text("0123456789"))

        let (tail, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/file", headers: ["Range": "bytes=-3"]))
        let (_, past) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/file", headers: ["Range": "bytes=20-"]))

        #expect(tail == "789")
        #expect(past.statusCode == 416)
        #expect(past.value(forHTTPHeaderField: "Content-Range") == "bytes */10")
    }

    @Test("httpMessage(_:) reads the status line, headers and body")
    func httpMessage() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(
            .get("/books"), with: .httpMessage("HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nX-Trace: 1\r\n\r\nno such book"))

        let (text, response) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/books"))

        #expect(response.statusCode == 404)
        #expect(response.value(forHTTPHeaderField: "X-Trace") == "1")
        #expect(text == "no such book")
    }

    @Test("httpMessage(contentsOf:) reads a file; a missing one is reported with a close name")
    func httpMessageFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("http-message-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data("HTTP/1.1 201 Created\nLocation: /books/1\n\n{}".utf8).write(to: directory.appendingPathComponent("created.http"))

        let failures = FailureReporter.collectFailures {
            _ = HTTPStubResponse.httpMessage(contentsOf: directory.appendingPathComponent("created.http"))
            _ = HTTPStubResponse.httpMessage(contentsOf: directory.appendingPathComponent("creatd.http"))
        }

        #expect(failures.count == 1)
        #expect(failures.first?.message.hasSuffix("creatd.http; did you mean created.http?") == true)
    }

    @Test("A message without a status line is reported at the caller's line")
    func badHTTPMessage() {
        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            _ = HTTPStubResponse.httpMessage("Content-Type: text/plain\n\nhello")
        }

        #expect(
            failures.map(\.message) == [
                #"Not an HTTP response message: the first line is "Content-Type: text/plain"; expected a status line such as HTTP/1.1 200 OK"#
            ])
        #expect(failures.first?.location.line == line)
    }
}
