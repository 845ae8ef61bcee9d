import Foundation

/// What a cassette removes from recorded traffic before anything is written to disk.
///
/// ``default`` removes the values of the headers, query items, JSON keys and form fields that
/// carry credentials in real APIs, and the user info of URLs; extend it by name, and substitute
/// chosen values by a placeholder of their own that replay puts back:
///
/// ```swift
/// let environment = ProcessInfo.processInfo.environment
/// let apiKey = environment["CATALOG_API_KEY"] ?? "test-key"
/// let redaction = HTTPRedaction.default
///     .redactingQueryItems("sig")
///     .redactingJSONFields("session")
///     .redactingFormFields("pin")
///     .substituting(apiKey, with: "<CATALOG_API_KEY>")
/// ```
///
/// Names compare ignoring case, `-`, `_` and `.`, so `access_token` also covers `accessToken`
/// and `Access-Token`. ``default`` also replaces values shaped like published credential formats
/// (JWTs, GitHub, Slack, Stripe, AWS and Google keys, private keys) wherever they appear. A value
/// removed once is removed wherever else the cassette holds it, in every interaction. Before
/// writing, the cassette is scanned for credential-shaped values that no rule removed (with
/// ``none`` or a redaction of your own): when one is left, nothing is written and the test fails
/// at the `useCassette` line, saying which line redacts it or allows it with ``allowing(_:)``.
/// Replay matches a redacted part of a request by its name only. A substituted value is put back
/// on playback, as VCR's `filter_sensitive_data` does.
public struct HTTPRedaction: Sendable, Equatable {
    /// Header names whose values are replaced, in requests and responses.
    var headers: Set<String>
    /// Query item names whose values are replaced in recorded URLs.
    var queryItems: Set<String>
    /// JSON object keys, at any depth, whose values are replaced in request and response bodies.
    var jsonFields: Set<String>
    /// Field names whose values are replaced in form-encoded request and response bodies.
    var formFields: Set<String>
    /// Whether the user name and password written in a URL are replaced.
    ///
    /// As in `https://user:password@host/`.
    public var urlUserInfo: Bool
    /// Whether values in published credential formats are replaced wherever they appear.
    ///
    /// The formats include JWTs and GitHub, Slack, Stripe, AWS and Google keys, whatever the
    /// name of the field that holds them.
    public var credentialFormats: Bool
    /// Names whose values the credential scan leaves alone, and fingerprints of values it leaves alone.
    var allowed: Set<String>
    /// Placeholders and the values they stand for: each value is written as its placeholder
    /// wherever it appears, and put back on playback.
    var substitutions: [String: String]
    /// The text that replaces each redacted value.
    public var placeholder: String

    /// Creates a redaction of no names, which the redacting methods then add.
    ///
    /// ```swift
    /// let redaction = HTTPRedaction(urlUserInfo: true)
    ///     .redactingHeaders("X-Upstream-Token")
    /// ```
    ///
    /// - Parameters:
    ///   - urlUserInfo: Whether the user info of URLs is replaced.
    ///   - credentialFormats: Whether credential-shaped values are replaced wherever they appear.
    ///   - placeholder: The replacement text.
    public init(urlUserInfo: Bool = false, credentialFormats: Bool = false, placeholder: String = "REDACTED") {
        self.headers = []
        self.queryItems = []
        self.jsonFields = []
        self.formFields = []
        self.urlUserInfo = urlUserInfo
        self.credentialFormats = credentialFormats
        self.allowed = []
        self.substitutions = [:]
        self.placeholder = placeholder
    }

    /// Nothing is redacted, and the credential scan still runs.
    ///
    /// To write a cassette exactly as recorded, allow what the scan names with ``allowing(_:)``.
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
    /// `application/x-www-form-urlencoded`, or when it has none and is not JSON; a response body
    /// when its `Content-Type` says so.
    ///
    /// - Parameter names: Field names.
    /// - Returns: The extended redaction.
    public func redactingFormFields(_ names: String...) -> HTTPRedaction {
        var copy = self
        copy.formFields.formUnion(names)
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

    /// This redaction with chosen values written as they are, though they look like credentials.
    ///
    /// Those are values the credential scan would refuse, or ``credentialFormats`` would replace.
    ///
    /// Pass the names of headers, query items, form fields or JSON keys whose values are not
    /// secrets, or the fingerprint the scan's failure message gives for one value, such as a
    /// test key in a text body:
    ///
    /// ```swift
    /// let redaction = HTTPRedaction.default
    ///     .allowing("sample_jwt", "sha256:4f1c2b9e0d7a")
    /// ```
    ///
    /// - Parameter namesOrFingerprints: Names, compared as redacted names are, or fingerprints
    ///   starting with `sha256:`.
    /// - Returns: The extended redaction.
    public func allowing(_ namesOrFingerprints: String...) -> HTTPRedaction {
        var copy = self
        copy.allowed.formUnion(namesOrFingerprints)
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
    /// let token =
    ///     ProcessInfo.processInfo.environment["CATALOG_TOKEN"] ?? "test-token"
    /// let redaction = HTTPRedaction.default
    ///     .substituting(token, with: "<CATALOG_TOKEN>")
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

    // MARK: Placeholders

    /// `interaction` with each substituted value replaced by its placeholder.
    func substitutingPlaceholders(in interaction: HTTPCassette.Interaction) -> HTTPCassette.Interaction {
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
    static func urlEncoded(_ text: String) -> String {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "&=+#<>")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }
}

extension HTTPCassette.Interaction {
    /// This interaction with each found text replaced: in the URL by `inURL`, in header values
    /// and text bodies by `replacement`. A body that does not change keeps its bytes.
    func replacingText(_ pairs: [(found: [String], replacement: String, inURL: String)]) -> HTTPCassette.Interaction {
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
