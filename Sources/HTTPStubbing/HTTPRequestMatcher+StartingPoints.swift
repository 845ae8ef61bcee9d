import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// The matchers a chain starts from: `.any`, a method (`.get(…)`, `.post(…)`, …), a whole URL or a
// host. Every other condition refines one of them (`.any.path(…)`), so each is spelled once; the
// statics are `.any` narrowed by the conditions HTTPRequestMatcher.swift defines.
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
}
