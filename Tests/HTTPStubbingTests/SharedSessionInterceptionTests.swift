#if canImport(Darwin)
import Foundation
import HTTPStubbing
import TestSupportTesting
import Testing

/// `interceptSharedSession()` registers the registry's protocol class process-wide, so these
/// tests run one at a time, each stopping before it ends. No other test of the package sends
/// through `URLSession.shared`.
@Suite("HTTPStubRegistry.interceptSharedSession (Apple platforms)", .serialized)
struct SharedSessionInterceptionTests {
    @Test("While intercepting, a request through URLSession.shared is answered by the registry and recorded")
    func sharedSessionIsAnswered() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books"), with: .text("from the stub"))
        stubs.interceptSharedSession()
        defer { stubs.stopInterceptingSharedSession() }

        let (data, response) = try await URLSession.shared.dataTaskResult(for: try makeRequest("GET", "https://a.test/books"))

        #expect(String(decoding: data, as: UTF8.self) == "from the stub")
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(stubs.requests.map(\.url.absoluteString) == ["https://a.test/books"])
    }

    @Test("After stopping, URLSession.shared no longer reaches the registry")
    func stoppingReleasesTheSharedSession() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .text("from the stub"))
        stubs.interceptSharedSession()
        stubs.stopInterceptingSharedSession()
        // Port 1 on the loopback interface: nothing listens there, so the real loading system
        // fails at once, without leaving the machine.
        var request = try makeRequest("GET", "http://127.0.0.1:1/books")
        request.timeoutInterval = 10

        await #expect(throws: URLError.self) { try await URLSession.shared.dataTaskResult(for: request) }

        #expect(stubs.requests.isEmpty)
    }
}
#endif
