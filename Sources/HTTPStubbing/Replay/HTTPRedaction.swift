import Foundation

/// What a cassette removes from recorded traffic before anything is written to disk.
///
/// It replaces header values, query items, JSON body fields and form-encoded body fields by a
/// placeholder, and chosen values wherever they appear by a placeholder of their own that
/// replay puts back.
///
/// ```swift
/// let apiKey = ProcessInfo.processInfo.environment["CATALOG_API_KEY"] ?? "test-key"
/// let redaction = HTTPRedaction.default
///     .redactingQueryItems("api_key").redactingJSONFields("token").redactingFormFields("password")
///     .substituting(apiKey, with: "<CATALOG_API_KEY>")
/// ```
///
/// Redacted values never reach the cassette file. Replay matches a redacted header or query
/// item by its name only, since the recorded value is the placeholder. A substituted value is
/// put back on playback, in the recorded requests and responses, as VCR's
/// `filter_sensitive_data` does.
public struct HTTPRedaction: Sendable, Equatable {
    /// Header names (case-insensitive) whose values are replaced, in requests and responses.
    public var headers: Set<String>
    /// Query item names whose values are replaced in recorded URLs.
    public var queryItems: Set<String>
    /// JSON object keys, at any depth, whose values are replaced in request and response bodies.
    public var jsonFields: Set<String>
    /// Field names whose values are replaced in form-encoded request bodies.
    public var formFields: Set<String>
    /// Placeholders and the values they stand for: each value is written as its placeholder
    /// wherever it appears, and put back on playback.
    public var substitutions: [String: String]
    /// The text that replaces each redacted value.
    public var placeholder: String

    /// Creates a redaction.
    ///
    /// - Parameters:
    ///   - headers: Header names whose values are replaced.
    ///   - queryItems: Query item names whose values are replaced.
    ///   - jsonFields: JSON keys whose values are replaced.
    ///   - formFields: Form field names whose values are replaced.
    ///   - substitutions: Placeholders and the values they stand for.
    ///   - placeholder: The replacement text.
    public init(
        headers: Set<String> = [], queryItems: Set<String> = [], jsonFields: Set<String> = [], formFields: Set<String> = [],
        substitutions: [String: String] = [:], placeholder: String = "REDACTED"
    ) {
        self.headers = Set(headers.map { $0.lowercased() })
        self.queryItems = queryItems
        self.jsonFields = jsonFields
        self.formFields = formFields
        self.substitutions = substitutions
        self.placeholder = placeholder
    }

    /// Removes credentials and cookies.
    ///
    /// Removes the `Authorization`, `Proxy-Authorization`, `Cookie` and `Set-Cookie` headers.
    public static let `default` = HTTPRedaction(headers: ["authorization", "proxy-authorization", "cookie", "set-cookie"])

    /// Nothing is redacted.
    public static let none = HTTPRedaction()

    /// This redaction with these query items redacted too.
    ///
    /// - Parameter names: Query item names.
    /// - Returns: The extended redaction.
    public func redactingQueryItems(_ names: String...) -> HTTPRedaction {
        var copy = self
        copy.queryItems.formUnion(names)
        return copy
    }

    /// This redaction with these JSON fields redacted too.
    ///
    /// - Parameter names: JSON object keys.
    /// - Returns: The extended redaction.
    public func redactingJSONFields(_ names: String...) -> HTTPRedaction {
        var copy = self
        copy.jsonFields.formUnion(names)
        return copy
    }

    /// This redaction with these form-encoded body fields redacted too.
    ///
    /// A request body is read as form fields when its `Content-Type` is
    /// `application/x-www-form-urlencoded`, or when it has none and is not JSON.
    ///
    /// - Parameter names: Field names.
    /// - Returns: The extended redaction.
    public func redactingFormFields(_ names: String...) -> HTTPRedaction {
        var copy = self
        copy.formFields.formUnion(names)
        return copy
    }

