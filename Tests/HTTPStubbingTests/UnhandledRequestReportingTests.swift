import Foundation
import HTTPStubbing
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Unhandled requests are found on URLSession threads, where `Test.current` is nil; these tests
/// prove the failure still reaches the right Swift Testing test, through the real issue path.
@Suite("Unhandled requests under Swift Testing")
struct UnhandledRequestReportingTests {
    @Test("The failure is reported on the test's task at the next verification, at the registry's line")
    func reportedAtVerification() async throws {
        let line = #line + 1
        let stubs = HTTPStubRegistry()
        let request = try makeRequest("GET", "https://a.test/missing")

        let error = await #expect(throws: URLError.self) { try await stubs.session.dataTaskResult(for: request) }
        #expect(error?.code == .resourceUnavailable)

        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "No stub matches GET https://a.test/missing", line: line)
        }
    }

    @Test("The failure is reported when an async withHTTPStubs scope ends")
    func reportedAtAsyncScopeEnd() async throws {
        let request = try makeRequest("POST", "https://a.test/login", body: Data("user=ada".utf8))
        let line = #line + 2
        await withKnownIssue {
            await withHTTPStubs { stubs in
                stubs.stub(.get("/books"), with: .ok)
                let error = await #expect(throws: URLError.self) { try await stubs.session.dataTaskResult(for: request) }
                #expect(error?.code == .resourceUnavailable)
            }
        } matching: { issue in
            issue.isFailure(containing: "No stub matches POST https://a.test/login", line: line)
                && issue.message.contains("body: user=ada")
        }
    }

    @Test("The failure is reported when a synchronous withHTTPStubs scope ends")
    func reportedAtSyncScopeEnd() throws {
        let request = try makeRequest("GET", "https://a.test/sync")
        let line = #line + 2
        withKnownIssue {
            withHTTPStubs { stubs in
                let finished = DispatchSemaphore(value: 0)
                stubs.session.dataTask(with: request) { _, _, _ in finished.signal() }.resume()
                finished.wait()
            }
        } matching: { issue in
            issue.isFailure(containing: "No stub matches GET https://a.test/sync", line: line)
        }
    }

    @Test("Each unhandled request is reported once, however many verifications follow")
    func reportedOnce() async throws {
        let line = #line + 1
        let stubs = HTTPStubRegistry()
        _ = try? await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/once"))

        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "No stub matches GET https://a.test/once", line: line)
        }
        stubs.expectNoUnhandledRequests()
        stubs.expectRequested(.get("/once"), count: 1)
    }
}
