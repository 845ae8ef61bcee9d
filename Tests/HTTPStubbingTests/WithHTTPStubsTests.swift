import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("withHTTPStubs")
struct WithHTTPStubsTests {
    @Test("The async scope returns what its body returns and reports nothing when every request was stubbed")
    func asyncScopeReturnsValue() async throws {
        let request = try makeRequest("GET", "https://a.test/books")

        var text = ""
        let failures = try await FailureReporter.collectFailures {
            text = try await withHTTPStubs { stubs in
                stubs.stub(.get("/books"), with: .text("listed"))
                return try await stubs.session.text(for: request).0
            }
        }

        #expect(text == "listed")
        #expect(failures.isEmpty)
    }

    @Test("The synchronous scope returns what its body returns")
    func syncScopeReturnsValue() {
        let count = withHTTPStubs { stubs in
            stubs.stub(.any, with: .ok)
            return stubs.requests.count
        }

        #expect(count == 0)
    }

    @Test("A registry passed followsRedirects: false by the scope hands redirects to the client")
    func scopeForwardsOptions() async throws {
        let request = try makeRequest("GET", "https://a.test/old")

        let status = try await withHTTPStubs(followsRedirects: false) { stubs in
            stubs.stub(.get("/old"), with: .redirect(to: "/new"))
            return try await stubs.session.text(for: request).1.statusCode
        }

        #expect(status == 302)
    }
}

@Suite("HTTPStubRegistry lifetime")
struct HTTPStubRegistryLifetimeTests {
    @Test("An unhandled request nobody verified is reported when the registry is deallocated")
    func reportedAtDeinit() async throws {
        let request = try makeRequest("GET", "https://a.test/forgotten")
        let line = #line + 3
        await withKnownIssue {
            do {
                let stubs = HTTPStubRegistry()
                _ = try? await stubs.session.dataTaskResult(for: request)
            }
        } matching: { issue in
            issue.isFailure(containing: "No stub matches GET https://a.test/forgotten", line: line)
        }
    }

    @Test("Fifty concurrent requests with mixed outcomes all terminate and are all recorded")
    func everyRequestTerminates() async throws {
        let requests = try (0..<50).map { index in
            try makeRequest("GET", "https://a.test/\(["ok", "offline", "slow", "missing", "redirect"][index % 5])/\(index)")
        }
        let stubs = FailureReporter.withHandler({ _ in }) { HTTPStubRegistry() }
        stubs.stub(.any.path("/ok/*"), with: .ok)
        stubs.stub(.any.path("/offline/*"), with: .error(.notConnectedToInternet))
        stubs.stub(.any.path("/slow/*"), with: HTTPStubResponse.ok.delayed(by: 0.001))
        stubs.stub(.any.path("/redirect/*"), with: .redirect(to: "/ok/0"))

        let completed = await withTaskGroup(of: Bool.self) { group in
            for request in requests {
                group.addTask {
                    _ = try? await stubs.session.dataTaskResult(for: request)
                    return true
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }

        #expect(completed == 50)
        #expect(stubs.requests.count == 60)
        #expect(stubs.requests.allSatisfy { $0.outcome != .pending })
        #expect(stubs.unhandledRequests.count == 10)
    }
}

@Suite("HTTPMethod")
struct HTTPMethodTests {
    @Test("A method's name is upper-cased, whether from a literal or a raw value")
    func upperCased() {
        let literal: HTTPMethod = "propfind"
        #expect(literal.rawValue == "PROPFIND")
        #expect(HTTPMethod(rawValue: "get") == .get)
    }
}
