import Foundation

/// Follows a redirect the way URLSession does: the next hop's request.
enum Redirect {
    static let statusCodes: Set<Int> = [301, 302, 303, 307, 308]

    /// The request for the hop after a `statusCode` response with these headers, or `nil` when
    /// the response is not a redirect with a usable `Location`.
    static func nextRequest(after request: RecordedHTTPRequest, statusCode: Int, headers: [String: String]) -> RecordedHTTPRequest? {
        guard statusCodes.contains(statusCode),
              let location = headers.first(where: { $0.key.lowercased() == "location" })?.value,
              let target = URL(string: location, relativeTo: request.url)?.absoluteURL else { return nil }
        // 303 always becomes GET; 301 and 302 turn POST into GET (as browsers and URLSession
        // do); 307 and 308 keep the method and body.
        let becomesGet = (statusCode == 303 && request.method != "HEAD")
            || ((statusCode == 301 || statusCode == 302) && request.method == "POST")
        var headers = request.headers
        if becomesGet {
            headers = headers.filter { !["content-type", "content-length"].contains($0.key.lowercased()) }
        }
        var next = RecordedHTTPRequest(
            method: becomesGet ? .get : HTTPMethod(rawValue: request.method),
            url: target,
            headers: headers,
            body: becomesGet ? nil : request.body
        )
        next.redirectedFrom = request.url
        return next
    }
}
