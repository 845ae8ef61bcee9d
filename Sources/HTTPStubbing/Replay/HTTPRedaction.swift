import Foundation

/// What a cassette removes from recorded traffic before anything is written to disk.
///
/// It replaces header values, query items and JSON body fields by a placeholder.
///
/// ```swift
/// let redaction = HTTPRedaction.default.redactingQueryItems("api_key").redactingJSONFields("token")
/// ```
///
/// Redacted values never reach the cassette file. Replay matches a redacted header or query
/// item by its name only, since the recorded value is the placeholder.
public struct HTTPRedaction: Sendable, Equatable {
    /// Header names (case-insensitive) whose values are replaced, in requests and responses.
    public var headers: Set<String>
    /// Query item names whose values are replaced in recorded URLs.
    public var queryItems: Set<String>
    /// JSON object keys, at any depth, whose values are replaced in request and response bodies.
    public var jsonFields: Set<String>
    /// The text that replaces each value.
    public var placeholder: String

    /// Creates a redaction.
    ///
    /// - Parameters:
    ///   - headers: Header names whose values are replaced.
    ///   - queryItems: Query item names whose values are replaced.
    ///   - jsonFields: JSON keys whose values are replaced.
    ///   - placeholder: The replacement text.
    public init(headers: Set<String> = [], queryItems: Set<String> = [], jsonFields: Set<String> = [], placeholder: String = "REDACTED") {
        self.headers = Set(headers.map { $0.lowercased() })
        self.queryItems = queryItems
        self.jsonFields = jsonFields
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
    /// The secret values found (a redacted header's, query item's or JSON field's) are also
    /// replaced wherever else they appear in a text body, as when a server echoes them back.
    func apply(to interaction: HTTPCassette.Interaction) -> HTTPCassette.Interaction {
        let secrets = secretValues(in: interaction)
        var result = interaction
        result.url = redacting(interaction.url)
        result.requestHeaders = redacting(interaction.requestHeaders)
        result.responseHeaders = redacting(interaction.responseHeaders)
        result.requestBody = interaction.requestBody.map { replacing(secrets, in: redacting(body: $0)) }
        result.responseBody = replacing(secrets, in: redacting(body: interaction.responseBody))
        return result
    }

    /// The values redaction removes from `interaction`, longest first; very short ones are left
    /// out, since replacing them everywhere would garble the text.
    private func secretValues(in interaction: HTTPCassette.Interaction) -> [String] {
        var secrets: [String] = []
        for (name, value) in interaction.requestHeaders.merging(interaction.responseHeaders, uniquingKeysWith: { $0 + "\n" + $1 })
        where isRedacted(header: name) {
            secrets += value.components(separatedBy: "\n")
        }
        for item in HTTPCassette.queryItems(of: interaction.url) where queryItems.contains(item.name) {
            secrets.append(item.value ?? "")
        }
        for body in [interaction.requestBody ?? Data(), interaction.responseBody] where !jsonFields.isEmpty {
            if let document = try? HARJSON.decoded(from: body) { collectSecrets(in: document, into: &secrets) }
        }
        return Set(secrets.filter { $0.count >= 4 && $0 != placeholder }).sorted { ($0.count, $0) > ($1.count, $1) }
    }

    private func collectSecrets(in value: HARJSON, into secrets: inout [String]) {
        switch value {
        case .object(let members):
            for (key, member) in members {
                if jsonFields.contains(key), case .string(let text) = member {
                    secrets.append(text)
                } else {
                    collectSecrets(in: member, into: &secrets)
                }
            }
        case .array(let values):
            for member in values { collectSecrets(in: member, into: &secrets) }
        default:
            break
        }
    }

    private func replacing(_ secrets: [String], in body: Data) -> Data {
        guard !secrets.isEmpty, var text = String(data: body, encoding: .utf8) else { return body }
        let original = text
        for secret in secrets { text = text.replacingOccurrences(of: secret, with: placeholder) }
        return text == original ? body : Data(text.utf8)
    }

    func isRedacted(header name: String) -> Bool {
        headers.contains(name.lowercased())
    }

    private func redacting(_ fields: [String: String]) -> [String: String] {
        var result = fields
        for key in fields.keys where isRedacted(header: key) { result[key] = placeholder }
        return result
    }

    private func redacting(_ url: URL) -> URL {
        guard !queryItems.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.queryItems, items.contains(where: { queryItems.contains($0.name) })
        else { return url }
        components.queryItems = items.map { queryItems.contains($0.name) ? URLQueryItem(name: $0.name, value: placeholder) : $0 }
        return components.url ?? url
    }

    /// `body` with its named JSON fields replaced.
    func redactedBody(_ body: Data) -> Data {
        redacting(body: body)
    }

    private func redacting(body: Data) -> Data {
        guard !jsonFields.isEmpty, let document = try? HARJSON.decoded(from: body) else { return body }
        let redacted = redacting(document)
        return redacted == document ? body : Data(redacted.compactText().utf8)
    }

    private func redacting(_ value: HARJSON) -> HARJSON {
        switch value {
        case .object(let members):
            var result: [String: HARJSON] = [:]
            for (key, member) in members {
                result[key] = jsonFields.contains(key) ? .string(placeholder) : redacting(member)
            }
            return .object(result)
        case .array(let values):
            return .array(values.map(redacting))
        default:
            return value
        }
    }
}
