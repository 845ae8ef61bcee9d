import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import HTTPStubbing
import TestSupportCore
import Testing

@Suite("HTTPStubRegistry.verify")
struct HTTPStubRegistryVerificationTests {
    @Test("verify(_:count:) passes when exactly that many requests match")
    func verifyPasses() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.data(for: try makeRequest("POST", "https://a.test/login"))

        let failures = FailureReporter.collectFailures {
            stubs.verify(.post("/login"), count: 1)
            stubs.verify(.get("/books"), count: 0)
        }

        #expect(failures.isEmpty)
    }

    @Test("verify(_:count:) names the expectation and lists the requests seen, at the caller's line")
    func verifyFails() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.data(for: try makeRequest("GET", "https://a.test/books?page=1"))

        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            stubs.verify(.post("/login"), count: 1)
        }

        #expect(failures.map(\.message) == [
            """
            Expected 1 POST /login, saw 0; requests seen (1):
              1. GET https://a.test/books?page=1 → 200
            closest: 1. GET https://a.test/books?page=1: method is GET, expected POST; path is /books, expected /login
            """,
        ])
        #expect(failures.first?.location.line == line)
    }

    @Test("verify(_:count:) with no requests at all says so")
    func verifyNoRequests() {
        let stubs = HTTPStubRegistry()

        let failures = FailureReporter.collectFailures {
            stubs.verify(.get("/books"), count: 2)
        }

        #expect(failures.map(\.message) == ["Expected 2 GET /books, saw 0; requests seen: none"])
    }

    @Test("verifyAllStubsUsed() names every stub that never answered")
    func verifyAllStubsUsed() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books"), with: .ok)
        stubs.stub(.post("/login"), with: .ok)
        _ = try await stubs.session.data(for: try makeRequest("GET", "https://a.test/books"))

        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            stubs.verifyAllStubsUsed()
        }

        #expect(failures.count == 1)
        let message = try #require(failures.first?.message)
        #expect(message.hasPrefix("1 of 2 stubs never answered:\n  POST /login (registered at HTTPStubbingTests/HTTPStubRegistryVerificationTests.swift:"))
        #expect(message.hasSuffix("requests seen (1):\n  1. GET https://a.test/books → 200"))
        #expect(failures.first?.location.line == line)
    }
}

@Suite("Unhandled requests")
struct UnhandledRequestTests {
    @Test("An unhandled request fails the client with URLError.resourceUnavailable")
    func clientError() async throws {
        let failures = await FailureReporter.collectFailures {
            let stubs = HTTPStubRegistry()
            let error = await #expect(throws: URLError.self) {
                try await stubs.session.data(for: try makeRequest("GET", "https://a.test/missing"))
            }
            #expect(error?.code == .resourceUnavailable)
            #expect(stubs.unhandledRequests.map(\.summary) == ["GET https://a.test/missing"])
        }
        #expect(failures.count == 1)
    }

    @Test("The failure names method, URL, headers and body, lists the stubs and marks the closest")
    func message() async throws {
        let line = #line + 2
        let failures = try await FailureReporter.collectFailures {
            let stubs = HTTPStubRegistry()
            stubs.stub(.get("/books"), with: .ok)
            stubs.stub(.post("/login").body(.formFields(["user": "ada"])), with: .ok)
            stubs.stub(.delete("/books/*"), with: .ok)
            let request = try makeRequest("POST", "https://a.test/login", body: Data("user=bob".utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
            _ = try? await stubs.session.data(for: request)
        }

        let stubLine = line + 1
        #expect(failures.map(\.message) == [
            """
            No stub matches POST https://a.test/login
              headers: Content-Type: application/x-www-form-urlencoded
              body: user=bob
            Registered stubs (the last registered that matches wins):
                1. GET /books (registered at HTTPStubbingTests/HTTPStubRegistryVerificationTests.swift:\(stubLine))
              → 2. POST /login with form fields user=ada (registered at HTTPStubbingTests/HTTPStubRegistryVerificationTests.swift:\(stubLine + 1))
                    closest: form field user is "bob", expected "ada"
                3. DELETE /books/* (registered at HTTPStubbingTests/HTTPStubRegistryVerificationTests.swift:\(stubLine + 2))
            The client received URLError(.resourceUnavailable).
            """,
        ])
        #expect(failures.first?.location.line == line)
    }

    @Test("With no stubs registered the failure says so")
    func noStubs() async throws {
        let request = try makeRequest("GET", "https://a.test/x")
        let failures = await FailureReporter.collectFailures {
            let stubs = HTTPStubRegistry()
            _ = try? await stubs.session.data(for: request)
        }

        #expect(failures.first?.message.contains("No stubs are registered.") == true)
    }

    @Test("A session outliving its registry fails its requests with a URLError that says why")
    func deallocatedRegistry() async throws {
        var stubs: HTTPStubRegistry? = HTTPStubRegistry()
        let configuration = try #require(stubs?.makeConfiguration())
        stubs = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }

        let error = await #expect(throws: URLError.self) {
            try await session.data(for: try makeRequest("GET", "https://a.test/x"))
        }

        #expect(error?.code == .resourceUnavailable)
        #expect(error?.localizedDescription.contains("was deallocated") == true)
    }
}
