import Foundation

/// The parts of a URL that matching reads, exactly as Foundation's `URLComponents` gives them:
/// the scheme and host lower-cased, the path percent-decoded (`/` when empty), the query's items
/// percent-decoded (a `+` stays a `+`).
///
/// One URL grammar, Foundation's, so a stub never disagrees with what `URLSession` sent.
struct URLParts: Sendable {
    var scheme: String?
    var host: String?
    var port: Int?
    var path: String
    var query: [QueryPair]

    init(_ url: URL) {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        scheme = (components?.scheme ?? url.scheme)?.lowercased()
        host = (components?.host ?? url.host)?.lowercased()
        port = components?.port ?? url.port
        let path = components?.path ?? url.path
        self.path = path.isEmpty ? "/" : path
        query = components?.queryItems?.map { QueryPair(name: $0.name, value: $0.value) } ?? []
    }
}
