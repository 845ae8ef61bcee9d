import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("HTTPStubRegistry.stub")
struct HTTPStubRegistryStubbingTests {
    @Test("When several stubs match, the one registered last answers")
    func lastRegisteredWins() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books"), with: .text("first"))
        stubs.stub(.get("/books"), with: .text("second"))

        let (text, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/books"))

        #expect(text == "second")
    }

    @Test("A more specific stub registered first loses to a general one registered later")
    func precedenceIsOrderNotSpecificity() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books").query(["page": "2"]), with: .text("specific"))
        stubs.stub(.any, with: .text("catch-all"))

        let (text, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/books?page=2"))

        #expect(text == "catch-all")
    }

    @Test("A stub limited to N answers falls through to earlier stubs afterwards")
    func times() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/token"), with: .text("fallback"))
        stubs.stub(.get("/token"), times: 2, with: .text("limited"))
        let request = try makeRequest("GET", "https://a.test/token")

        var answers: [String] = []
        for _ in 0..<3 {
            answers.append(try await stubs.session.text(for: request).0)
        }

        #expect(answers == ["limited", "limited", "fallback"])
    }

    @Test("A sequence answers its responses in order, one each")
    func sequence() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/status"), inOrder: [.status(503), .status(502), .status(200)])
        let request = try makeRequest("GET", "https://a.test/status")

        var codes: [Int] = []
        for _ in 0..<3 {
            codes.append(try await stubs.session.text(for: request).1.statusCode)
        }

        #expect(codes == [503, 502, 200])
    }

    @Test("After the last response of a sequence, the last one repeats")
    func sequenceRepeatsLast() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/status"), inOrder: [.status(503), .status(200)])
        let request = try makeRequest("GET", "https://a.test/status")

        var codes: [Int] = []
        for _ in 0..<4 {
            codes.append(try await stubs.session.text(for: request).1.statusCode)
        }

        #expect(codes == [503, 200, 200, 200])
    }

    @Test("A sequence limited by times: is used up and leaves the request unhandled when nothing else matches")
    func usedUpSequence() async throws {
        let failures = try await FailureReporter.collectFailures {
            let stubs = HTTPStubRegistry()
            stubs.stub(.get("/once"), times: 1, inOrder: [.ok])
            let request = try makeRequest("GET", "https://a.test/once")
            _ = try await stubs.session.dataTaskResult(for: request)

            await #expect(throws: URLError.self) { try await stubs.session.dataTaskResult(for: request) }
        }

        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("used up after 1 answers") == true)
    }

    @Test("answerCount counts the requests a stub answered")
    func answerCount() async throws {
        let stubs = HTTPStubRegistry()
        let books = stubs.stub(.get("/books"), with: .ok)
        let other = stubs.stub(.get("/other"), with: .ok)

        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books"))
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books"))

        #expect(books.answerCount == 2)
        #expect(other.answerCount == 0)
    }

    @Test("remove() takes a stub out, so earlier stubs answer again")
    func remove() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books"), with: .text("original"))
        let override = stubs.stub(.get("/books"), with: .text("override"))

        override.remove()
        let (text, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/books"))

        #expect(text == "original")
    }

    @Test("times: 0 is reported at the caller's line and registers nothing")
    func zeroTimes() {
        let stubs = HTTPStubRegistry()
        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            stubs.stub(.get("/books"), times: 0, with: .ok)
        }

        #expect(failures.map(\.message) == ["A stub must answer at least once; times: 0 registers nothing for GET /books"])
        #expect(failures.first?.location.line == line)
    }

    @Test("An empty sequence is reported at the caller's line")
    func emptySequence() {
        let stubs = HTTPStubRegistry()
        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            stubs.stub(.get("/books"), inOrder: [])
        }

        #expect(failures.first?.message.hasPrefix("A response sequence needs at least one response") == true)
        #expect(failures.first?.location.line == line)
    }

    @Test("A configuration from makeConfiguration(from:) keeps the base settings and answers from the registry")
    func makeConfiguration() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books"), with: .text("stubbed"))
        let base = URLSessionConfiguration.ephemeral
        base.timeoutIntervalForRequest = 7

        let configuration = stubs.makeConfiguration(from: base)
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let (text, _) = try await session.text(for: try makeRequest("GET", "https://a.test/books"))

        #expect(configuration.timeoutIntervalForRequest == 7)
        #expect(configuration.urlCache == nil)
        #expect(configuration.requestCachePolicy == .reloadIgnoringLocalCacheData)
        #expect(base.requestCachePolicy == .useProtocolCachePolicy)
        #expect(text == "stubbed")
    }

    @Test("A session from makeSession answers from the registry")
    func makeSession() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books"), with: .text("stubbed"))
        let session = stubs.makeSession()
        defer { session.finishTasksAndInvalidate() }

        let (text, _) = try await session.text(for: try makeRequest("GET", "https://a.test/books"))

        #expect(text == "stubbed")
    }
}
