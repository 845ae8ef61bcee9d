import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Regression tests for faults once seen: each one crashed, lost a failure or lost a count.
@Suite("HTTPStubRegistry regressions")
struct HTTPStubRegistryFaultTests {
    @Test("stubs.session used after its registry is released fails with URLError.resourceUnavailable")
    func sessionAfterRelease() async throws {
        var stubs: HTTPStubRegistry? = HTTPStubRegistry()
        let session = try #require(stubs?.session)
        stubs = nil

        let error = await #expect(throws: URLError.self) {
            try await session.dataTaskResult(for: try makeRequest("GET", "https://a.test/x"))
        }

        #expect(error?.code == .resourceUnavailable)
        #expect(error?.localizedDescription.contains("was deallocated") == true)
    }

    @Test("Releasing a registry while its session starts requests never stops the process")
    func releaseRacesWithRequests() async throws {
        let request = try makeRequest("GET", "https://a.test/x")
        var outcomes = 0
        for _ in 0..<40 {
            var stubs: HTTPStubRegistry? = HTTPStubRegistry()
            stubs?.stub(.any, with: .ok)
            let session = try #require(stubs?.session)
            async let sent: Int = { (try? await session.dataTaskResult(for: request)) == nil ? 0 : 1 }()
            stubs = nil
            outcomes += await sent + 1
        }

        #expect(outcomes >= 40)
    }

    @Test("answerCount keeps its count after remove()")
    func answerCountAfterRemove() async throws {
        let stubs = HTTPStubRegistry()
        let books = stubs.stub(.get("/books"), with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books"))
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books"))

        books.remove()

        #expect(books.answerCount == 2)
    }

    @Test("answerCount keeps its count after removeAllStubs()")
    func answerCountAfterRemoveAll() async throws {
        let stubs = HTTPStubRegistry()
        let books = stubs.stub(.get("/books"), with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books"))

        stubs.removeAllStubs()

        #expect(books.answerCount == 1)
    }

    @Test("A cancelled delayed request still scheduled at the test's end does not keep the registry, so its failures are reported")
    func cancelledDelayedRequestDoesNotHideFailures() async throws {
        let missing = try makeRequest("GET", "https://a.test/missing")
        let slow = try makeRequest("GET", "https://a.test/slow")
        let line = #line + 3
        await withKnownIssue {
            do {
                let stubs = HTTPStubRegistry()
                _ = try? await stubs.session.dataTaskResult(for: missing)
                let arrival = Locked<AsyncStream<Void>.Continuation?>(nil)
                let arrivals = AsyncStream(Void.self) { continuation in arrival.withLock { $0 = continuation } }
                stubs.stub(.get("/slow")) { _ in
                    arrival.value?.yield()
                    return HTTPStubResponse.ok.delayed(by: 3_600)
                }
                let error: (any Error)? = await withCheckedContinuation { continuation in
                    let task = stubs.session.dataTask(with: slow) { _, _, error in continuation.resume(returning: error) }
                    task.resume()
                    Task {
                        for await _ in arrivals { break }
                        task.cancel()
                    }
                }
                #expect((error as? URLError)?.code == .cancelled)
            }
            // No verify: the registry's last reference went at the end of `do`, on this task.
        } matching: { issue in
            issue.isFailure(containing: "No stub matches GET https://a.test/missing", line: line)
        }
    }
}
