import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which requests a stub answers: a list of conditions that must all hold.
///
/// Start from `.any`, a method (`.get(…)`, `.post(…)`, …), a whole URL or a host, then narrow it
/// down; every instance method returns a new matcher with one more condition.
///
/// ```swift
/// let matchers: [HTTPRequestMatcher] = [
///     // GET, path exactly /books, any host
///     .get("/books"),
///     // scheme, host, path, and page=2 present
///     .get("https://api.example.com/books?page=2"),
///     // JSON-equal body
///     .post("/books").body(.json(#"{"title":"Dune"}"#)),
///     // * is one path segment, ** any number
///     .any.path("/books/*/reviews"),
///     .any.header("Authorization", "Bearer abc"),
///     // and no other query item
///     .get(exactly: "/books?page=2"),
///     // the whole URL, exactly
///     .url("https://api.example.com/books?page=2&size=10"),
/// ]
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
        /// The test as plain data, for the common conditions, so the registry can match without
        /// calling closures; `nil` for a condition only its closure decides (a body, a user
        /// predicate, a regular expression, `||`, `!`).
        let check: RequestCheck?
        /// The test as a closure, for `matches(_:)` and failure messages; made from `check` when
        /// there is one.
        let test: @Sendable (RecordedHTTPRequest) -> Bool
        /// Why a request fails `test`, for failure messages only.
        let explain: @Sendable (RecordedHTTPRequest) -> String
    }

    private(set) var conditions: [Condition]
    /// Whether ``description`` says everything the matcher checks (no user predicate), so that
    /// two matchers with the same description match the same requests and verification may
    /// keep counts per description.
    private(set) var isFullyDescribed = true

    init(_ conditions: [Condition]) {
        self.conditions = conditions
    }

    /// A key naming exactly what a fully described matcher checks: each condition's description,
    /// separated by characters descriptions do not contain, so verification can keep counts per key.
    var countingKey: String {
        conditions.map(\.description).joined(separator: "\u{1E}")
    }

    /// This matcher with one more condition, tested by `check`.
    func adding(
        _ role: Condition.Role,
        _ description: String,
        check: RequestCheck,
        partly: Bool = false,
        explain: @escaping @Sendable (RecordedHTTPRequest) -> String
    ) -> HTTPRequestMatcher {
        adding(role, description, check: check, partly: partly, test: check.makeTest(), explain: explain)
    }

    /// This matcher with one more condition, tested by the closure `test`; `partly` when the
    /// condition's description may not tell apart every request it accepts from every other.
    func adding(
        _ role: Condition.Role,
        _ description: String,
        check: RequestCheck? = nil,
        partly: Bool = false,
        test: @escaping @Sendable (RecordedHTTPRequest) -> Bool,
        explain: @escaping @Sendable (RecordedHTTPRequest) -> String
    ) -> HTTPRequestMatcher {
        var matcher = self
        matcher.conditions.append(Condition(role: role, description: description, check: check, test: test, explain: explain))
        if partly { matcher.isFullyDescribed = false }
        return matcher
    }

    /// This matcher with `other`'s conditions after its own.
    func appending(_ other: HTTPRequestMatcher) -> HTTPRequestMatcher {
        var matcher = self
        matcher.conditions += other.conditions
        matcher.isFullyDescribed = isFullyDescribed && other.isFullyDescribed
        return matcher
    }

    /// How many of the conditions `request` satisfies, without building any message.
    func satisfiedCount(for request: RecordedHTTPRequest) -> Int {
        var count = 0
        for condition in conditions where condition.test(request) { count += 1 }
        return count
    }

    // MARK: Evaluating

    /// Whether a recorded request satisfies every condition.
    ///
    /// - Parameter request: A recorded request.
    /// - Returns: `true` when it matches.
    public func matches(_ request: RecordedHTTPRequest) -> Bool {
        conditions.allSatisfy { $0.test(request) }
    }

    /// Whether a URL request satisfies every condition.
    ///
    /// - Parameter request: A request; its body is read from `httpBody` or `httpBodyStream`.
    /// - Returns: `true` when it matches.
    public func matches(_ request: URLRequest) -> Bool {
        matches(RecordedHTTPRequest(request))
    }

    /// Why a request does not match: one entry per failed condition, empty when it matches.
    ///
    /// - Parameter request: A recorded request.
    /// - Returns: The reasons, in the order the conditions were added.
    public func mismatches(for request: RecordedHTTPRequest) -> [String] {
        conditions.filter { !$0.test(request) }.map { $0.explain(request) }
    }

    /// How the matcher reads in messages.
    ///
    /// Such as `POST /login with form fields username=ada`.
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

    // MARK: Narrowing

    /// Adds the condition that the request has this method.
    ///
    /// - Parameter method: The method.
    /// - Returns: The narrowed matcher.
    public func method(_ method: HTTPMethod) -> HTTPRequestMatcher {
        let expected = method.rawValue
        return adding(.method, expected, check: .method(expected)) { request in
            "method is \(request.method), expected \(expected)"
        }
    }

    /// Adds the condition that the request goes to this path or absolute URL.
    ///
    /// A string starting with `/` is a path (with `*` and `**` wildcards), anything else an
    /// absolute URL compared by scheme, host, port and path. Query items in the string must be
    /// present, in any order.
    ///
    /// - Parameter urlOrPath: The path or URL.
    /// - Returns: The narrowed matcher.
    public func location(_ urlOrPath: String) -> HTTPRequestMatcher {
        location(urlOrPath, exactQuery: false)
    }

    /// Adds the condition that the request goes to this path or absolute URL with exactly its
    /// query: the same items, in any order, and no others.
    ///
    /// Where ``location(_:)`` lets other query items through, this one does not: `/books?page=2`
    /// matches `/books?page=2` but not `/books?page=2&debug=1`, nor `/books`.
    ///
    /// - Parameter urlOrPath: The path or URL, such as `"https://api.example.com/books?page=2"`.
    /// - Returns: The narrowed matcher.
    public func location(exactly urlOrPath: String) -> HTTPRequestMatcher {
        location(urlOrPath, exactQuery: true)
    }

    /// The path or URL's condition, then its query items: present among others, or `exactQuery`.
    private func location(_ urlOrPath: String, exactQuery: Bool) -> HTTPRequestMatcher {
        guard let components = URLComponents(string: urlOrPath) else {
            return adding(.location, urlOrPath) { _ in
                false
            } explain: { _ in
                "\"\(urlOrPath)\" is not a valid URL or path"
            }
        }
        let query = (components.queryItems ?? []).map { QueryPair(name: $0.name, value: $0.value) }
        let place = urlOrPath.hasPrefix("/") ? path(components.path) : origin(of: components, text: urlOrPath)
        if exactQuery { return place.exactQueryItems(query) }
        return query.isEmpty ? place : place.queryItems(query)
    }

    private func origin(of components: URLComponents, text: String) -> HTTPRequestMatcher {
        let scheme = components.scheme?.lowercased()
        let host = components.host?.lowercased()
        let port = components.port
        let path = components.path.isEmpty ? "/" : components.path
        let shown = text.split(separator: "?", maxSplits: 1).first.map(String.init) ?? text
        let problems: @Sendable (RecordedHTTPRequest) -> [String] = { request in
            var problems: [String] = []
            if request.scheme != scheme {
                problems.append("scheme is \(request.scheme ?? "none"), expected \(scheme ?? "none")")
            }
            if request.host != host { problems.append("host is \(request.host ?? "none"), expected \(host ?? "none")") }
            if request.port != port {
                problems.append("port is \(request.port.map(String.init) ?? "default"), expected \(port.map(String.init) ?? "default")")
            }
            if !PathPattern(path).matches(request.path) { problems.append("path is \(request.path), expected \(path)") }
            return problems
        }
        let check = RequestCheck.all([.scheme(scheme), .host(host), .port(port), .path(PathPattern(path))])
        return adding(.location, shown, check: check) { request in
            problems(request).joined(separator: "; ")
        }
    }

    /// Adds the condition that the whole URL is exactly this one, query order included; public as
    /// the starting point `.url(_:)`.
    func url(_ url: String) -> HTTPRequestMatcher {
        let expected = URL(string: url)?.absoluteString ?? url
        return adding(.location, "URL \(expected)", check: .url(expected)) { request in
            "URL is \(request.url.absoluteString), expected \(expected)"
        }
    }

    /// Adds the condition that the URL has this host, compared case-insensitively; public as the
    /// starting point `.host(_:)`.
    func host(_ host: String) -> HTTPRequestMatcher {
        let expected = host.lowercased()
        return adding(.location, "host \(expected)", check: .host(expected)) { request in
            "host is \(request.host ?? "none"), expected \(expected)"
        }
    }

    /// Adds the condition that the URL has this path, with wildcards for one segment or any number.
    ///
    /// In `path`, `*` stands for one segment and `**` for any number.
    ///
    /// - Parameter path: The path.
    /// - Returns: The narrowed matcher.
    public func path(_ path: String) -> HTTPRequestMatcher {
        let pattern = PathPattern(path)
        return adding(.location, pattern.text, check: .path(pattern)) { request in
            "path is \(request.path), expected \(pattern.text)"
        }
    }

    /// Adds: the path starts with these whole segments.
    ///
    /// - Parameter prefix: The leading segments, such as `"/v2"`.
    /// - Returns: The narrowed matcher.
    public func pathPrefix(_ prefix: String) -> HTTPRequestMatcher {
        let pattern = PathPattern(prefix.hasSuffix("/") ? prefix + "**" : prefix + "/**")
        return adding(.location, "\(prefix)…", check: .path(pattern)) { request in
            "path is \(request.path), expected one under \(prefix)"
        }
    }

    /// Adds the condition that the URL has this scheme, compared case-insensitively.
    ///
    /// - Parameter scheme: Such as `"https"`.
    /// - Returns: The narrowed matcher.
    public func scheme(_ scheme: String) -> HTTPRequestMatcher {
        let expected = scheme.lowercased()
        return adding(.refinement, "scheme \(expected)", check: .scheme(expected)) { request in
            "scheme is \(request.scheme ?? "none"), expected \(expected)"
        }
    }

    /// Adds the condition that the path's last segment has this extension, compared exactly.
    ///
    /// The last segment must end in `.pathExtension`, compared as `URL.pathExtension` is.
    ///
    /// - Parameter pathExtension: The extension without the dot, such as `"json"`.
    /// - Returns: The narrowed matcher.
    public func pathExtension(_ pathExtension: String) -> HTTPRequestMatcher {
        let expected = pathExtension.hasPrefix(".") ? String(pathExtension.dropFirst()) : pathExtension
        return adding(.refinement, "path extension .\(expected)", check: .pathExtension(expected)) { request in
            let found = RequestCheck.pathExtension(of: request.path)
            return found.isEmpty
                ? "path \(request.path) has no extension, expected .\(expected)"
                : "path extension is .\(found), expected .\(expected)"
        }
    }

    /// Adds the condition that the path ends with this suffix.
    ///
    /// - Parameter suffix: Such as `"/reviews"` or `".json"`.
    /// - Returns: The narrowed matcher.
    public func pathSuffix(_ suffix: String) -> HTTPRequestMatcher {
        adding(.location, "…\(suffix)", check: .pathSuffix(suffix)) { request in
            "path is \(request.path), expected one ending \(suffix)"
        }
    }

    /// Adds the condition that the whole URL contains a match of a regular expression.
    ///
    /// `pattern` is an `NSRegularExpression` pattern, searched for anywhere in the URL's absolute
    /// string:
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let book = Book.testValue
    /// stubs.stub(.any.urlMatching(#"/books/\d+$"#), with: .json(book))
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: An `NSRegularExpression` pattern; anchor it with `^` and `$` to match the whole URL.
    ///   - fileID: The caller's file ID; an invalid pattern is reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The narrowed matcher; one with an invalid pattern matches nothing.
    public func urlMatching(
        _ pattern: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPRequestMatcher {
        regularExpression(pattern, in: "URL", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            $0.url.absoluteString
        }
    }

    /// Adds the condition that the path contains a match of a regular expression.
    ///
    /// `pattern` is an `NSRegularExpression` pattern, searched for in the path alone (as
    /// `RecordedHTTPRequest.path` reads it), so a query or fragment never matches it:
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(
    ///     .any.pathMatching(#"^/books/\d+$"#),
    ///     with: .json(#"{"title": "Dune"}"#))
    /// ```
    ///
    /// - Parameters:
    ///   - pattern: An `NSRegularExpression` pattern; start it with `(?i)` to ignore case.
    ///   - fileID: The caller's file ID; an invalid pattern is reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The narrowed matcher; one with an invalid pattern matches nothing.
    public func pathMatching(
        _ pattern: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPRequestMatcher {
        regularExpression(pattern, in: "path", at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) {
            $0.path
        }
    }

    /// A regular-expression condition on one part of the request, reporting an invalid pattern at `callSite`.
    private func regularExpression(
        _ pattern: String,
        in part: String,
        at callSite: CallSite,
        _ text: @escaping @Sendable (RecordedHTTPRequest) -> String
    ) -> HTTPRequestMatcher {
        let expression: NSRegularExpression
        do {
            expression = try NSRegularExpression(pattern: pattern)
        } catch {
            FailureReporter.report(
                "The regular expression /\(pattern)/ does not compile (\(error.localizedDescription)); the stub matches nothing",
                at: callSite
            )
            return adding(.location, "\(part) matching /\(pattern)/ (invalid)") { _ in
                false
            } explain: { _ in
                "/\(pattern)/ is not a valid regular expression"
            }
        }
        // NSRegularExpression is immutable and documented as safe to share between threads;
        // the lock box makes that visible to the compiler rather than asserting it unchecked.
        let shared = Locked(expression)
        let matches: @Sendable (String) -> Bool = { text in
            shared.withLock { $0.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil }
        }
        return adding(.location, "\(part) matching /\(pattern)/") { request in
            matches(text(request))
        } explain: { request in
            "\(part) \(text(request)) does not match /\(pattern)/"
        }
    }

    /// Adds: the query has these items with these values, in any order; other items may be
    /// present too.
    ///
    /// - Parameter items: Names and values, such as `["page": "2"]`.
    /// - Returns: The narrowed matcher.
    public func query(_ items: [String: String]) -> HTTPRequestMatcher {
        queryItems(items.sorted { $0.key < $1.key }.map { QueryPair(name: $0.key, value: $0.value) })
    }

    /// Adds: the query has exactly these items and no others, in any order.
    ///
    /// ```swift
    /// // Matches /books?page=2, not /books?page=2&debug=1:
    /// let matcher = HTTPRequestMatcher.get("/books").query(exactly: ["page": "2"])
    /// ```
    ///
    /// - Parameter items: Names and values; an empty dictionary requires no query at all.
    /// - Returns: The narrowed matcher.
    public func query(exactly items: [String: String]) -> HTTPRequestMatcher {
        exactQueryItems(items.map { QueryPair(name: $0.key, value: $0.value) })
    }

    /// Exactly these items, in any order, and no others; an item may repeat.
    private func exactQueryItems(_ items: [QueryPair]) -> HTTPRequestMatcher {
        let expected = items.sorted { $0.text < $1.text }
        let sortedExpected = expected.map(\.text)
        let shown = expected.isEmpty ? "no query" : "exactly query " + sortedExpected.joined(separator: "&")
        let ambiguous = items.contains { Self.isAmbiguous($0.name) || Self.isAmbiguous($0.value ?? "") }
        return adding(.refinement, shown, check: .queryExactly(expected), partly: ambiguous) { request in
            let actual = request.queryPairs.map(\.text)
            let missing = sortedExpected.filter { !actual.contains($0) }
            let extra = actual.filter { !sortedExpected.contains($0) }
            var problems: [String] = []
            if !missing.isEmpty { problems.append("missing \(missing.joined(separator: "&"))") }
            if !extra.isEmpty { problems.append("extra \(extra.joined(separator: "&"))") }
            if problems.isEmpty { problems.append("items repeat") }
            return "query is \(actual.isEmpty ? "none" : actual.joined(separator: "&")), expected exactly "
                + (sortedExpected.isEmpty ? "none" : sortedExpected.joined(separator: "&")) + " (" + problems.joined(separator: ", ") + ")"
        }
    }

    /// `?flag` (no value) and `?flag=` (an empty value) are different items, as URLComponents reads them.
    private func queryItems(_ items: [QueryPair]) -> HTTPRequestMatcher {
        let shown = items.map(\.text).joined(separator: "&")
        let ambiguous = items.contains { Self.isAmbiguous($0.name) || Self.isAmbiguous($0.value ?? "") }
        return adding(.refinement, "query \(shown)", check: .queryItems(items), partly: ambiguous) { request in
            items.compactMap { item -> String? in
                let found = request.queryPairs.filter { $0.name == item.name }
                if found.contains(item) { return nil }
                if found.isEmpty { return "query item \(item.name) is missing" }
                return "query item \(item.name) is \(found.map { "\"\($0.text)\"" }.joined(separator: ", ")), expected \"\(item.text)\""
            }.joined(separator: "; ")
        }
    }

    /// Whether a name or value could make two different matchers print the same description.
    /// It reads bytes: Foundation's `contains` for a string searches through NSString, which was
    /// most of building a cassette's matchers.
    static func isAmbiguous(_ text: String) -> Bool {
        text.utf8.contains { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "=") || $0 == 0x1E }
    }
}
