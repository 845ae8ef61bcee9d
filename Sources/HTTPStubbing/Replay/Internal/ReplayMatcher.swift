import Foundation

/// Builds the matcher that recognises a recorded request again: the method, the part of the URL
/// the rules name, plus the headers, body and rules of your own they add. Redacted parts match by
/// name only: a header or query item a rule names or whose recorded value holds the placeholder,
/// and the placeholder in a recorded body matches any text there.
enum ReplayMatcher {
    /// Matchers of a method and a location already built, by their text: a cassette's recordings
    /// mostly share a few paths, and building the location's conditions is most of a matcher's cost.
    typealias Locations = [String: HTTPRequestMatcher]

    static func matcher(
        for interaction: HTTPCassette.Interaction, matching: HTTPReplayMatching, redactor: CassetteRedactor,
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
            matcher = query(matcher, items: components?.queryItems, ignoring: matching.ignoredQueryItems, redactor: redactor)
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
                matcher = query(matcher, items: components.queryItems, ignoring: matching.ignoredQueryItems, redactor: redactor)
            } else {
                matcher = matcher.url(url.absoluteString)
            }
        }
        for name in matching.headers {
            let recorded = HTTPText.header(name, in: interaction.requestHeaders)
            if redactor.isRedacted(header: name) || recorded?.contains(redactor.placeholder) == true {
                matcher = matcher.hasHeader(name)
            } else if let value = recorded {
                matcher = matcher.header(name, value)
            } else {
                matcher = matcher.matching("no header \(name)") { $0.header(name) == nil }
            }
        }
        matcher = body(matcher, for: interaction, rule: matching.body, redactor: redactor)
        for rule in matching.ownRules {
            matcher = matcher && rule(interaction)
        }
        return matcher
    }

    private static func body(
        _ matcher: HTTPRequestMatcher, for interaction: HTTPCassette.Interaction, rule: HTTPReplayMatching.BodyRule,
        redactor: CassetteRedactor
    ) -> HTTPRequestMatcher {
        guard rule != .ignored else { return matcher }
        let recorded = interaction.requestBody ?? Data()
        let shown = String(decoding: recorded.prefix(60), as: UTF8.self)
        let recordedType = HTTPText.header("Content-Type", in: interaction.requestHeaders)
        if MultipartBody.isMultipart(recordedType), case .success(let parts) = MultipartBody.parts(of: recorded, contentType: recordedType)
        {
            return matcher.body(multipart(parts, redactor: redactor))
        }
        let placeholder = redactor.placeholder
        /// The request's body redacted as the recording's was; a cassette recorded with an older
        /// default may hold it as sent.
        @Sendable func redactedBody(of request: RecordedHTTPRequest) -> Data {
            let body = request.body ?? Data()
            return body == recorded ? body : redactor.redacted(request).body ?? Data()
        }
        if rule == .json, let expected = JSONValue.parse(recorded) {
            return matcher.matching("the recorded JSON body \(expected)") { request in
                JSONValue.parse(request.body) == expected
                    || JSONValue.parse(redactedBody(of: request)).map { matches($0, expected, placeholder: placeholder) } ?? false
            }
        }
        let recordedText = String(data: recorded, encoding: .utf8)
        return matcher.matching("the recorded body \(shown)") { request in
            let body = redactedBody(of: request)
            guard body != recorded, let recordedText, recordedText.contains(placeholder) else { return body == recorded }
            return matches(String(decoding: body, as: UTF8.self), recordedText, placeholder: placeholder)
        }
    }

    /// Whether `text` is `recorded` with any text where `recorded` holds the placeholder.
    private static func matches(_ text: String, _ recorded: String, placeholder: String) -> Bool {
        let pieces = recorded.components(separatedBy: placeholder)
        guard let first = pieces.first, let last = pieces.last, text.hasPrefix(first) else { return false }
        var rest = text.dropFirst(first.count)
        for piece in pieces.dropFirst().dropLast() {
            guard let range = rest.range(of: piece) else { return false }
            rest = rest[range.upperBound...]
        }
        return rest.hasSuffix(last)
    }

    /// Whether `value` equals `recorded`, any value standing where `recorded` holds the placeholder.
    private static func matches(_ value: JSONValue, _ recorded: JSONValue, placeholder: String) -> Bool {
        switch (value, recorded) {
        case (_, .string(placeholder)): return true
        case (.string(let text), .string(let expected)):
            return expected.contains(placeholder) ? matches(text, expected, placeholder: placeholder) : text == expected
        case (.array(let values), .array(let expected)):
            return values.count == expected.count && zip(values, expected).allSatisfy { matches($0, $1, placeholder: placeholder) }
        case (.object(let members), .object(let expected)):
            return Set(members.keys) == Set(expected.keys)
                && expected.allSatisfy { key, member in members[key].map { matches($0, member, placeholder: placeholder) } ?? false }
        default: return value == recorded
        }
    }

    /// The recorded parts, in order, whatever the boundary: name, file name, type and content, or
    /// only the size of content the cassette left out.
    private static func multipart(_ recorded: [MultipartPart], redactor: CassetteRedactor) -> HTTPBodyMatcher {
        let shown = recorded.map { "\($0.name)" }.joined(separator: ", ")
        return HTTPBodyMatcher(description: "the recorded multipart parts \(shown)", isFullyDescribed: false) { body, contentType in
            let redacted = redactor.redactedMultipartBody(body ?? Data(), contentType: contentType)
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
        _ matcher: HTTPRequestMatcher, items recorded: [URLQueryItem]?, ignoring ignored: Set<String>, redactor: CassetteRedactor
    ) -> HTTPRequestMatcher {
        let items = (recorded ?? []).filter { !ignored.contains($0.name) }
        let names = items.map(\.name)
        let placeholder = redactor.placeholder
        let redacted = Set(
            items.filter { redactor.isRedacted(queryItem: $0.name) || $0.value?.contains(placeholder) == true }.map(\.name))
        guard Set(names).count == names.count else {
            let expected = items.map { "\($0.name)=\($0.value ?? "")" }.sorted()
            return matcher.matching("query \(expected.joined(separator: "&"))") { request in
                request.queryPairs.filter { !ignored.contains($0.name) }.map {
                    redacted.contains($0.name) ? "\($0.name)=\(placeholder)" : "\($0.name)=\($0.value ?? "")"
                }.sorted() == expected
            }
        }
        let plain = Dictionary(uniqueKeysWithValues: items.filter { !redacted.contains($0.name) }.map { ($0.name, $0.value ?? "") })
        guard !redacted.isEmpty || !ignored.isEmpty else { return matcher.query(exactly: plain) }
        var result = plain.isEmpty ? matcher : matcher.query(plain)
        for name in redacted.sorted() {
            result = result.matching("query item \(name)") { request in request.queryPairs.contains { $0.name == name } }
        }
        if !ignored.isEmpty {
            let expectedNames = Set(names)
            result = result.matching("no query items but \(names.sorted().joined(separator: ", ")) and ignored ones") { request in
                Set(request.queryPairs.map(\.name)).subtracting(ignored) == expectedNames
            }
        }
        return result
    }
}
