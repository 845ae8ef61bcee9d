/// One of a matcher's conditions as plain data: what the common conditions (method, path, query,
/// scheme, host, port, URL, headers) test, evaluated without calling a closure.
///
/// The registry evaluates these under its lock, since none of them runs code of the test's; a
/// condition that needs a closure (a body, a user predicate, a regular expression, `||`, `!`)
/// keeps it and runs outside the lock.
enum RequestCheck: Sendable {
    case method(String)
    case path(PathPattern)
    /// Every item present, in any order; other items may be present too.
    case queryItems([QueryPair])
    /// Exactly these items and no others, sorted by their text: the request's items as
    /// `name=value` text, sorted, are theirs.
    case queryExactly([QueryPair])
    /// The lower-cased scheme, or `nil` for a URL without one.
    case scheme(String?)
    /// The lower-cased host, or `nil` for a URL without one.
    case host(String?)
    /// The explicit port, or `nil` for a URL without one.
    case port(Int?)
    /// The whole URL's text.
    case url(String)
    case pathExtension(String)
    case pathSuffix(String)
    /// The header (case-insensitive name) has exactly this value.
    case header(name: String, value: String)
    case hasHeader(String)
    /// Every check holds, such as the scheme, host, port and path of an absolute URL.
    case all([RequestCheck])

    /// The test as a closure that holds its values: calling it copies nothing, where switching
    /// over the enum for each request would copy its payload.
    func makeTest() -> @Sendable (RecordedHTTPRequest) -> Bool {
        switch self {
        case .method(let method):
            return { request in request.method == method }
        case .path(let pattern):
            return { request in pattern.matches(request.path) }
        case .queryItems(let items):
            return { request in items.allSatisfy { item in request.queryPairs.contains { $0 == item } } }
        case .queryExactly(let items):
            let texts = items.map(\.text)
            return { request in request.queryPairs.count == texts.count && request.queryPairs.map(\.text).sorted() == texts }
        case .scheme(let scheme):
            return { request in request.scheme == scheme }
        case .host(let host):
            return { request in request.host == host }
        case .port(let port):
            return { request in request.port == port }
        case .url(let url):
            return { request in request.url.absoluteString == url }
        case .pathExtension(let pathExtension):
            return { request in Self.pathExtension(of: request.path) == pathExtension }
        case .pathSuffix(let suffix):
            return { request in request.path.hasSuffix(suffix) }
        case .header(let name, let value):
            return { request in request.header(name) == value }
        case .hasHeader(let name):
            return { request in request.header(name) != nil }
        case .all(let checks):
            var chained: @Sendable (RecordedHTTPRequest) -> Bool = { _ in true }
            for check in checks {
                let prior = chained
                let next = check.makeTest()
                chained = { request in prior(request) && next(request) }
            }
            return chained
        }
    }

    /// The extension of the path's last segment, as `URL.pathExtension` reads it; empty when none.
    static func pathExtension(of path: String) -> Substring {
        let last = path.split(separator: "/").last ?? ""
        guard let dot = last.lastIndex(of: "."), dot != last.startIndex else { return "" }
        return last[last.index(after: dot)...]
    }
}
