import Foundation

/// Applies an ``HTTPRedaction`` to interactions: replaces the values of the parts it names,
/// collects those values as secrets, and replaces each secret wherever else an interaction holds
/// it. Built once per cassette, since it normalises the names.
struct CassetteRedactor: Sendable {
    let redaction: HTTPRedaction
    private let headers: Set<String>
    private let queryItems: Set<String>
    private let jsonFields: Set<String>
    private let formFields: Set<String>
    /// Names the credential scan leaves alone, normalised, and fingerprints.
    let allowed: Set<String>
    /// Finds credential-shaped values, when ``HTTPRedaction/credentialFormats`` replaces them.
    private let formats: CredentialScanner?

    /// Secrets shorter than this are replaced only where a rule names them: replacing a short
    /// value everywhere would garble unrelated text.
    static let shortestSharedSecret = 8

    init(_ redaction: HTTPRedaction) {
        self.redaction = redaction
        headers = Set(redaction.headers.map(Self.normalized))
        queryItems = Set(redaction.queryItems.map(Self.normalized))
        jsonFields = Set(redaction.jsonFields.map(Self.normalized))
        formFields = Set(redaction.formFields.map(Self.normalized))
        allowed = Set(redaction.allowed.map { $0.hasPrefix("sha256:") ? $0 : Self.normalized($0) })
        formats = redaction.credentialFormats ? CredentialScanner() : nil
    }

    var placeholder: String { redaction.placeholder }

    /// `name` as names compare: lower-cased, without `-`, `_` and `.`.
    static func normalized(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" && $0 != "." }))
    }

    func isRedacted(header name: String) -> Bool { headers.contains(Self.normalized(name)) }
    func isRedacted(queryItem name: String) -> Bool { queryItems.contains(Self.normalized(name)) }
    func isAllowed(name: String) -> Bool { allowed.contains(Self.normalized(name)) }
    func isRedacted(formField name: String) -> Bool { formFields.contains(Self.normalized(name)) }

    /// A multipart request body with its named fields replaced, as the cassette records it, so
    /// replay compares parts with the recording's; any other body is returned as it is.
    func redactedMultipartBody(_ body: Data, contentType: String?) -> Data {
        MultipartBody.redactingFields(in: body, contentType: contentType, placeholder: placeholder, where: isRedacted(formField:))?.body
            ?? body
    }

    // MARK: By name

    /// `interaction` with the values of the parts the rules name replaced, which are added to
    /// `secrets`.
    func redactingNames(in interaction: HTTPCassette.Interaction, secrets: inout Set<String>) -> HTTPCassette.Interaction {
        var result = interaction
        result.url = redacting(interaction.url, secrets: &secrets)
        result.requestHeaders = redacting(headers: interaction.requestHeaders, secrets: &secrets)
        result.responseHeaders = redacting(headers: interaction.responseHeaders, secrets: &secrets)
        let requestType = HTTPText.header("Content-Type", in: interaction.requestHeaders)
        result.requestBody = interaction.requestBody.map {
            redacting(body: $0, contentType: requestType, isRequest: true, secrets: &secrets)
        }
        let responseType = HTTPText.header("Content-Type", in: interaction.responseHeaders)
        result.responseBody = redacting(body: interaction.responseBody, contentType: responseType, isRequest: false, secrets: &secrets)
        return formats == nil ? result : redactingFormats(in: result, secrets: &secrets)
    }

    /// `interaction` with each credential-shaped value replaced, unless its name or fingerprint
    /// is allowed; the values are added to `secrets`.
    private func redactingFormats(in interaction: HTTPCassette.Interaction, secrets: inout Set<String>) -> HTTPCassette.Interaction {
        var result = interaction
        func redact(_ text: String) -> String {
            guard let formats else { return text }
            var text = text
            for value in formats.credentials(in: text).map(\.value) where !allowed.contains(CredentialScanner.fingerprint(of: value)) {
                secrets.insert(value)
                text = text.replacingOccurrences(of: value, with: placeholder)
            }
            return text
        }
        if var components = URLComponents(url: interaction.url, resolvingAgainstBaseURL: false) {
            var changed = false
            if let path = components.path.removingPercentEncoding.map(redact), path != components.path.removingPercentEncoding {
                components.path = path
                changed = true
            }
            if let items = components.queryItems {
                let redacted = items.map { isAllowed(name: $0.name) ? $0 : URLQueryItem(name: $0.name, value: $0.value.map(redact)) }
                if redacted != items {
                    components.queryItems = redacted
                    changed = true
                }
            }
            if changed, let url = components.url { result.url = url }
        }
        func redact(headers: [String: String]) -> [String: String] {
            var headers = headers
            for (name, value) in headers where !isAllowed(name: name) { headers[name] = redact(value) }
            return headers
        }
        result.requestHeaders = redact(headers: interaction.requestHeaders)
        result.responseHeaders = redact(headers: interaction.responseHeaders)
        func redact(body: Data) -> Data {
            if let document = JSONValue.parse(body) {
                func walk(_ value: JSONValue, key: String?) -> JSONValue {
                    if let key, isAllowed(name: key) { return value }
                    switch value {
                    case .string(let text): return .string(redact(text))
                    case .array(let values): return .array(values.map { walk($0, key: key) })
                    case .object(let members):
                        return .object(Dictionary(uniqueKeysWithValues: members.map { ($0.key, walk($0.value, key: $0.key)) }))
                    default: return value
                    }
                }
                let redacted = walk(document, key: nil)
                return redacted == document ? body : Data(redacted.description.utf8)
            }
            guard let text = String(data: body, encoding: .utf8) else { return body }
            let redacted = redact(text)
            return redacted == text ? body : Data(redacted.utf8)
        }
        result.requestBody = interaction.requestBody.map { redact(body: $0) }
        result.responseBody = redact(body: interaction.responseBody)
        return result
    }

