import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which requests a stub answers: a list of conditions that must all hold.
///
/// Start from a method and a URL or path, then narrow it down; every method returns a new
/// matcher with one more condition.
///
/// ```swift
/// .get("/books")                                        // GET, path exactly /books, any host
/// .get("https://api.example.com/books?page=2")          // scheme, host, path, and page=2 present
/// .post("/books").body(.json(#"{"title":"Dune"}"#))     // JSON-equal body
/// .path("/books/*/reviews")                             // * is one path segment, ** any number
/// .any.header("Authorization", "Bearer abc")
/// .url("https://api.example.com/books?page=2&size=10")  // the whole URL, exactly
/// ```
///
/// A path string starting with `/` matches the path only; any other string is read as an
/// absolute URL. Query items in either form must be present with those values, in any order,
/// and other items may be present too.
public struct HTTPRequestMatcher: Sendable, CustomStringConvertible {
    struct Condition: Sendable {
        enum Role: Sendable { case method, location, refinement }
        let role: Role
        let description: String
        /// The fast check `matches(_:)` uses.
        let test: @Sendable (RecordedHTTPRequest) -> Bool
        /// Why a request fails `test`, for failure messages only.
        let explain: @Sendable (RecordedHTTPRequest) -> String
    }

    private(set) var conditions: [Condition]
    /// Every condition's test chained into one closure: the hot path of request matching makes
    /// one call per condition and copies nothing.
    private let test: @Sendable (RecordedHTTPRequest) -> Bool

    private init(_ conditions: [Condition], test: @escaping @Sendable (RecordedHTTPRequest) -> Bool) {
        self.conditions = conditions
        self.test = test
    }

    private func adding(
        _ role: Condition.Role,
        _ description: String,
        test: @escaping @Sendable (RecordedHTTPRequest) -> Bool,
        explain: @escaping @Sendable (RecordedHTTPRequest) -> String
    ) -> HTTPRequestMatcher {
        let prior = self.test
        return HTTPRequestMatcher(
            conditions + [Condition(role: role, description: description, test: test, explain: explain)],
            test: { request in prior(request) && test(request) }
        )
    }

    // MARK: Evaluating

    /// Whether `request` satisfies every condition.
    ///
    /// - Parameter request: A recorded request.
    /// - Returns: `true` when it matches.
    public func matches(_ request: RecordedHTTPRequest) -> Bool {
        test(request)
    }

    /// Whether `request` satisfies every condition.
    ///
    /// - Parameter request: A request; its body is read from `httpBody` or `httpBodyStream`.
    /// - Returns: `true` when it matches.
    public func matches(_ request: URLRequest) -> Bool {
        matches(RecordedHTTPRequest(request))
    }

    /// Why `request` does not match: one entry per failed condition, empty when it matches.
    ///
    /// - Parameter request: A recorded request.
    /// - Returns: The reasons, in the order the conditions were added.
    public func mismatches(for request: RecordedHTTPRequest) -> [String] {
        conditions.filter { !$0.test(request) }.map { $0.explain(request) }
    }

    /// How the matcher reads in messages, such as `POST /login with form fields username=ada`.
    public var description: String {
        let head = (conditions.filter { $0.role == .method } + conditions.filter { $0.role == .location })
            .map(\.description)
        let tail = conditions.filter { $0.role == .refinement }.map(\.description)
        switch (head.isEmpty, tail.isEmpty) {
        case (true, true): return "any request"
        case (true, false): return "any request with " + tail.joined(separator: ", ")
        case (false, true): return head.joined(separator: " ")
        case (false, false): return head.joined(separator: " ") + " with " + tail.joined(separator: ", ")
        }
    }

    // MARK: Starting points

    /// Matches every request.
    public static var any: HTTPRequestMatcher { HTTPRequestMatcher([]) { _ in true } }

    /// Matches requests with this method.
    ///
    /// - Parameter method: The method.
    /// - Returns: The matcher.
    public static func method(_ method: HTTPMethod) -> HTTPRequestMatcher {
        any.method(method)
    }

    /// Matches `GET` requests to `urlOrPath` (a path starting with `/`, or an absolute URL).
    ///
    /// - Parameter urlOrPath: Such as `"/books?page=2"` or `"https://api.example.com/books"`.
    /// - Returns: The matcher.
    public static func get(_ urlOrPath: String) -> HTTPRequestMatcher { any.method(.get).location(urlOrPath) }
    /// Matches `POST` requests to `urlOrPath` (a path starting with `/`, or an absolute URL).
    ///
    /// - Parameter urlOrPath: Such as `"/login"`.
    /// - Returns: The matcher.
    public static func post(_ urlOrPath: String) -> HTTPRequestMatcher { any.method(.post).location(urlOrPath) }
    /// Matches `PUT` requests to `urlOrPath` (a path starting with `/`, or an absolute URL).
    ///
    /// - Parameter urlOrPath: Such as `"/books/42"`.
    /// - Returns: The matcher.
    public static func put(_ urlOrPath: String) -> HTTPRequestMatcher { any.method(.put).location(urlOrPath) }
    /// Matches `PATCH` requests to `urlOrPath` (a path starting with `/`, or an absolute URL).
    ///
    /// - Parameter urlOrPath: Such as `"/books/42"`.
    /// - Returns: The matcher.
    public static func patch(_ urlOrPath: String) -> HTTPRequestMatcher { any.method(.patch).location(urlOrPath) }
    /// Matches `DELETE` requests to `urlOrPath` (a path starting with `/`, or an absolute URL).
    ///
    /// - Parameter urlOrPath: Such as `"/books/42"`.
    /// - Returns: The matcher.
    public static func delete(_ urlOrPath: String) -> HTTPRequestMatcher { any.method(.delete).location(urlOrPath) }

