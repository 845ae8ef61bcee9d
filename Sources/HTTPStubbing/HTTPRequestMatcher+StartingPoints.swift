import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The matchers a chain starts from (`.any`, `.get(…)`, `.path(…)`, …): each is `.any` narrowed by the
// conditions HTTPRequestMatcher.swift defines.
extension HTTPRequestMatcher {
    /// Matches every request.
    public static var any: HTTPRequestMatcher { HTTPRequestMatcher([]) }

    /// Matches requests with this method.
    ///
    /// - Parameter method: The method.
    /// - Returns: The matcher.
    public static func method(_ method: HTTPMethod) -> HTTPRequestMatcher {
        any.method(method)
    }

    /// Matches GET requests to a path or an absolute URL.
    ///
    /// The same as `.method(.get).location(urlOrPath)`: a path starts with `/`.
    ///
    /// - Parameter urlOrPath: Such as `"/books?page=2"` or `"https://api.example.com/books"`.
    /// - Returns: The matcher.
    public static func get(_ urlOrPath: String) -> HTTPRequestMatcher { any.method(.get).location(urlOrPath) }
    /// Matches POST requests to a path or an absolute URL.
    ///
    /// The same as `.method(.post).location(urlOrPath)`: a path starts with `/`.
    ///
    /// - Parameter urlOrPath: Such as `"/login"`.
    /// - Returns: The matcher.
    public static func post(_ urlOrPath: String) -> HTTPRequestMatcher { any.method(.post).location(urlOrPath) }
    /// Matches PUT requests to a path or an absolute URL.
    ///
    /// The same as `.method(.put).location(urlOrPath)`: a path starts with `/`.
    ///
    /// - Parameter urlOrPath: Such as `"/books/42"`.
    /// - Returns: The matcher.
    public static func put(_ urlOrPath: String) -> HTTPRequestMatcher { any.method(.put).location(urlOrPath) }
    /// Matches PATCH requests to a path or an absolute URL.
    ///
    /// The same as `.method(.patch).location(urlOrPath)`: a path starts with `/`.
    ///
    /// - Parameter urlOrPath: Such as `"/books/42"`.
    /// - Returns: The matcher.
    public static func patch(_ urlOrPath: String) -> HTTPRequestMatcher { any.method(.patch).location(urlOrPath) }
    /// Matches DELETE requests to a path or an absolute URL.
    ///
    /// The same as `.method(.delete).location(urlOrPath)`: a path starts with `/`.
    ///
    /// - Parameter urlOrPath: Such as `"/books/42"`.
    /// - Returns: The matcher.
    public static func delete(_ urlOrPath: String) -> HTTPRequestMatcher { any.method(.delete).location(urlOrPath) }

    /// Matches GET requests to a path or an absolute URL with exactly its query, in any order.
    ///
    /// The same as `.method(.get).location(exactly: urlOrPath)`: no other query item may be present.
    ///
    /// - Parameter urlOrPath: Such as `"/books?page=2"`.
    /// - Returns: The matcher.
    public static func get(exactly urlOrPath: String) -> HTTPRequestMatcher { any.method(.get).location(exactly: urlOrPath) }

    /// Matches POST requests to a path or an absolute URL with exactly its query, in any order.
    ///
    /// The same as `.method(.post).location(exactly: urlOrPath)`: no other query item may be present.
    ///
    /// - Parameter urlOrPath: Such as `"/login"`.
    /// - Returns: The matcher.
    public static func post(exactly urlOrPath: String) -> HTTPRequestMatcher { any.method(.post).location(exactly: urlOrPath) }

    /// Matches PUT requests to a path or an absolute URL with exactly its query, in any order.
    ///
    /// The same as `.method(.put).location(exactly: urlOrPath)`: no other query item may be present.
    ///
    /// - Parameter urlOrPath: Such as `"/books/42"`.
    /// - Returns: The matcher.
    public static func put(exactly urlOrPath: String) -> HTTPRequestMatcher { any.method(.put).location(exactly: urlOrPath) }

