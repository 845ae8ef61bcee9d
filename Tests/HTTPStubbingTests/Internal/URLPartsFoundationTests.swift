import Foundation
import Testing

@testable import HTTPStubbing

/// Matching reads a URL exactly as Foundation's `URLComponents` does: a second URL grammar could
/// disagree with what `URLSession` sent, and a stub would then match a request it should not.
@Suite("URL parts as Foundation reads them")
struct URLPartsFoundationTests {
    /// Awkward URLs: percent-encoded paths and queries, `+` and spaces, IPv6 hosts, ports, empty
    /// query items, fragments, userinfo, internationalized hosts, case.
    static let corpus = [
        "https://api.example/books?page=1",
        "HTTPS://API.Example.COM:8443/Books/%C3%A9t%C3%A9?q=%C3%A9",
        "http://[::1]:8080/a%20b?x=1+2&y=%26&z&=v&e=#fragment",
        "http://[2001:db8::7]/index.html",
        "https://user:pa%40ss@secure.example/private?token=a%2Bb",
        "https://xn--bcher-kva.example/x",
        "https://a.test",
        "https://a.test?",
        "https://a.test/?&&",
        "https://a.test/p;param?q",
        "https://a.test/%2F/slash",
        "https://a.test/search?q=swift+testing&sort=",
        "https://a.test/search?q=swift%20testing&q=again",
        "https://a.test:443/",
        "http://a.test:/empty-port",
        "https://a.test/trailing/#only-fragment",
        "https://a.test/%E2%9C%93?%E2%9C%93=%E2%9C%93",
    ]

    @Test("Scheme, host, port, path and query items equal URLComponents' on every URL of the corpus", arguments: corpus)
    func partsEqualFoundations(_ text: String) throws {
        let url = try #require(URL(string: text))
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: true))

        let request = RecordedHTTPRequest(url: url)

        #expect(request.scheme == components.scheme?.lowercased())
        #expect(request.host == components.host?.lowercased())
        #expect(request.port == components.port)
        #expect(request.path == (components.path.isEmpty ? "/" : components.path))
        #expect(request.queryPairs.map { URLQueryItem(name: $0.name, value: $0.value) } == (components.queryItems ?? []))
    }

    @Test("A matcher written from URLComponents' host, path and query matches every URL of the corpus", arguments: corpus)
    func matcherFromFoundationMatches(_ text: String) throws {
        let url = try #require(URL(string: text))
        let components = try #require(URLComponents(url: url, resolvingAgainstBaseURL: true))
        let host = try #require(components.host)
        var items: [String: String] = [:]
        for item in components.queryItems ?? [] where items[item.name] == nil { items[item.name] = item.value ?? "" }
        let path = components.path.isEmpty ? "/" : components.path
        let hasValuelessItem = components.queryItems?.contains { $0.value == nil } ?? false

        var matcher = HTTPRequestMatcher.host(host).url(url.absoluteString)
        if !path.contains("*") { matcher = matcher.path(path) }
        if !hasValuelessItem { matcher = matcher.query(items) }

        #expect(matcher.matches(RecordedHTTPRequest(url: url)))
    }
}
