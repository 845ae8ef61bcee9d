import Foundation

/// Follows a redirect the way URLSession does: the next hop's request.
enum Redirect {
    static let statusCodes: Set<Int> = [301, 302, 303, 307, 308]

    /// The request for the hop after a `statusCode` response with these headers, or `nil` when
    /// the response is not a redirect with a usable `Location`.
    static func nextRequest(after request: RecordedHTTPRequest, statusCode: Int, headers: [String: String]) -> RecordedHTTPRequest? {
        guard (301...308).contains(statusCode), statusCodes.contains(statusCode),
            let location = headers.first(where: { $0.key.lowercased() == "location" })?.value,
            let target = URL(string: location, relativeTo: request.url)?.absoluteURL
        else { return nil }
        // 303 always becomes GET; 301 and 302 turn POST into GET (as browsers and URLSession
        // do); 307 and 308 keep the method and body.
        let becomesGet =
            (statusCode == 303 && request.method != "HEAD")
            || ((statusCode == 301 || statusCode == 302) && request.method == "POST")
        var next = RecordedHTTPRequest(
            method: becomesGet ? .get : HTTPMethod(rawValue: request.method),
            url: target,
            headers: forwardedHeaders(request.headers, crossOrigin: !isSameOrigin(request, target), becomesGet: becomesGet),
            body: becomesGet ? nil : request.body
        )
        next.redirectedFrom = request.url
        return next
    }

    /// The headers URLSession carries to the next hop: never the hop-by-hop `Connection` and
    /// `Proxy-*` fields nor `Host` (each hop gets its own); `Authorization` only to the same
    /// origin; no `Content-Type`/`Content-Length` once the body is dropped.
    static func forwardedHeaders(_ headers: [String: String], crossOrigin: Bool, becomesGet: Bool) -> [String: String] {
        headers.filter { name, _ in
            let lowered = name.lowercased()
            if lowered == "connection" || lowered == "host" || lowered.hasPrefix("proxy-") { return false }
            if crossOrigin && lowered == "authorization" { return false }
            if becomesGet && (lowered == "content-type" || lowered == "content-length") { return false }
            return true
        }
    }

    /// Same scheme, host and port (the default port of the scheme when none is written).
    static func isSameOrigin(_ request: RecordedHTTPRequest, _ target: URL) -> Bool {
        let next = URLParts(target)
        return request.scheme == next.scheme && request.host == next.host
            && effectivePort(request.port, scheme: request.scheme) == effectivePort(next.port, scheme: next.scheme)
    }

    private static func effectivePort(_ port: Int?, scheme: String?) -> Int? {
        port ?? (scheme == "https" ? 443 : scheme == "http" ? 80 : nil)
    }
}
