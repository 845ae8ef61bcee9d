import Foundation

/// Builds the matcher that recognises a recorded request again: method and URL, plus the
/// headers and body the matching rules name. Redacted parts match by name only.
enum ReplayMatcher {
    static func matcher(
        for interaction: HTTPCassette.Interaction, matching: HTTPReplayMatching, redaction: HTTPRedaction
    ) -> HTTPRequestMatcher {
        var matcher = HTTPRequestMatcher.method(HTTPMethod(rawValue: interaction.method))
        let url = interaction.url
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        if let components, let scheme = components.scheme, let host = components.host {
            let port = components.port.map { ":\($0)" } ?? ""
            let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
            matcher = matcher.location("\(scheme)://\(host)\(port)\(path)")
            matcher = query(matcher, items: components.queryItems ?? [], redaction: redaction)
        } else {
            matcher = matcher.url(url.absoluteString)
        }
        for name in matching.headers {
            if redaction.isRedacted(header: name) {
                matcher = matcher.hasHeader(name)
            } else if let value = HTTPCassette.header(name, in: interaction.requestHeaders) {
                matcher = matcher.header(name, value)
            } else {
                matcher = matcher.matching("no header \(name)") { $0.header(name) == nil }
            }
        }
        if matching.body {
            let recorded = interaction.requestBody ?? Data()
            let shown = String(decoding: recorded.prefix(60), as: UTF8.self)
            matcher = matcher.body(
                .matching("the recorded body \(shown)") { body in
                    redaction.redactedBody(body ?? Data()) == recorded
                })
        }
        return matcher
    }

    private static func query(_ matcher: HTTPRequestMatcher, items: [URLQueryItem], redaction: HTTPRedaction) -> HTTPRequestMatcher {
        let names = items.map(\.name)
        let redacted = Set(names).intersection(redaction.queryItems)
        guard Set(names).count == names.count else {
            let expected = items.map { "\($0.name)=\($0.value ?? "")" }.sorted()
            return matcher.matching("query \(expected.joined(separator: "&"))") { request in
                request.queryItems.map {
                    redacted.contains($0.name) ? "\($0.name)=\(redaction.placeholder)" : "\($0.name)=\($0.value ?? "")"
                }.sorted() == expected
            }
        }
        let plain = Dictionary(uniqueKeysWithValues: items.filter { !redacted.contains($0.name) }.map { ($0.name, $0.value ?? "") })
        guard !redacted.isEmpty else { return matcher.query(exactly: plain) }
        var result = plain.isEmpty ? matcher : matcher.query(plain)
        for name in redacted.sorted() {
            result = result.matching("query item \(name)") { request in request.queryItems.contains { $0.name == name } }
        }
        return result
    }
}
