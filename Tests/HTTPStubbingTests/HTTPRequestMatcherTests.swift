import Foundation
import HTTPStubbing
import Testing

@Suite("HTTPRequestMatcher")
struct HTTPRequestMatcherTests {
    private func request(
        _ method: HTTPMethod = .get,
        _ url: String,
        headers: [String: String] = [:],
        body: String? = nil
    ) throws -> RecordedHTTPRequest {
        RecordedHTTPRequest(method: method, url: try makeURL(url), headers: headers, body: body.map { Data($0.utf8) })
    }

    @Test("A method matcher compares the method")
    func method() throws {
        #expect(HTTPRequestMatcher.method(.delete).matches(try request(.delete, "https://a.test/x")))
        #expect(!HTTPRequestMatcher.method(.delete).matches(try request(.get, "https://a.test/x")))
    }

    @Test("A path string matches the path on any host")
    func pathString() throws {
        let matcher = HTTPRequestMatcher.get("/books")
        #expect(matcher.matches(try request(.get, "https://a.test/books")))
        #expect(matcher.matches(try request(.get, "http://b.test:8080/books?page=1")))
        #expect(!matcher.matches(try request(.get, "https://a.test/books/1")))
        #expect(!matcher.matches(try request(.post, "https://a.test/books")))
    }

    @Test("An absolute URL string compares scheme, host, port and path")
    func absoluteURLString() throws {
        let matcher = HTTPRequestMatcher.get("https://api.example.com/books")
        #expect(matcher.matches(try request(.get, "https://API.example.com/books?page=2")))
        #expect(!matcher.matches(try request(.get, "http://api.example.com/books")))
        #expect(!matcher.matches(try request(.get, "https://api.example.com:8443/books")))
        #expect(!matcher.matches(try request(.get, "https://other.example.com/books")))
    }

    @Test("Query items in the URL string must be present, in any order")
    func queryInURLString() throws {
        let matcher = HTTPRequestMatcher.get("/books?page=2&size=10")
        #expect(matcher.matches(try request(.get, "https://a.test/books?size=10&extra=1&page=2")))
        #expect(!matcher.matches(try request(.get, "https://a.test/books?page=2")))
    }

    @Test("url(_:) compares the whole URL, query order included")
    func exactURL() throws {
        let matcher = HTTPRequestMatcher.url("https://a.test/books?page=2&size=10")
        #expect(matcher.matches(try request(.get, "https://a.test/books?page=2&size=10")))
        #expect(!matcher.matches(try request(.get, "https://a.test/books?size=10&page=2")))
    }

    @Test("host(_:) compares the host case-insensitively")
    func host() throws {
        #expect(HTTPRequestMatcher.host("API.example.com").matches(try request(.get, "https://api.example.com/x")))
        #expect(!HTTPRequestMatcher.host("api.example.com").matches(try request(.get, "https://cdn.example.com/x")))
    }

    @Test("* in a path matches exactly one segment")
    func singleWildcard() throws {
        let matcher = HTTPRequestMatcher.any.path("/books/*/reviews")
        #expect(matcher.matches(try request(.get, "https://a.test/books/42/reviews")))
        #expect(!matcher.matches(try request(.get, "https://a.test/books/42/7/reviews")))
        #expect(!matcher.matches(try request(.get, "https://a.test/books/reviews")))
    }

    @Test("** in a path matches any number of segments")
    func doubleWildcard() throws {
        let matcher = HTTPRequestMatcher.any.path("/files/**/raw")
        #expect(matcher.matches(try request(.get, "https://a.test/files/raw")))
        #expect(matcher.matches(try request(.get, "https://a.test/files/a/b/c/raw")))
        #expect(!matcher.matches(try request(.get, "https://a.test/files/a/b")))
    }

    @Test("pathPrefix(_:) matches whole leading segments only")
    func pathPrefix() throws {
        let matcher = HTTPRequestMatcher.any.pathPrefix("/books")
        #expect(matcher.matches(try request(.get, "https://a.test/books")))
        #expect(matcher.matches(try request(.get, "https://a.test/books/42/reviews")))
        #expect(!matcher.matches(try request(.get, "https://a.test/bookshelf")))
    }

    @Test("query(_:) needs the given items with their values; others may be present")
    func query() throws {
        let matcher = HTTPRequestMatcher.any.query(["page": "2", "q": "dune"])
        #expect(matcher.matches(try request(.get, "https://a.test/s?q=dune&lang=en&page=2")))
        #expect(!matcher.matches(try request(.get, "https://a.test/s?q=dune&page=3")))
        #expect(!matcher.matches(try request(.get, "https://a.test/s?q=dune")))
    }

    @Test("header(_:_:) compares the name case-insensitively and the value exactly")
    func header() throws {
        let matcher = HTTPRequestMatcher.any.header("Authorization", "Bearer abc")
        #expect(matcher.matches(try request(.get, "https://a.test/x", headers: ["authorization": "Bearer abc"])))
        #expect(!matcher.matches(try request(.get, "https://a.test/x", headers: ["Authorization": "Bearer xyz"])))
        #expect(!matcher.matches(try request(.get, "https://a.test/x")))
    }

    @Test("hasHeader(_:) needs the header with any value")
    func hasHeader() throws {
        let matcher = HTTPRequestMatcher.any.hasHeader("X-Request-ID")
        #expect(matcher.matches(try request(.get, "https://a.test/x", headers: ["x-request-id": "1"])))
        #expect(!matcher.matches(try request(.get, "https://a.test/x")))
    }

    @Test("A custom predicate decides alone")
    func predicate() throws {
        let matcher = HTTPRequestMatcher.any.matching("an even page") { ($0.queryValue("page").flatMap(Int.init) ?? 1) % 2 == 0 }
        #expect(matcher.matches(try request(.get, "https://a.test/b?page=4")))
        #expect(!matcher.matches(try request(.get, "https://a.test/b?page=3")))
    }

    @Test("mismatches(for:) names every failed condition")
    func mismatches() throws {
        let matcher = HTTPRequestMatcher.post("/login").header("Accept", "application/json")
        let reasons = matcher.mismatches(for: try request(.get, "https://a.test/logout"))
        #expect(
            reasons == [
                "method is GET, expected POST",
                "path is /logout, expected /login",
                "header Accept is missing",
            ])
    }

    @Test("The description reads as method, location, then refinements")
    func description() {
        let matcher = HTTPRequestMatcher.post("/login").query(["v": "2"]).header("Accept", "text/plain")
        #expect(matcher.description == "POST /login with query v=2, header Accept: text/plain")
        #expect(HTTPRequestMatcher.any.description == "any request")
    }

    @Test("matches(_:) on a URLRequest reads its body")
    func urlRequest() throws {
        let urlRequest = try makeRequest("POST", "https://a.test/login", body: Data("user=ada".utf8))
        #expect(HTTPRequestMatcher.post("/login").body(.formFields(["user": "ada"])).matches(urlRequest))
    }
}
