import Foundation

/// The parts of a URL that matching reads (scheme, host, port, path, query), taken from the
/// URL's text in one pass.
///
/// `URLComponents` gives the same parts but costs 10–17 µs per request (its `host` runs IDNA
/// through ICU); this reads the ASCII text directly and falls back to `URLComponents` only for
/// hosts that need decoding (percent escapes or punycode).
struct URLParts: Sendable {
    var scheme: String?
    var host: String?
    var port: Int?
    var path: String
    var query: [QueryPair]

    init(_ url: URL) {
        let text = url.absoluteString
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        scheme = nil
        host = nil
        port = nil
        query = []
        if let colon = rest.firstIndex(of: ":"), rest[..<colon].allSatisfy(Self.isSchemeCharacter), colon != rest.startIndex {
            scheme = rest[..<colon].lowercased()
            rest = rest[rest.index(after: colon)...]
        }
        if rest.hasPrefix("//") {
            rest = rest.dropFirst(2)
            let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            var authority = rest[..<end]
            rest = rest[end...]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            var hostText = authority
            if authority.hasPrefix("["), let close = authority.firstIndex(of: "]") {
                hostText = authority[...close]
                let afterHost = authority[authority.index(after: close)...]
                if afterHost.hasPrefix(":") { port = Int(afterHost.dropFirst()) }
            } else if let colon = authority.lastIndex(of: ":") {
                hostText = authority[..<colon]
                port = Int(authority[authority.index(after: colon)...])
            }
            if hostText.contains("%") || hostText.lowercased().contains("xn--") || !hostText.allSatisfy(\.isASCII) {
                host = (URLComponents(url: url, resolvingAgainstBaseURL: true)?.host ?? url.host)?.lowercased()
            } else {
                host = hostText.isEmpty ? nil : hostText.lowercased()
            }
        }
        let queryStart = rest.firstIndex(of: "?")
        let rawPath = queryStart.map { rest[..<$0] } ?? rest
        let decodedPath = rawPath.contains("%") ? (String(rawPath).removingPercentEncoding ?? String(rawPath)) : String(rawPath)
        path = decodedPath.isEmpty ? "/" : decodedPath
        if let queryStart {
            query = Self.pairs(rest[rest.index(after: queryStart)...])
        }
    }

    private static func isSchemeCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "+" || character == "-" || character == ".")
    }

    /// The query's items as `URLComponents.queryItems` reads them: split on `&`, then on the
    /// first `=`; a name without `=` has no value; no `+` decoding.
    static func pairs(_ query: Substring) -> [QueryPair] {
        guard !query.isEmpty else { return [] }
        return query.split(separator: "&", omittingEmptySubsequences: false).map { item in
            if let equals = item.firstIndex(of: "=") {
                return QueryPair(name: decoded(item[..<equals]), value: decoded(item[item.index(after: equals)...]))
            }
            return QueryPair(name: decoded(item), value: nil)
        }
    }

    private static func decoded(_ text: Substring) -> String {
        text.contains("%") ? (String(text).removingPercentEncoding ?? String(text)) : String(text)
    }
}
