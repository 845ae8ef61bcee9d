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
              let cookies = storage.cookies(for: request.url), !cookies.isEmpty else { return request }
        var withCookies = request
        for (name, value) in HTTPCookie.requestHeaderFields(with: cookies) {
            withCookies.headers[name] = value
        }
        return withCookies
    }

    /// Stores the cookies a response's `Set-Cookie` headers set for `url`.
    static func store(from headers: [String: String], for url: URL, in storage: HTTPCookieStorage) {
        guard headers.keys.contains(where: { $0.lowercased() == "set-cookie" }) else { return }
        let cookies = HTTPCookie.cookies(withResponseHeaderFields: headers, for: url)
        guard !cookies.isEmpty else { return }
        storage.setCookies(cookies, for: url, mainDocumentURL: url)
    }
}
