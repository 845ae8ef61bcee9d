import Foundation
import HTTPStubbing
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The request conditions OHHTTPStubs users write (`isMethodGET`, `isScheme`, `isPath`,
/// `pathEndsWith`, `pathMatches`, `isExtension`, `containsQueryParams`, `hasHeaderNamed`,
/// `hasJsonBody`, `hasFormBody`, `&&`, `||`, `!`), checked on plain `URLRequest`s through
/// `HTTPRequestMatcher.matches(_:)`, URL by URL.
@Suite("OHHTTPStubs scenarios: request conditions")
struct OHHTTPStubsMatcherScenarioTests {
    private func request(_ string: String, method: String = "GET") throws -> URLRequest {
        var request = URLRequest(url: try #require(URL(string: string)))
        request.httpMethod = method
        return request
    }

    @Test(
        "Each method matcher accepts its own method only, an unknown method none of them",
        arguments: ["GET", "PUT", "PATCH", "POST", "DELETE", "HEAD", "FOO"])
    func methodMatchers(method: String) throws {
        let matchers: [(String, HTTPRequestMatcher)] = [
            ("GET", .method(.get)), ("PUT", .method(.put)), ("PATCH", .method(.patch)),
            ("POST", .method(.post)), ("DELETE", .method(.delete)), ("HEAD", .method(.head)),
        ]
        let request = try request("foo://bar", method: method)

        let accepted = matchers.filter { $0.1.matches(request) }.map(\.0)

        #expect(accepted == (method == "FOO" ? [] : [method]))
    }

    @Test(
        "url(_:) matches the whole URL, fragment and query included, and nothing shorter",
        arguments: [
            ("foo:", false), ("foo://foo/bar/baz", false),
            ("foo://foo/bar?param1=123&param2=foo#anchor", true),
            ("foo://foo/bar?param1=123&param2=foo", false), ("foo://foo/bar?param1=123", false),
            ("foo://foo/bar", false), ("bar://foo/bar", false), ("bar://foo/ba", false), ("foobar://", false),
        ])
    func wholeURL(url: String, expected: Bool) throws {
        let matcher = HTTPRequestMatcher.url("foo://foo/bar?param1=123&param2=foo#anchor")

        #expect(matcher.matches(try request(url)) == expected)
    }

    @Test(
        "scheme(_:) matches the URL's scheme only, even with nothing after it",
        arguments: [
            ("foo:", true), ("foo://", true), ("foo://bar/baz", true),
            ("bar://", false), ("bar://foo/", false), ("foobar://", false),
        ])
    func scheme(url: String, expected: Bool) throws {
        #expect(HTTPRequestMatcher.any.scheme("foo").matches(try request(url)) == expected)
    }

    @Test(
        "host(_:) matches the URL's host, not its scheme or path",
        arguments: [
            ("foo:", false), ("foo://", false), ("foo://bar/baz", false),
            ("bar://foo", true), ("bar://foo/baz", true),
        ])
    func host(url: String, expected: Bool) throws {
        #expect(HTTPRequestMatcher.host("foo").matches(try request(url)) == expected)
    }

    @Test(
        "path(_:) matches the path as URL.path reads it: not the query, fragment or a ;parameter",
        arguments: [
            ("scheme:", false), ("scheme://", false), ("scheme://foo/bar/baz", false),
            ("scheme://host/foo/bar", false), ("scheme://host/foo/bar/baz", true),
            ("scheme://host/foo/bar/baz?q=1", true), ("scheme://host/foo/bar/baz#anchor", true),
            ("scheme://host/foo/bar/baz;param", false), ("scheme://host/foo/bar/baz/wizz", false),
            ("scheme://host/path#/foo/bar/baz", false), ("scheme://host/path?/foo/bar/baz", false),
            ("scheme://host/path;/foo/bar/baz", false),
        ])
    func path(url: String, expected: Bool) throws {
        #expect(HTTPRequestMatcher.any.path("/foo/bar/baz").matches(try request(url)) == expected)
    }

    @Test(
        "path(_:) without a leading slash matches the path of a relative URL",
        arguments: [
            ("foo/bar/baz", true), ("foo/bar/baz?q=1", true), ("foo/bar/baz#anchor", true),
            ("foo/bar/baz;param", false), ("foo/bar/baz/wizz", false), ("path#/foo/bar/baz", false),
            ("path?/foo/bar/baz", false), ("path;/foo/bar/baz", false), ("scheme://host/foo/bar/baz", false),
        ])
    func relativePath(url: String, expected: Bool) throws {
        #expect(HTTPRequestMatcher.any.path("foo/bar/baz").matches(try request(url)) == expected)
    }

    @Test(
        "pathPrefix(_:) without a leading slash matches the leading segments of a relative URL",
        arguments: [
            ("foo/bar", true), ("foo/bar/baz", true), ("foo/bar?q=1", true), ("foo/bar#anchor", true),
            ("path/foo/bar/baz", false), ("path#/foo/bar/baz", false), ("path?/foo/bar/baz", false),
        ])
    func relativePathPrefix(url: String, expected: Bool) throws {
        #expect(HTTPRequestMatcher.any.pathPrefix("foo/bar").matches(try request(url)) == expected)
    }

    @Test(
        "pathPrefix(_:) matches whole leading segments, not a query or fragment that looks like them",
        arguments: [
            ("scheme:", false), ("scheme://", false), ("scheme://foo/bar/baz", false),
            ("scheme://host/foo/bar", true), ("scheme://host/foo/bar/baz", true),
            ("scheme://host/foo/bar?q=1", true), ("scheme://host/foo/bar#anchor", true),
            ("scheme://host/path/foo/bar/baz", false), ("scheme://host/path#/foo/bar/baz", false),
            ("scheme://host/path?/foo/bar/baz", false), ("scheme://host/path;/foo/bar/baz", false),
        ])
    func pathPrefix(url: String, expected: Bool) throws {
        #expect(HTTPRequestMatcher.any.pathPrefix("/foo/bar").matches(try request(url)) == expected)
    }

    @Test("pathPrefix(_:) takes whole segments: /foo/bar;param is not under /foo/bar, unlike OHHTTPStubs' pathStartsWith")
    func pathPrefixWholeSegments() throws {
        #expect(!HTTPRequestMatcher.any.pathPrefix("/foo/bar").matches(try request("scheme://host/foo/bar;param")))
        #expect(!HTTPRequestMatcher.any.pathPrefix("/foo/bar").matches(try request("scheme://host/foo/barbaz")))
    }

    @Test(
        "pathSuffix(_:) looks at the path only",
        arguments: [
            ("scheme:", false), ("scheme://", false), ("scheme://foo/bar/baz", false),
            ("scheme://host/foo/bar", true), ("scheme://host/foo/bar/baz", false),
            ("scheme://host/foo/bar?q=1", true), ("scheme://host/foo/bar#anchor", true),
            ("scheme://host/foo/bar;param", false), ("scheme://host/path/foo/bar/baz", false),
            ("scheme://host/path#/foo/bar", false), ("scheme://host/path?/foo/bar", false),
            ("scheme://host/path;/foo/bar", true),
        ])
    func pathSuffix(url: String, expected: Bool) throws {
        #expect(HTTPRequestMatcher.any.pathSuffix("/bar").matches(try request(url)) == expected)
    }

    @Test(
        "pathMatching(_:) searches the path only, so a query or fragment that looks like a path does not match",
        arguments: [
            ("scheme://foo/bar/12/baz", true), ("scheme://host/foo/bar/12", false),
            ("scheme://host/foo/bar/12/baz?q=1", true), ("scheme://host/foo/bar/12/baz#anchor", true),
            ("scheme://host/foo/bar/12/baz;param", false), ("scheme://host/path/foo/bar/12/baz", true),
            ("scheme://host/path#/foo/bar/12/baz", false), ("scheme://host/path?/foo/bar/12/baz", false),
            ("scheme://host/path;/foo/bar/12/baz", true), ("scheme://host/foo/bAr/12/baZ", false),
        ])
    func pathMatching(url: String, expected: Bool) throws {
        #expect(HTTPRequestMatcher.any.pathMatching("/bar/[0-9]+/baz$").matches(try request(url)) == expected)
    }

    @Test(
        "pathMatching(_:) with (?i) ignores case, as pathMatches with .caseInsensitive",
        arguments: [
            ("scheme://host/foo/bAr/12/baZ?q=1", true), ("scheme://host/path/foo/bAr/12/baZ", true),
            ("scheme://host/path#/foo/bAr/12/baZ", false), ("scheme://host/path?/foo/bAr/12/baZ", false),
        ])
    func pathMatchingIgnoringCase(url: String, expected: Bool) throws {
        #expect(HTTPRequestMatcher.any.pathMatching("(?i)/bar/[0-9]+/baz$").matches(try request(url)) == expected)
    }

    @Test(
        "pathExtension(_:) reads the last path segment, never the scheme, host or query",
        arguments: [
            ("txt:", false), ("txt://", false), ("txt://txt/txt/txt", false),
            ("scheme://host/foo/bar.png", false), ("scheme://host/foo/bar.txt", true),
            ("scheme://host/foo/bar.txt?q=1", true), ("scheme://host/foo/bar.baz?q=wizz.txt", false),
        ])
    func pathExtension(url: String, expected: Bool) throws {
        #expect(HTTPRequestMatcher.any.pathExtension("txt").matches(try request(url)) == expected)
    }

    @Test(
        "A location's query items must all be present, valueless and empty items told apart, others allowed",
        arguments: [
            ("foo://bar", false), ("foo://bar?q=test", false), ("foo://bar?lang=en", false),
            ("foo://bar#q=test&lang=en&empty=&flag", false),
            ("foo://bar?q=test&lang=en&empty=&flag", true), ("foo://bar?lang=en&flag&empty=&q=test", true),
            ("foo://bar?q=test&lang=en&empty=&flag#anchor", true),
            ("foo://bar?q=test&lang=en&empty&flag", false), ("foo://bar?q=test&lang=en&empty=&flag=", false),
            ("foo://bar?q=en&lang=test&empty=&flag", false),
            ("foo://bar?q=test&lang=en&empty=&flag&&wizz=fuzz", true),
            ("foo://bar?wizz=fuzz&empty=&lang=en&flag&&q=test", true),
        ])
    func queryItems(url: String, expected: Bool) throws {
        let matcher = HTTPRequestMatcher.any.location("foo://bar?q=test&lang=en&empty=&flag")

        #expect(matcher.matches(try request(url)) == expected)
    }

    @Test("Paths and query items are compared decoded, as URL.path and URLComponents read them")
    func percentEncoding() throws {
        let request = try request("https://h.example/files/a%20b.png?q=a%20b&plus=a+b")

        #expect(HTTPRequestMatcher.any.path("/files/a b.png").matches(request))
        #expect(HTTPRequestMatcher.any.pathSuffix("b.png").matches(request))
        #expect(HTTPRequestMatcher.any.query(["q": "a b", "plus": "a+b"]).matches(request))
    }

    @Test("hasHeader(_:) and header(_:_:) need the header present, with that value for the second")
    func headers() throws {
        var request = try request("foo://bar")
        request.addValue("bar", forHTTPHeaderField: "foo")
        request.addValue("1234567890", forHTTPHeaderField: "ArbitraryKey")
        let bare = try self.request("foo://bar")

        #expect(HTTPRequestMatcher.any.hasHeader("ArbitraryKey").matches(request))
        #expect(!HTTPRequestMatcher.any.hasHeader("ArbitraryKey").matches(bare))
        #expect(HTTPRequestMatcher.any.header("foo", "bar").matches(request))
        #expect(!HTTPRequestMatcher.any.header("foo", "baz").matches(request))
        #expect(!HTTPRequestMatcher.any.header("foo", "baz").matches(bare))
    }

    @Test(
        "A JSON body matches whatever the key order and whitespace, nested objects included",
        arguments: [
            #"{ "foo": "bar", "baz": 42, "qux": true }"#,
            #"{ "qux": true, "foo": "bar", "baz": 42 }"#,
            "{ \"foo\": \"bar\", \n\"baz\": 42,     \"qux\": true }",
        ])
    func jsonBodyMatches(body: String) throws {
        var request = try request("foo://bar", method: "POST")
        request.httpBody = Data(body.utf8)

        #expect(HTTPRequestMatcher.any.body(.json(#"{"foo": "bar", "baz": 42, "qux": true}"#)).matches(request))
    }

    @Test("A nested JSON body matches with its inner keys in another order")
    func nestedJSONBodyMatches() throws {
        var request = try request("foo://bar", method: "POST")
        request.httpBody = Data(#"{ "foo": "bar", "baz": { "quux": ["spam", "ham", "eggs"], "qux": true } }"#.utf8)

        let matcher = HTTPRequestMatcher.any.body(.json(#"{"foo": "bar", "baz": {"qux": true, "quux": ["spam", "ham", "eggs"]}}"#))

        #expect(matcher.matches(request))
    }

    @Test(
        "A JSON body with another value, key, a missing or extra member, or reordered array does not match",
        arguments: [
            (#"{ "foo": "bar" }"#, #"{"foo": "qux"}"#),
            (#"{ "foo": "bar" }"#, #"{"baz": "bar"}"#),
            (#"{ "foo": "bar", "baz": 42 }"#, #"{"foo": "bar"}"#),
            (#"{ "foo": "bar" }"#, #"{"foo": "bar", "baz": 42}"#),
            (#"{ "foo": ["spam", "ham", "eggs"] }"#, #"{"foo": ["spam", "eggs", "ham"]}"#),
            (#"{ "foo": "bar", "baz": { "qux": true } }"#, #"{"foo": "bar", "baz": {"qux": false}}"#),
        ])
    func jsonBodyMismatches(body: String, expected: String) throws {
        var request = try request("foo://bar", method: "POST")
        request.httpBody = Data(body.utf8)

        #expect(!HTTPRequestMatcher.any.body(.json(expected)).matches(request))
    }

    @Test(
        "An exact form body matches in any order, with empty values and percent-escapes decoded",
        arguments: [
            ("foo=bar&baz=42&qux=true", ["foo": "bar", "baz": "42", "qux": "true"]),
            ("qux=true&foo=bar&baz=42", ["foo": "bar", "baz": "42", "qux": "true"]),
            ("foo=bar&baz=&qux=42", ["foo": "bar", "baz": "", "qux": "42"]),
            ("foo=bar%40baz", ["foo": "bar@baz"]),
        ])
    func formBodyMatches(body: String, fields: [String: String]) throws {
        var request = try request("foo://bar", method: "POST")
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(body.utf8)

        #expect(HTTPRequestMatcher.any.body(.formFields(exactly: fields)).matches(request))
    }

    @Test(
        "An exact form body with another value or key, or a missing or extra field, does not match",
        arguments: [
            ("foo=bar&baz=40", ["foo": "bar", "baz": "42"]),
            ("foo=bar&qux=42", ["foo": "bar", "baz": "42"]),
            ("foo=bar&baz=42&qux=true", ["foo": "bar", "baz": "42"]),
            ("foo=bar&baz=42", ["foo": "bar", "baz": "42", "qux": "true"]),
        ])
    func formBodyMismatches(body: String, fields: [String: String]) throws {
        var request = try request("foo://bar", method: "POST")
        request.httpBody = Data(body.utf8)

        #expect(!HTTPRequestMatcher.any.body(.formFields(exactly: fields)).matches(request))
    }

    @Test(
        "&&, || and ! combine matchers as boolean operators on every kind of URL",
        arguments: ["scheme:", "scheme://host/foo/bar/baz;param", "scheme://host/path?/foo/bar/baz"])
    func operators(url: String) throws {
        let request = try request(url)
        let yes = HTTPRequestMatcher.any
        let no = !HTTPRequestMatcher.any

        #expect((yes || yes).matches(request) && (yes || no).matches(request) && (no || yes).matches(request))
        #expect(!(no || no).matches(request))
        #expect((yes && yes).matches(request))
        #expect(!(yes && no).matches(request) && !(no && yes).matches(request) && !(no && no).matches(request))
        #expect(!no.matches(request) && (!no).matches(request))
    }
}