    /// A request as failure messages and logs show it: redacted, each secret it carries replaced
    /// wherever else it holds it.
    func redacted(_ request: RecordedHTTPRequest) -> RecordedHTTPRequest {
        let interaction = HTTPCassette.Interaction(
            method: request.method, url: request.url, requestHeaders: request.headers, requestBody: request.body)
        let redacted = redactedAlone(interaction)
        var result = RecordedHTTPRequest(
            method: HTTPMethod(rawValue: redacted.method), url: redacted.url, headers: redacted.requestHeaders, body: redacted.requestBody)
        result.redirectedFrom = request.redirectedFrom.map { redactedAlone(HTTPCassette.Interaction(url: $0)).url }
        result.outcome = request.outcome
        return result
    }

    /// `interaction` redacted as if the cassette held nothing else.
    func redactedAlone(_ interaction: HTTPCassette.Interaction) -> HTTPCassette.Interaction {
        var secrets: Set<String> = []
        let named = redactingNames(in: interaction, secrets: &secrets)
        return redaction.substitutingPlaceholders(in: replacing(shared(secrets), in: named))
    }

    private func redacting(headers fields: [String: String], secrets: inout Set<String>) -> [String: String] {
        var result = fields
        for (name, value) in fields where isRedacted(header: name) && value != placeholder {
            secrets.formUnion(Self.credentials(inHeader: name, value: value))
            result[name] = placeholder
        }
        return result
    }

    /// The value of a redacted header and the credentials inside it: the part after an
    /// authentication scheme, the user and password of Basic, each cookie's value.
    private static func credentials(inHeader name: String, value: String) -> [String] {
        var found = [value]
        switch name.lowercased() {
        case "cookie":
            found += value.split(separator: ";").compactMap { $0.split(separator: "=", maxSplits: 1).last.map(String.init) }
        case "set-cookie":
            found += value.components(separatedBy: "\n").compactMap {
                $0.split(separator: ";").first?.split(separator: "=", maxSplits: 1).last.map(String.init)
            }
        default:
            guard let space = value.firstIndex(of: " ") else { break }
            let credential = String(value[value.index(after: space)...]).trimmingCharacters(in: .whitespaces)
            found.append(credential)
            if value[..<space].lowercased() == "basic", let decoded = Data(base64Encoded: credential),
                let text = String(data: decoded, encoding: .utf8)
            {
                found += text.split(separator: ":", maxSplits: 1).map(String.init)
            }
        }
        return found.map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private func redacting(_ url: URL, secrets: inout Set<String>) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var changed = false
        if redaction.urlUserInfo {
            for part in [\URLComponents.user, \URLComponents.password] {
                guard let value = components[keyPath: part], !value.isEmpty, value != placeholder else { continue }
                secrets.insert(value)
                components[keyPath: part] = placeholder
                changed = true
            }
        }
        if let items = components.queryItems, items.contains(where: { isRedacted(queryItem: $0.name) && $0.value != placeholder }) {
            components.queryItems = items.map { item in
                guard isRedacted(queryItem: item.name), let value = item.value, value != placeholder else { return item }
                secrets.insert(value)
                return URLQueryItem(name: item.name, value: placeholder)
            }
            changed = true
        }
        return changed ? (components.url ?? url) : url
    }