    /// Matches requests whose whole URL is exactly `url`, query order included.
    ///
    /// - Parameter url: The URL, such as `"https://api.example.com/books?page=2"`.
    /// - Returns: The matcher.
    public static func url(_ url: String) -> HTTPRequestMatcher { any.url(url) }
    /// Matches requests to this host (case-insensitive).
    ///
    /// - Parameter host: Such as `"api.example.com"`.
    /// - Returns: The matcher.
    public static func host(_ host: String) -> HTTPRequestMatcher { any.host(host) }
    /// Matches requests whose path is `path`; `*` stands for one segment and `**` for any number.
    ///
    /// - Parameter path: Such as `"/books"` or `"/books/*/reviews"`.
    /// - Returns: The matcher.
    public static func path(_ path: String) -> HTTPRequestMatcher { any.path(path) }
    /// Matches requests whose path starts with these whole segments (`/books` matches
    /// `/books/42`, not `/bookshelf`).
    ///
    /// - Parameter prefix: Such as `"/v2"`.
    /// - Returns: The matcher.
    public static func pathPrefix(_ prefix: String) -> HTTPRequestMatcher { any.pathPrefix(prefix) }
    /// Matches requests for which `predicate` returns `true`.
    ///
    /// - Parameters:
    ///   - description: What the predicate checks, for failure messages.
    ///   - predicate: The check.
    /// - Returns: The matcher.
    public static func matching(_ description: String, _ predicate: @escaping @Sendable (RecordedHTTPRequest) -> Bool) -> HTTPRequestMatcher {
        any.matching(description, predicate)
    }

    // MARK: Narrowing

    /// Adds: the method is `method`.
    ///
    /// - Parameter method: The method.
    /// - Returns: The narrowed matcher.
    public func method(_ method: HTTPMethod) -> HTTPRequestMatcher {
        adding(.method, method.rawValue) { request in
            request.method == method.rawValue
        } explain: { request in
            "method is \(request.method), expected \(method.rawValue)"
        }
    }

    /// Adds: the request goes to `urlOrPath`; a string starting with `/` is a path (with `*`
    /// and `**` wildcards), anything else an absolute URL compared by scheme, host, port and
    /// path. Query items in the string must be present, in any order.
    ///
    /// - Parameter urlOrPath: The path or URL.
    /// - Returns: The narrowed matcher.
    public func location(_ urlOrPath: String) -> HTTPRequestMatcher {
        guard let components = URLComponents(string: urlOrPath) else {
            return adding(.location, urlOrPath) { _ in false } explain: { _ in "\"\(urlOrPath)\" is not a valid URL or path" }
        }
        var matcher = self
        let query = (components.queryItems ?? []).map { ($0.name, $0.value ?? "") }
        if urlOrPath.hasPrefix("/") {
            matcher = matcher.path(components.path)
        } else {
            matcher = matcher.origin(of: components, text: urlOrPath)
        }
        return query.isEmpty ? matcher : matcher.queryItems(query)
    }

    private func origin(of components: URLComponents, text: String) -> HTTPRequestMatcher {
        let scheme = components.scheme?.lowercased()
        let host = components.host?.lowercased()
        let port = components.port
        let path = components.path.isEmpty ? "/" : components.path
        let shown = text.split(separator: "?", maxSplits: 1).first.map(String.init) ?? text
        let problems: @Sendable (RecordedHTTPRequest) -> [String] = { request in
            let requestComponents = URLComponents(url: request.url, resolvingAgainstBaseURL: true)
            var problems: [String] = []
            if requestComponents?.scheme?.lowercased() != scheme {
                problems.append("scheme is \(requestComponents?.scheme ?? "none"), expected \(scheme ?? "none")")
            }
            if request.host != host { problems.append("host is \(request.host ?? "none"), expected \(host ?? "none")") }
            if requestComponents?.port != port {
                problems.append("port is \(requestComponents?.port.map(String.init) ?? "default"), expected \(port.map(String.init) ?? "default")")
            }
            if !PathPattern(path).matches(request.path) { problems.append("path is \(request.path), expected \(path)") }
            return problems
        }
        return adding(.location, shown) { request in
            problems(request).isEmpty
        } explain: { request in
            problems(request).joined(separator: "; ")
        }
    }

