import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("HTTPStubRegistry.verify")
struct HTTPStubRegistryVerificationTests {
    @Test("expectRequested(_:count:) passes when exactly that many requests match")
    func verifyPasses() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("POST", "https://a.test/login"))

        let failures = FailureReporter.collectFailures {
            stubs.expectRequested(.post("/login"), count: 1)
            stubs.expectRequested(.get("/books"), count: 0)
        }

        #expect(failures.isEmpty)
    }

    @Test("expectRequested(_:count:) names the expectation and lists the requests seen, at the caller's line")
    func verifyFails() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books?page=1"))

        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            stubs.expectRequested(.post("/login"), count: 1)
        }

        #expect(
            failures.map(\.message) == [
                """
                Expected 1 POST /login, saw 0; requests seen (1):
                  1. GET https://a.test/books?page=1 → 200
                closest: 1. GET https://a.test/books?page=1: method is GET, expected POST; path is /books, expected /login
                """
            ])
        #expect(failures.first?.location.line == line)
    }

    @Test("expectRequested(_:count:) with no requests at all says so")
    func verifyNoRequests() {
        let stubs = HTTPStubRegistry()

        let failures = FailureReporter.collectFailures {
            stubs.expectRequested(.get("/books"), count: 2)
        }

        #expect(failures.map(\.message) == ["Expected 2 GET /books, saw 0; requests seen: none"])
    }

    @Test("expectAllStubsUsed() names every stub that never answered")
    func expectAllStubsUsed() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books"), with: .ok)
        stubs.stub(.post("/login"), with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books"))

        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            stubs.expectAllStubsUsed()
        }

        #expect(failures.count == 1)
        let message = try #require(failures.first?.message)
        #expect(
            message.hasPrefix(
                "1 of 2 stubs never answered:\n  POST /login (registered at HTTPStubbingTests/HTTPStubRegistryVerificationTests.swift:"))
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
                try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/missing"))
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
            let request = try makeRequest(
                "POST", "https://a.test/login", body: Data("user=bob".utf8), headers: ["Content-Type": "application/x-www-form-urlencoded"])
            _ = try? await stubs.session.dataTaskResult(for: request)
        }

        let stubLine = line + 1
        #expect(
            failures.map(\.message) == [
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
                """
            ])
        #expect(failures.first?.location.line == line)
    }

    @Test("With no stubs registered the failure says so")
    func noStubs() async throws {
        let request = try makeRequest("GET", "https://a.test/x")
        let failures = await FailureReporter.collectFailures {
            let stubs = HTTPStubRegistry()
            _ = try? await stubs.session.dataTaskResult(for: request)
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
            try await session.dataTaskResult(for: try makeRequest("GET", "https://a.test/x"))
        }

        #expect(error?.code == .resourceUnavailable)
        #expect(error?.localizedDescription.contains("was deallocated") == true)
    }

    @Test("verify for a header names the closest request's actual header")
    func verifyHeaderShowsClosest() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.dataTaskResult(
            for: try makeRequest("GET", "https://a.test/books", headers: ["Authorization": "Bearer xyz"]))

        let line = #line + 2
        withKnownIssue {
            stubs.expectRequested(.get("/books").header("Authorization", "Bearer abc"))
        } matching: { issue in
            issue.isFailure(
                containing: #"closest: 1. GET https://a.test/books: header Authorization is "Bearer xyz", expected "Bearer abc""#,
                line: line)
        }
    }

    @Test("verify for a JSON body names the closest request's actual body")
    func verifyBodyShowsClosest() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        _ = try await stubs.session.dataTaskResult(
            for: try makeRequest("POST", "https://a.test/books", body: Data(#"{"title":"Emma"}"#.utf8)))

        let failures = FailureReporter.collectFailures {
            stubs.expectRequested(.post("/books").body(.json(#"{"title": "Dune"}"#)))
        }

        #expect(
            failures.first?.message.hasSuffix(
                #"closest: 1. POST https://a.test/books: JSON body is {"title":"Emma"}, expected {"title":"Dune"}"#) == true)
    }

    @Test("A failing verify over many requests lists the closest ten and counts the rest")
    func verifyListsClosestFew() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        for index in 0..<30 {
            _ = try await stubs.session.dataTaskResult(for: try makeRequest(index == 7 ? "POST" : "GET", "https://a.test/item/\(index)"))
        }

        let failures = FailureReporter.collectFailures {
            stubs.expectRequested(.post("/item/9"))
        }

        let message = try #require(failures.first?.message)
        #expect(message.contains("requests seen (30), the 10 closest:"))
        #expect(message.contains("  … and 20 more"))
        #expect(message.contains("  8. POST https://a.test/item/7 → 200\n  10. GET https://a.test/item/9 → 200\n"))
        #expect(message.hasSuffix("closest: 10. GET https://a.test/item/9: method is GET, expected POST"))
    }

    @Test("verify after each request keeps counting requests that arrive between calls")
    func verifyCountsIncrementally() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        var failures: [TestFailure] = []
        for expected in 1...3 {
            _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books"))
            failures += FailureReporter.collectFailures {
                stubs.expectRequested(.get("/books"), count: expected)
                stubs.expectRequested(.any.matching("a books request") { $0.path == "/books" }, count: expected)
            }
        }

        #expect(failures.isEmpty)
    }

    @Test("An unhandled request among many stubs lists the ten closest and counts the rest")
    func unhandledListsClosestFew() async throws {
        let request = try makeRequest("POST", "https://a.test/item/7")
        let failures = await FailureReporter.collectFailures {
            let stubs = HTTPStubRegistry()
            for index in 0..<50 {
                stubs.stub(.get("/item/\(index)"), with: .ok)
            }
            _ = try? await stubs.session.dataTaskResult(for: request)
        }

        let message = try #require(failures.first?.message)
        #expect(message.contains("Registered stubs (50; the 10 closest; the last registered that matches wins):"))
        #expect(message.contains("  → 8. GET /item/7 (registered at"))
        #expect(message.contains("closest: method is POST, expected GET"))
        #expect(message.contains("    … and 40 more stubs, none closer"))
    }

    @Test("Two body matchers that print alike (long bodies differing late) keep separate counts")
    func verifyCountsDoNotMixMatchersThatPrintAlike() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        let first = Data(String(repeating: "a", count: 600).utf8 + [0x31])
        let second = Data(String(repeating: "a", count: 600).utf8 + [0x32])
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("POST", "https://a.test/upload", body: first))

        let failures = FailureReporter.collectFailures {
            stubs.expectRequested(.post("/upload").body(.data(first)), count: 1)
            stubs.expectRequested(.post("/upload").body(.data(second)), count: 0)
        }

        #expect(failures.isEmpty)
    }
}
