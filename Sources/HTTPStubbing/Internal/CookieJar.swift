import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Cookies between the registry and a session's `HTTPCookieStorage`, as a real server exchange
/// would leave them: `Set-Cookie` in a stubbed response is stored, and later requests carry the
/// stored cookies for their URL.
enum CookieJar {
    /// `request` with a `Cookie` header from `storage`, unless it already has one.
    static func addingCookies(from storage: HTTPCookieStorage, to request: RecordedHTTPRequest) -> RecordedHTTPRequest {
        guard request.header("Cookie") == nil,
            let cookies = storage.cookies(for: request.url), !cookies.isEmpty
        else { return request }
        var withCookies = request
        for (name, value) in HTTPCookie.requestHeaderFields(with: cookies) {
            withCookies.headers[name] = value
        }
        return withCookies
    }

    /// Stores the cookies a response's `Set-Cookie` headers set for `url` in the storage of the
    /// session `binding` describes; reads the storage only when there is a cookie to store.
    static func store(from headers: [String: String], for url: URL, in binding: SessionBinding?) {
        guard let binding, setsCookies(headers), let storage = binding.cookieStorage else { return }
        let cookies = HTTPCookie.cookies(withResponseHeaderFields: headers, for: url)
        guard !cookies.isEmpty else { return }
        storage.setCookies(cookies, for: url, mainDocumentURL: url)
    }

    /// Whether `headers` has a `Set-Cookie` field; compares lengths before case-folding.
    static func setsCookies(_ headers: [String: String]) -> Bool {
        headers.keys.contains { $0.utf8.count == 10 && $0.lowercased() == "set-cookie" }
    }
}
