import Foundation

/// Builds the matcher that recognises a recorded request again: the method, the part of the URL
/// the rules name, plus the headers, body and rules of your own they add. Redacted parts match by
/// name only.
enum ReplayMatcher {
    /// Matchers of a method and a location already built, by their text: a cassette's recordings
    /// mostly share a few paths, and building the location's conditions is most of a matcher's cost.
    typealias Locations = [String: HTTPRequestMatcher]

    static func matcher(
        for interaction: HTTPCassette.Interaction, matching: HTTPReplayMatching, redaction: HTTPRedaction,
        locations: inout Locations
    ) -> HTTPRequestMatcher {
        var matcher = matching.method ? HTTPRequestMatcher.method(HTTPMethod(rawValue: interaction.method)) : .any
        let url = interaction.url
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        switch matching.url {
        case .host:
            matcher = matcher.host(components?.host ?? "")
        case .path:
            let path = components?.percentEncodedPath ?? ""
            matcher = matcher.path(path.isEmpty ? "/" : path)
        case .query:
            matcher = query(matcher, items: components?.queryItems, ignoring: matching.ignoredQueryItems, redaction: redaction)
        case .full:
            if let components, let scheme = components.scheme, let host = components.host {
                let port = components.port.map { ":\($0)" } ?? ""
                let path = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
                let location = "\(scheme)://\(host)\(port)\(path)"
                let key = (matching.method ? interaction.method : "*") + " " + location
                if let known = locations[key] {
                    matcher = known
                } else {
                    matcher = matcher.location(location)
                    locations[key] = matcher
                }
                matcher = query(matcher, items: components.queryItems, ignoring: matching.ignoredQueryItems, redaction: redaction)
            } else {
                matcher = matcher.url(url.absoluteString)
            }
        }
        for name in matching.headers {
            if redaction.isRedacted(header: name) {
                matcher = matcher.hasHeader(name)
            } else if let value = HTTPText.header(name, in: interaction.requestHeaders) {
                matcher = matcher.header(name, value)
            } else {
                matcher = matcher.matching("no header \(name)") { $0.header(name) == nil }
            }
        }
        matcher = body(matcher, for: interaction, rule: matching.body, redaction: redaction)
        for rule in matching.customRules {
            let accepts = rule.accepts
            matcher = matcher.matching(rule.description) { accepts($0, interaction) }
        }
        return matcher
    }

    private static func body(
        _ matcher: HTTPRequestMatcher, for interaction: HTTPCassette.Interaction, rule: HTTPReplayMatching.BodyRule,
        redaction: HTTPRedaction
    ) -> HTTPRequestMatcher {
        guard rule != .ignored else { return matcher }
        let recorded = interaction.requestBody ?? Data()
        let shown = String(decoding: recorded.prefix(60), as: UTF8.self)
        let recordedType = HTTPText.header("Content-Type", in: interaction.requestHeaders)
        if MultipartBody.isMultipart(recordedType), case .success(let parts) = MultipartBody.parts(of: recorded, contentType: recordedType)
        {
            return matcher.body(multipart(parts, redaction: redaction))
        }
        if rule == .json, let expected = JSONValue.parse(recorded) {
            return matcher.matching("the recorded JSON body \(expected)") { request in
                JSONValue.parse(redaction.redactedBody(request.body ?? Data(), contentType: request.header("Content-Type"))) == expected
            }
        }
        return matcher.matching("the recorded body \(shown)") { request in
            redaction.redactedBody(request.body ?? Data(), contentType: request.header("Content-Type")) == recorded
        }
    }

    /// The recorded parts, in order, whatever the boundary: name, file name, type and content, or
    /// only the size of content the cassette left out.
    private static func multipart(_ recorded: [MultipartPart], redaction: HTTPRedaction) -> HTTPBodyMatcher {
        let shown = recorded.map { "\($0.name)" }.joined(separator: ", ")
        return HTTPBodyMatcher(description: "the recorded multipart parts \(shown)", isFullyDescribed: false) { body, contentType in
            let redacted = redaction.redactedBody(body ?? Data(), contentType: contentType)
            let parts: [MultipartPart]
            switch MultipartBody.parts(of: redacted, contentType: contentType) {
            case .failure(let problem): return "body is not valid multipart/form-data: \(problem.reason)"
            case .success(let found): parts = found
            }
            guard parts.map(\.name) == recorded.map(\.name) else {
                return "parts are \(parts.map(\.name).joined(separator: ", ")), recorded \(shown)"
            }
            for (part, expected) in zip(parts, recorded) {
                var problems: [String] = []
                if part.fileName != expected.fileName {
                    problems.append("file name is \(part.fileName ?? "none"), recorded \(expected.fileName ?? "none")")
                }
                if part.contentType != expected.contentType {
                    problems.append("content type is \(part.contentType ?? "none"), recorded \(expected.contentType ?? "none")")
                }
                if let size = HTTPText.header(MultipartBody.omittedSizeHeader, in: expected.headers) {
                    if String(part.data.count) != size { problems.append("is \(part.data.count) bytes, recorded \(size)") }
                } else if part.data != expected.data {
                    problems.append("is \(content(part)), recorded \(content(expected))")
                }
                if !problems.isEmpty { return "part \"\(part.name)\" " + problems.joined(separator: ", ") }
            }
            return nil
        }
    }

    /// A part's content for a message: short text quoted, anything else as its size.
    private static func content(_ part: MultipartPart) -> String {
        guard let text = part.text, text.count <= 60 else { return "\(part.data.count) bytes" }
        return "\"\(text)\""
    }

    private static func query(
        _ matcher: HTTPRequestMatcher, items recorded: [URLQueryItem]?, ignoring ignored: Set<String>, redaction: HTTPRedaction
    ) -> HTTPRequestMatcher {
        let items = (recorded ?? []).filter { !ignored.contains($0.name) }
        let names = items.map(\.name)
        let redacted = Set(names).intersection(redaction.queryItems)
        guard Set(names).count == names.count else {
            let expected = items.map { "\($0.name)=\($0.value ?? "")" }.sorted()
            return matcher.matching("query \(expected.joined(separator: "&"))") { request in
                request.queryItems.filter { !ignored.contains($0.name) }.map {
                    redacted.contains($0.name) ? "\($0.name)=\(redaction.placeholder)" : "\($0.name)=\($0.value ?? "")"
                }.sorted() == expected
            }
        }
        let plain = Dictionary(uniqueKeysWithValues: items.filter { !redacted.contains($0.name) }.map { ($0.name, $0.value ?? "") })
        guard !redacted.isEmpty || !ignored.isEmpty else { return matcher.query(exactly: plain) }
        var result = plain.isEmpty ? matcher : matcher.query(plain)
        for name in redacted.sorted() {
            result = result.matching("query item \(name)") { request in request.queryItems.contains { $0.name == name } }
        }
        if !ignored.isEmpty {
            let expectedNames = Set(names)
            result = result.matching("no query items but \(names.sorted().joined(separator: ", ")) and ignored ones") { request in
                Set(request.queryItems.map(\.name)).subtracting(ignored) == expectedNames
            }
        }
        return result
    }
}