    /// Adds: the whole URL is exactly `url`, query order included.
    ///
    /// - Parameter url: The URL.
    /// - Returns: The narrowed matcher.
    public func url(_ url: String) -> HTTPRequestMatcher {
        let expected = URL(string: url)?.absoluteString ?? url
        return adding(.location, "URL \(expected)") { request in
            request.url.absoluteString == expected
        } explain: { request in
            "URL is \(request.url.absoluteString), expected \(expected)"
        }
    }

    /// Adds: the host is `host` (case-insensitive).
    ///
    /// - Parameter host: The host.
    /// - Returns: The narrowed matcher.
    public func host(_ host: String) -> HTTPRequestMatcher {
        let expected = host.lowercased()
        return adding(.location, "host \(expected)") { request in
            request.host == expected
        } explain: { request in
            "host is \(request.host ?? "none"), expected \(expected)"
        }
    }

    /// Adds: the path is `path`; `*` stands for one segment and `**` for any number.
    ///
    /// - Parameter path: The path.
    /// - Returns: The narrowed matcher.
    public func path(_ path: String) -> HTTPRequestMatcher {
        let pattern = PathPattern(path)
        return adding(.location, pattern.text) { request in
            pattern.matches(request.path)
        } explain: { request in
            "path is \(request.path), expected \(pattern.text)"
        }
    }

    /// Adds: the path starts with these whole segments.
    ///
    /// - Parameter prefix: The leading segments, such as `"/v2"`.
    /// - Returns: The narrowed matcher.
    public func pathPrefix(_ prefix: String) -> HTTPRequestMatcher {
        let pattern = PathPattern(prefix.hasSuffix("/") ? prefix + "**" : prefix + "/**")
        return adding(.location, "\(prefix)…") { request in
            pattern.matches(request.path)
        } explain: { request in
            "path is \(request.path), expected one under \(prefix)"
        }
    }

    /// Adds: the query has these items with these values, in any order; other items may be
    /// present too.
    ///
    /// - Parameter items: Names and values, such as `["page": "2"]`.
    /// - Returns: The narrowed matcher.
    public func query(_ items: [String: String]) -> HTTPRequestMatcher {
        queryItems(items.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    private func queryItems(_ items: [(String, String)]) -> HTTPRequestMatcher {
        let shown = items.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
        return adding(.refinement, "query \(shown)") { request in
            items.allSatisfy { name, value in
                request.queryPairs.contains { $0.name == name && $0.value == value }
            }
        } explain: { request in
            items.compactMap { name, value -> String? in
                let values = request.queryPairs.filter { $0.name == name }.map(\.value)
                if values.contains(value) { return nil }
                if values.isEmpty { return "query item \(name) is missing" }
                return "query item \(name) is \(values.map { "\"\($0)\"" }.joined(separator: ", ")), expected \"\(value)\""
            }.joined(separator: "; ")
        }
    }

    /// Adds: the header `name` (case-insensitive) has exactly `value`.
    ///
    /// - Parameters:
    ///   - name: The header name.
    ///   - value: The expected value.
    /// - Returns: The narrowed matcher.
    public func header(_ name: String, _ value: String) -> HTTPRequestMatcher {
        adding(.refinement, "header \(name): \(value)") { request in
            request.header(name) == value
        } explain: { request in
            guard let found = request.header(name) else { return "header \(name) is missing" }
            return "header \(name) is \"\(found)\", expected \"\(value)\""
        }
    }

    /// Adds: every header in `headers` is present with that value.
    ///
    /// - Parameter headers: Names and values.
    /// - Returns: The narrowed matcher.
    public func headers(_ headers: [String: String]) -> HTTPRequestMatcher {
        headers.sorted { $0.key < $1.key }.reduce(self) { $0.header($1.key, $1.value) }
    }

    /// Adds: the header `name` is present, with any value.
    ///
    /// - Parameter name: The header name.
    /// - Returns: The narrowed matcher.
    public func hasHeader(_ name: String) -> HTTPRequestMatcher {
        adding(.refinement, "header \(name)") { request in
            request.header(name) != nil
        } explain: { _ in
            "header \(name) is missing"
        }
    }

    /// Adds: the body satisfies `body`.
    ///
    /// - Parameter body: A body condition, such as `.json(...)` or `.formFields(...)`.
    /// - Returns: The narrowed matcher.
    public func body(_ body: HTTPBodyMatcher) -> HTTPRequestMatcher {
        adding(.refinement, body.description) { request in
            body.mismatch(request.body) == nil
        } explain: { request in
            body.mismatch(request.body) ?? "body matches"
        }
    }

    /// Adds: `predicate` returns `true` for the request.
    ///
    /// - Parameters:
    ///   - description: What the predicate checks, for failure messages.
    ///   - predicate: The check.
    /// - Returns: The narrowed matcher.
    public func matching(_ description: String, _ predicate: @escaping @Sendable (RecordedHTTPRequest) -> Bool) -> HTTPRequestMatcher {
        adding(.refinement, description) { request in
            predicate(request)
        } explain: { _ in
            "not \(description)"
        }
    }
}