    /// This redaction with a value written as a placeholder, which replay puts back.
    ///
    /// The value is replaced wherever it appears in the URL, header values and text bodies of
    /// requests and responses. On playback the placeholder becomes the value again, so a test
    /// sends and receives the real value while the file holds only the placeholder. An empty
    /// value is ignored, so an unset environment variable substitutes nothing.
    ///
    /// ```swift
    /// let token = ProcessInfo.processInfo.environment["CATALOG_TOKEN"] ?? "test-token"
    /// let redaction = HTTPRedaction.default.substituting(token, with: "<CATALOG_TOKEN>")
    /// ```
    ///
    /// - Parameters:
    ///   - value: The secret, as it appears in the traffic.
    ///   - placeholder: What the cassette holds instead, such as `<CATALOG_TOKEN>`.
    /// - Returns: The extended redaction.
    public func substituting(_ value: String, with placeholder: String) -> HTTPRedaction {
        var copy = self
        copy.substitutions[placeholder] = value
        return copy
    }

    /// This redaction with these headers redacted too.
    ///
    /// - Parameter names: Header names.
    /// - Returns: The extended redaction.
    public func redactingHeaders(_ names: String...) -> HTTPRedaction {
        var copy = self
        copy.headers.formUnion(names.map { $0.lowercased() })
        return copy
    }

    // MARK: Applying

    /// `interaction` with every secret replaced.
    ///
    /// The secret values found (a redacted header's, query item's, JSON field's or form field's)
    /// are also replaced wherever else they appear in a text body, as when a server echoes them back.
    func apply(to interaction: HTTPCassette.Interaction) -> HTTPCassette.Interaction {
        var secrets: [String] = []
        var result = interaction
        result.url = redacting(interaction.url, secrets: &secrets)
        result.requestHeaders = redacting(interaction.requestHeaders, secrets: &secrets)
        result.responseHeaders = redacting(interaction.responseHeaders, secrets: &secrets)
        let requestType = HTTPText.header("Content-Type", in: interaction.requestHeaders)
        let requestBody = interaction.requestBody.map { redactedBody($0, contentType: requestType, secrets: &secrets) }
        let responseBody = redacting(body: interaction.responseBody, secrets: &secrets)
        // Very short values are left out, since replacing them everywhere would garble the text.
        let found = Set(secrets.filter { $0.count >= 4 && $0 != placeholder }).sorted { ($0.count, $0) > ($1.count, $1) }
        result.requestBody = requestBody.map { replacing(found, in: $0) }
        result.responseBody = replacing(found, in: responseBody)
        return substitutingPlaceholders(in: result)
    }

    /// `interaction` with each substituted value replaced by its placeholder.
    private func substitutingPlaceholders(in interaction: HTTPCassette.Interaction) -> HTTPCassette.Interaction {
        let pairs = substitutions.filter { !$0.value.isEmpty }.sorted { ($0.value.count, $0.key) > ($1.value.count, $1.key) }
        guard !pairs.isEmpty else { return interaction }
        return interaction.replacingText(pairs.map { (found: [$0.value], replacement: $0.key, inURL: Self.urlEncoded($0.key)) })
    }

    /// `interaction` as replay sees it: each placeholder of ``substitutions`` replaced by its value
    /// again.
    func restoringPlaceholders(in interaction: HTTPCassette.Interaction) -> HTTPCassette.Interaction {
        let pairs = substitutions.filter { !$0.value.isEmpty }.sorted { ($0.key.count, $0.key) > ($1.key.count, $1.key) }
        guard !pairs.isEmpty else { return interaction }
        return interaction.replacingText(pairs.map { (found: [Self.urlEncoded($0.key), $0.key], replacement: $0.value, inURL: $0.value) })
    }

