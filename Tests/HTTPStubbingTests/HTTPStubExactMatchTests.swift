import Foundation
import HTTPStubbing
import TestSupportCore
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Exact matches and answering once")
struct HTTPStubExactMatchTests {
    private func recorded(_ method: HTTPMethod, _ url: String) throws -> RecordedHTTPRequest {
        var request = URLRequest(url: try makeURL(url))
        request.httpMethod = method.rawValue
        return RecordedHTTPRequest(request)
    }

    @Test(".get(exactly:) matches the URL's query items in any order and no others")
    func getExactlyMatchesWholeQuery() throws {
        let matcher = HTTPRequestMatcher.get(exactly: "https://a.test/books?page=2&size=10")

        #expect(matcher.matches(try recorded(.get, "https://a.test/books?size=10&page=2")))
        #expect(!matcher.matches(try recorded(.get, "https://a.test/books?page=2&size=10&debug=1")))
        #expect(!matcher.matches(try recorded(.get, "https://a.test/books?page=2")))
        #expect(!matcher.matches(try recorded(.post, "https://a.test/books?page=2&size=10")))
    }

    @Test(".get(exactly:) with a path and no query matches only a request without one")
    func getExactlyPathWithoutQuery() throws {
        let matcher = HTTPRequestMatcher.get(exactly: "/books")

        #expect(matcher.matches(try recorded(.get, "https://a.test/books")))
        #expect(!matcher.matches(try recorded(.get, "https://a.test/books?page=1")))
        #expect(
            matcher.mismatches(for: try recorded(.get, "https://a.test/books?page=1")) == [
                "query is page=1, expected exactly none (extra page=1)"
            ])
    }

    @Test("query(exactly:) matches names that sort differently as text than as names")
    func exactQueryNamesSortedAsText() throws {
        let matcher = HTTPRequestMatcher.get("/x").query(exactly: ["a": "1", "a-b": "2"])

        #expect(matcher.matches(try recorded(.get, "https://a.test/x?a=1&a-b=2")))
    }

    @Test("Exact-query stubs among many answer the request whose items they name, repeated items included")
    func indexedExactQueriesAnswerTheirRequest() async throws {
        let line = #line + 1
        let stubs = HTTPStubRegistry()
        for page in 0..<50 {
            stubs.stub(.get(exactly: "https://a.test/books?page=\(page)&size=10"), with: .text("page \(page)"))
        }
        stubs.stub(.get(exactly: "https://a.test/tags?t=a&t=a"), with: .text("twice"))
        stubs.stub(.get(exactly: "https://a.test/tags?t=a&t=b"), with: .text("a and b"))

        let (page, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/books?size=10&page=37"))
        let (twice, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/tags?t=a&t=a"))
        let (both, _) = try await stubs.session.text(for: try makeRequest("GET", "https://a.test/tags?t=b&t=a"))
        let extra = try? await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books?page=3&size=10&debug=1"))

        #expect([page, twice, both] == ["page 37", "twice", "a and b"])
        #expect(extra == nil)
        #expect(stubs.requests.map(\.outcome).last == .unhandled)
        withKnownIssue {
            stubs.expectNoUnhandledRequests()
        } matching: { issue in
            issue.isFailure(containing: "No stub matches GET https://a.test/books?page=3&size=10&debug=1", line: line)
        }
    }

    @Test("expectAllStubsUsed(exactlyOnce:) passes when each stub answered one request")
    func exactlyOncePasses() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get(exactly: "/books?page=1"), with: .ok)
        stubs.stub(.get(exactly: "/books?page=2"), with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books?page=1"))
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books?page=2"))

        let failures = FailureReporter.collectFailures { stubs.expectAllStubsUsed(exactlyOnce: true) }

        #expect(failures.isEmpty)
    }

    @Test("expectAllStubsUsed(exactlyOnce:) names each stub that answered twice or never, at the caller's line")
    func exactlyOnceNamesWrongCounts() async throws {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get(exactly: "/books?page=1"), with: .ok)
        stubs.stub(.get(exactly: "/books?page=2"), with: .ok)
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books?page=1"))
        _ = try await stubs.session.dataTaskResult(for: try makeRequest("GET", "https://a.test/books?page=1"))

        let line = #line + 2
        withKnownIssue {
            stubs.expectAllStubsUsed(exactlyOnce: true)
        } matching: { issue in
            issue.isFailure(
                containing: "2 of 2 stubs did not answer exactly once:\n  GET /books with exactly query page=1 (registered at ", line: line)
                && issue.isFailure(containing: "): answered 2 times\n  GET /books with exactly query page=2 (registered at ", line: line)
                && issue.isFailure(containing: "): answered 0 times\nrequests seen (2):", line: line)
        }
    }
}