    /// Matches PATCH requests to a path or an absolute URL with exactly its query, in any order.
    ///
    /// The same as `.method(.patch).location(exactly: urlOrPath)`: no other query item may be present.
    ///
    /// - Parameter urlOrPath: Such as `"/books/42"`.
    /// - Returns: The matcher.
    public static func patch(exactly urlOrPath: String) -> HTTPRequestMatcher { any.method(.patch).location(exactly: urlOrPath) }

    /// Matches DELETE requests to a path or an absolute URL with exactly its query, in any order.
    ///
    /// The same as `.method(.delete).location(exactly: urlOrPath)`: no other query item may be present.
    ///
    /// - Parameter urlOrPath: Such as `"/books/42"`.
    /// - Returns: The matcher.
    public static func delete(exactly urlOrPath: String) -> HTTPRequestMatcher { any.method(.delete).location(exactly: urlOrPath) }

    /// Matches requests whose whole URL is exactly this one, query order included.
    ///
    /// - Parameter url: The URL, such as `"https://api.example.com/books?page=2"`.
    /// - Returns: The matcher.
    public static func url(_ url: String) -> HTTPRequestMatcher { any.url(url) }
    /// Matches requests to this host (case-insensitive).
    ///
    /// - Parameter host: Such as `"api.example.com"`.
    /// - Returns: The matcher.
    public static func host(_ host: String) -> HTTPRequestMatcher { any.host(host) }
    /// Matches requests whose path is this one, with wildcards for one segment or any number.
    ///
    /// In `path`, `*` stands for one segment and `**` for any number.
    ///
    /// - Parameter path: Such as `"/books"` or `"/books/*/reviews"`.
    /// - Returns: The matcher.
    public static func path(_ path: String) -> HTTPRequestMatcher { any.path(path) }
    /// Matches requests whose path starts with these whole segments.
    ///
    /// `/books` matches `/books/42`, not `/bookshelf`.
    ///
    /// - Parameter prefix: Such as `"/v2"`.
    /// - Returns: The matcher.
    public static func pathPrefix(_ prefix: String) -> HTTPRequestMatcher { any.pathPrefix(prefix) }
    /// Matches requests with this URL scheme (case-insensitive).
    ///
    /// - Parameter scheme: Such as `"https"` or `"wss"`.
    /// - Returns: The matcher.
    public static func scheme(_ scheme: String) -> HTTPRequestMatcher { any.scheme(scheme) }
    /// Matches requests whose path's last segment has this extension.
    ///
    /// - Parameter pathExtension: Such as `"json"` or `"png"`, without the dot.
    /// - Returns: The matcher.
    public static func pathExtension(_ pathExtension: String) -> HTTPRequestMatcher { any.pathExtension(pathExtension) }
    /// Matches requests whose path ends with this text.
    ///
    /// - Parameter suffix: Such as `"/reviews"`.
    /// - Returns: The matcher.
    public static func pathSuffix(_ suffix: String) -> HTTPRequestMatcher { any.pathSuffix(suffix) }
    /// Matches requests whose whole URL contains a match of a regular expression.
    ///
    /// - Parameters:
    ///   - pattern: An `NSRegularExpression` pattern, such as `#"/books/\d+$"#`.
    ///   - fileID: The caller's file ID; an invalid pattern is reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The matcher; one with an invalid pattern matches nothing.
    public static func urlMatching(
        _ pattern: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPRequestMatcher {
        any.urlMatching(pattern, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    /// Matches requests whose path contains a match of a regular expression.
    ///
    /// - Parameters:
    ///   - pattern: An `NSRegularExpression` pattern, such as `#"/books/\d+$"#`; `(?i)` ignores case.
    ///   - fileID: The caller's file ID; an invalid pattern is reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The matcher; one with an invalid pattern matches nothing.
    public static func pathMatching(
        _ pattern: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPRequestMatcher {
        any.pathMatching(pattern, fileID: fileID, filePath: filePath, line: line, column: column)
    }
    /// Matches requests that a predicate accepts.
    ///
    /// The request matches when `predicate` returns `true` for it.
    ///
    /// - Parameters:
    ///   - description: What the predicate checks, for failure messages.
    ///   - predicate: The check.
    /// - Returns: The matcher.
    public static func matching(_ description: String, _ predicate: @escaping @Sendable (RecordedHTTPRequest) -> Bool) -> HTTPRequestMatcher
    {
        any.matching(description, predicate)
    }
}