    /// `text` percent-encoded as a query value may hold it.
    private static func urlEncoded(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#<>")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    /// `body` with each of `secrets` replaced by the placeholder; a body that does not change
    /// keeps its bytes.
    private func replacing(_ secrets: [String], in body: Data) -> Data {
        guard !secrets.isEmpty, var text = String(data: body, encoding: .utf8) else { return body }
        let original = text
        for secret in secrets { text = text.replacingOccurrences(of: secret, with: placeholder) }
        return text == original ? body : Data(text.utf8)
    }

    func isRedacted(header name: String) -> Bool {
        headers.contains(name.lowercased())
    }

    // Each `redacting` below replaces what it redacts and adds the values it removed to `secrets`.

    private func redacting(_ fields: [String: String], secrets: inout [String]) -> [String: String] {
        var result = fields
        for (key, value) in fields where isRedacted(header: key) {
            secrets += value.components(separatedBy: "\n")
            result[key] = placeholder
        }
        return result
    }

    private func redacting(_ url: URL, secrets: inout [String]) -> URL {
        guard !queryItems.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.queryItems, items.contains(where: { queryItems.contains($0.name) })
        else { return url }
        components.queryItems = items.map { item in
            guard queryItems.contains(item.name) else { return item }
            secrets.append(item.value ?? "")
            return URLQueryItem(name: item.name, value: placeholder)
        }
        return components.url ?? url
    }

    /// A request body with its named JSON fields, or form fields, replaced.
    func redactedBody(_ body: Data, contentType: String?) -> Data {
        var secrets: [String] = []
        return redactedBody(body, contentType: contentType, secrets: &secrets)
    }

    private func redactedBody(_ body: Data, contentType: String?, secrets: inout [String]) -> Data {
        guard !formFields.isEmpty, Self.isForm(body, contentType: contentType) else { return redacting(body: body, secrets: &secrets) }
        // A body labelled as a form may hold JSON all the same: its JSON secrets are collected too,
        // so they are replaced wherever they appear.
        _ = redacting(body: body, secrets: &secrets)
        return redactingForm(body, secrets: &secrets)
    }

    /// Whether a request body is form-encoded: its content type says so, or it has none and is
    /// not JSON.
    private static func isForm(_ body: Data, contentType: String?) -> Bool {
        if let contentType { return contentType.lowercased().contains("application/x-www-form-urlencoded") }
        let first = body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        return first != UInt8(ascii: "{") && first != UInt8(ascii: "[")
    }

    /// `body` with the values of the named form fields replaced; every other byte is kept.
    private func redactingForm(_ body: Data, secrets: inout [String]) -> Data {
        guard let text = String(data: body, encoding: .utf8) else { return body }
        let encodedPlaceholder = Self.urlEncoded(placeholder)
        var changed = false
        let pairs = text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> Substring in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard formFields.contains(FormEncoding.decode(parts[0])), parts.count == 2, parts[1] != Substring(encodedPlaceholder)
            else { return pair }
            secrets.append(FormEncoding.decode(parts[1]))
            changed = true
            return parts[0] + "=" + encodedPlaceholder
        }
        return changed ? Data(pairs.joined(separator: "&").utf8) : body
    }

    private func redacting(body: Data, secrets: inout [String]) -> Data {
        guard !jsonFields.isEmpty, let document = JSONValue.parse(body) else { return body }
        let redacted = redacting(document, secrets: &secrets)
        return redacted == document ? body : Data(redacted.description.utf8)
    }

    private func redacting(_ value: JSONValue, secrets: inout [String]) -> JSONValue {
        switch value {
        case .object(let members):
            var result: [String: JSONValue] = [:]
            for (key, member) in members {
                guard jsonFields.contains(key) else {
                    result[key] = redacting(member, secrets: &secrets)
                    continue
                }
                // A redacted string is a secret; any other value may hold redacted strings deeper in.
                if case .string(let text) = member { secrets.append(text) } else { _ = redacting(member, secrets: &secrets) }
                result[key] = .string(placeholder)
            }
            return .object(result)
        case .array(let values):
            return .array(values.map { redacting($0, secrets: &secrets) })
        default:
            return value
        }
    }
}

extension HTTPCassette.Interaction {
    /// This interaction with each found text replaced: in the URL by `inURL`, in header values
    /// and text bodies by `replacement`. A body that does not change keeps its bytes.
    fileprivate func replacingText(_ pairs: [(found: [String], replacement: String, inURL: String)]) -> HTTPCassette.Interaction {
        func replace(_ text: String, url: Bool = false) -> String {
            pairs.reduce(text) { text, pair in
                pair.found.reduce(text) { $0.replacingOccurrences(of: $1, with: url ? pair.inURL : pair.replacement) }
            }
        }
        func replace(_ body: Data) -> Data {
            guard let text = String(data: body, encoding: .utf8) else { return body }
            let replaced = replace(text)
            return replaced == text ? body : Data(replaced.utf8)
        }
        var result = self
        let urlText = url.absoluteString
        let replacedURL = replace(urlText, url: true)
        if replacedURL != urlText, let replaced = URL(string: replacedURL) { result.url = replaced }
        result.requestHeaders = requestHeaders.mapValues { replace($0) }
        result.responseHeaders = responseHeaders.mapValues { replace($0) }
        result.requestBody = requestBody.map { replace($0) }
        result.responseBody = replace(responseBody)
        return result
    }
}