    /// A body with its named JSON fields, or form fields, replaced; a body that does not change
    /// keeps its bytes.
    private func redacting(body: Data, contentType: String?, isRequest: Bool, secrets: inout Set<String>) -> Data {
        if let multipart = MultipartBody.redactingFields(
            in: body, contentType: contentType, placeholder: placeholder, where: isRedacted(formField:))
        {
            secrets.formUnion(multipart.secrets)
            return multipart.body
        }
        if let document = JSONValue.parse(body) {
            guard !jsonFields.isEmpty else { return body }
            let redacted = redacting(document, secrets: &secrets)
            return redacted == document ? body : Data(redacted.description.utf8)
        }
        guard !formFields.isEmpty, Self.isForm(body, contentType: contentType, isRequest: isRequest),
            let text = String(data: body, encoding: .utf8)
        else { return body }
        var changed = false
        let encodedPlaceholder = HTTPRedaction.urlEncoded(placeholder)
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> Substring in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, formFields.contains(Self.normalized(FormEncoding.decode(parts[0]))),
                parts[1] != Substring(encodedPlaceholder)
            else { return pair }
            secrets.insert(FormEncoding.decode(parts[1]))
            changed = true
            return parts[0] + "=" + encodedPlaceholder
        }
        return changed ? Data(pairs.joined(separator: "&").utf8) : body
    }

    /// Whether a body is form-encoded: its content type says so, or a request's has none.
    private static func isForm(_ body: Data, contentType: String?, isRequest: Bool) -> Bool {
        if let contentType { return contentType.lowercased().contains("application/x-www-form-urlencoded") }
        return isRequest
    }

    private func redacting(_ value: JSONValue, secrets: inout Set<String>) -> JSONValue {
        switch value {
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, member) in members {
                guard jsonFields.contains(Self.normalized(key)), member != .null, member != .string(placeholder) else {
                    result[key] = redacting(member, secrets: &secrets)
                    continue
                }
                // A redacted string is a secret; any other value may hold secrets deeper in.
                Self.strings(in: member).forEach { secrets.insert($0) }
                result[key] = .string(placeholder)
            }
            return .object(result)
        case .array(let values):
            return .array(values.map { redacting($0, secrets: &secrets) })
        default:
            return value
        }
    }

    private static func strings(in value: JSONValue) -> [String] {
        switch value {
        case .string(let text): [text]
        case .array(let values): values.flatMap(strings(in:))
        case .object(let members): members.values.flatMap(strings(in:))
        default: []
        }
    }

    // MARK: Everywhere

    /// The secrets worth replacing everywhere, longest first, so a secret that contains another
    /// is replaced whole.
    func shared(_ secrets: Set<String>) -> [String] {
        secrets.filter { $0.count >= Self.shortestSharedSecret && !$0.contains(placeholder) }.sorted { ($0.count, $0) > ($1.count, $1) }
    }

    /// `interaction` with each secret replaced wherever it holds it: query values and the path
    /// of the URL, header values, JSON string values, form field values and other text bodies,
    /// as the text or in its JSON, percent or form encoding. A part that does not change keeps
    /// its bytes.
    func replacing(_ secrets: [String], in interaction: HTTPCassette.Interaction) -> HTTPCassette.Interaction {
        guard !secrets.isEmpty else { return interaction }
        var result = interaction
        result.url = replacing(secrets, in: interaction.url)
        result.requestHeaders = interaction.requestHeaders.mapValues { replacing(secrets, inText: $0) }
        result.responseHeaders = interaction.responseHeaders.mapValues { replacing(secrets, inText: $0) }
        result.requestBody = interaction.requestBody.map { replacing(secrets, inBody: $0) }
        result.responseBody = replacing(secrets, inBody: interaction.responseBody)
        return result
    }

    private func replacing(_ secrets: [String], inText text: String) -> String {
        secrets.reduce(text) { $0.contains($1) ? $0.replacingOccurrences(of: $1, with: placeholder) : $0 }
    }

    private func replacing(_ secrets: [String], in url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        var changed = false
        let path = components.percentEncodedPath
        let newPath = secrets.reduce(path) { path, secret in
            Self.encodings(of: secret).reduce(path) { $0.replacingOccurrences(of: $1, with: HTTPRedaction.urlEncoded(placeholder)) }
        }
        if newPath != path {
            components.percentEncodedPath = newPath
            changed = true
        }
        if let items = components.queryItems {
            let newItems = items.map { URLQueryItem(name: $0.name, value: $0.value.map { replacing(secrets, inText: $0) }) }
            if newItems != items {
                components.queryItems = newItems
                changed = true
            }
        }
        return changed ? (components.url ?? url) : url
    }

    private func replacing(_ secrets: [String], inBody body: Data) -> Data {
        if let document = JSONValue.parse(body) {
            let replaced = replacing(secrets, inJSON: document)
            return replaced == document ? body : Data(replaced.description.utf8)
        }
        guard let text = String(data: body, encoding: .utf8) else { return body }
        let replaced = secrets.reduce(text) { text, secret in
            Self.encodings(of: secret).reduce(text) { $0.replacingOccurrences(of: $1, with: placeholder) }
        }
        return replaced == text ? body : Data(replaced.utf8)
    }

    private func replacing(_ secrets: [String], inJSON value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(replacing(secrets, inText: text))
        case .array(let values): .array(values.map { replacing(secrets, inJSON: $0) })
        case .object(let members): .object(members.mapValues { replacing(secrets, inJSON: $0) })
        default: value
        }
    }

    /// `secret` as text may hold it: as it is, percent-encoded, form-encoded, and JSON-escaped.
    static func encodings(of secret: String) -> [String] {
        let percent = HTTPRedaction.urlEncoded(secret)
        var json = JSONValue.string(secret).description
        json = String(json.dropFirst().dropLast())
        let forms = [
            secret, percent, percent.replacingOccurrences(of: "%20", with: "+"), json, json.replacingOccurrences(of: "/", with: "\\/"),
        ]
        var seen: Set<String> = []
        return forms.filter { seen.insert($0).inserted }
    }
}
