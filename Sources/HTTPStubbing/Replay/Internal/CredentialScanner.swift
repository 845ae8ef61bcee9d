import Foundation

/// Finds values shaped like published credential formats in a redacted interaction: what no
/// redaction rule removed and would reach the cassette file. It matches the formats the issuers
/// publish (and secret scanners use), never entropy, so hashes, IDs, cursors and images pass.
struct CredentialScanner: Sendable {
    /// A credential-shaped value and where it sits.
    struct Finding: Equatable, Sendable {
        enum Place: Equatable, Sendable {
            case header(String)
            case queryItem(String)
            case userInfo
            case path
            /// The dotted path to the value, and the key that holds it.
            case jsonField(path: String, key: String)
            case formField(String)
            case body
        }

        var isRequest: Bool
        var place: Place
        /// What the value looks like, such as "a Slack token".
        var kind: String
        /// `sha256:` and the first 12 hexadecimal digits of the value's SHA-256.
        var fingerprint: String
        /// The value itself: kept to mask it where the message shows the request, never printed.
        var value: String
    }

    /// The formats, each with the words that name it: one alternative of ``expression`` each, in order.
    static let formats: [(kind: String, pattern: String)] = [
        ("a JSON Web Token", #"\beyJ[A-Za-z0-9_-]{10,}\.eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{16,}"#),
        ("a GitHub token", #"\b(?:ghp|gho|ghu|ghs|ghr)_[A-Za-z0-9]{36,251}\b"#),
        ("a GitHub fine-grained token", #"\bgithub_pat_[A-Za-z0-9_]{60,251}"#),
        ("a GitLab token", #"\bglpat-[A-Za-z0-9_-]{20,}"#),
        ("a Slack token", #"\bxox[abposr]-[A-Za-z0-9-]{10,}"#),
        ("a Slack webhook URL", #"hooks\.slack\.com/services/T[A-Z0-9]+/B[A-Z0-9]+/[A-Za-z0-9]{20,}"#),
        ("a Stripe live key", #"\b(?:sk|rk)_live_[A-Za-z0-9]{20,}"#),
        ("an AWS access key ID", #"\b(?:AKIA|ASIA)[A-Z0-9]{16}\b"#),
        ("a Google API key", #"\bAIza[0-9A-Za-z_-]{35}"#),
        ("a Google OAuth access token", #"\bya29\.[0-9A-Za-z_-]{20,}"#),
        ("a private key", #"-----BEGIN[A-Z ]*PRIVATE KEY(?: BLOCK)?-----"#),
        ("an OpenAI key", #"\bsk-(?:proj-)?[A-Za-z0-9_-]{20,}T3BlbkFJ[A-Za-z0-9_-]{20,}"#),
        ("an npm token", #"\bnpm_[A-Za-z0-9]{36}\b"#),
        ("a PyPI token", #"\bpypi-AgEIcHlwaS5vcmc[A-Za-z0-9_-]{50,}"#),
        ("a SendGrid key", #"\bSG\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}\b"#),
        ("a Shopify token", #"\bshp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}\b"#),
        ("a Square token", #"\bsq0(?:atp|csp)-[0-9A-Za-z_-]{22,}"#),
        ("a Telegram bot token", #"\b[0-9]{8,10}:AA[0-9A-Za-z_-]{33}\b"#),
        ("an Azure storage account key", #"AccountKey=[A-Za-z0-9+/]{86}=="#),
        ("a Bearer credential", #"\b(?i:bearer)\s+[A-Za-z0-9._~+/-]{20,}=*"#),
        ("a Basic credential", #"\b(?i:basic)\s+[A-Za-z0-9+/]{12,}={0,2}"#),
    ]

    private let expression: NSRegularExpression?

    init() {
        expression = try? NSRegularExpression(pattern: Self.formats.map { "(\($0.pattern))" }.joined(separator: "|"))
    }

    /// `sha256:` and the first 12 hexadecimal digits of the SHA-256 of `value`.
    static func fingerprint(of value: String) -> String {
        "sha256:" + SHA256.hex(of: value).prefix(12)
    }

    /// What `text` holds that looks like a credential: each kind and value, in order; a private
    /// key runs from its `BEGIN` line to its `END` line, or to the end of the text.
    func credentials(in text: String) -> [(kind: String, value: String)] {
        guard text.utf8.count >= 16, let expression else { return [] }
        let whole = NSRange(text.startIndex..., in: text)
        var found: [(kind: String, value: String)] = []
        for match in expression.matches(in: text, range: whole) {
            guard let index = (1...Self.formats.count).first(where: { match.range(at: $0).location != NSNotFound }),
                var range = Range(match.range(at: index), in: text)
            else { continue }
            let kind = Self.formats[index - 1].kind
            if kind == "a private key" {
                let end = text.range(of: "-----END", range: range.upperBound..<text.endIndex)
                let close = end.flatMap { text.range(of: "-----", range: $0.upperBound..<text.endIndex) }
                range = range.lowerBound..<(close?.upperBound ?? text.endIndex)
            }
            let value = String(text[range])
            if !found.contains(where: { $0.value == value }) { found.append((kind, value)) }
        }
        return found
    }

    /// The credential-shaped values in `interaction`, as it would be written, that `redactor`
    /// does not allow.
    func findings(in interaction: HTTPCassette.Interaction, allowedBy redactor: CassetteRedactor) -> [Finding] {
        var findings: [Finding] = []
        func check(_ text: String, isRequest: Bool, at place: Finding.Place, name: String?) {
            guard name.map(redactor.isAllowed(name:)) != true else { return }
            for (kind, value) in credentials(in: text) {
                let fingerprint = Self.fingerprint(of: value)
                guard !redactor.allowed.contains(fingerprint) else { continue }
                findings.append(Finding(isRequest: isRequest, place: place, kind: kind, fingerprint: fingerprint, value: value))
            }
        }
        if let components = URLComponents(url: interaction.url, resolvingAgainstBaseURL: false) {
            check(
                [components.user, components.password].compactMap { $0 }.joined(separator: ":"), isRequest: true, at: .userInfo, name: nil)
            check(components.path, isRequest: true, at: .path, name: nil)
            for item in components.queryItems ?? [] {
                check(item.value ?? "", isRequest: true, at: .queryItem(item.name), name: item.name)
            }
        }
        for (isRequest, headers) in [(true, interaction.requestHeaders), (false, interaction.responseHeaders)] {
            for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
                check(value, isRequest: isRequest, at: .header(name), name: name)
            }
        }
        for (isRequest, body) in [(true, interaction.requestBody ?? Data()), (false, interaction.responseBody)] {
            if let document = JSONValue.parse(body) {
                walk(document, path: "", isRequest: isRequest, redactor: redactor, check: check)
            } else if let text = String(data: body, encoding: .utf8) {
                let type = HTTPText.header("Content-Type", in: isRequest ? interaction.requestHeaders : interaction.responseHeaders)
                if type?.lowercased().contains("application/x-www-form-urlencoded") == true {
                    for (name, value) in FormEncoding.fields(in: body).sorted(by: { $0.key < $1.key }) {
                        check(value, isRequest: isRequest, at: .formField(name), name: name)
                    }
                } else {
                    check(text, isRequest: isRequest, at: .body, name: nil)
                }
            }
        }
        return findings
    }

    /// Checks each string of a JSON document, unless a key on its path is allowed.
    private func walk(
        _ value: JSONValue, path: String, key: String? = nil, isRequest: Bool, redactor: CassetteRedactor,
        check: (String, Bool, Finding.Place, String?) -> Void
    ) {
        if let key, redactor.isAllowed(name: key) { return }
        switch value {
        case .string(let text):
            check(text, isRequest, key.map { .jsonField(path: path, key: $0) } ?? .body, nil)
        case .array(let values):
            for (index, element) in values.enumerated() {
                walk(element, path: "\(path)[\(index)]", key: key, isRequest: isRequest, redactor: redactor, check: check)
            }
        case .object(let members):
            for name in members.keys.sorted() {
                guard let member = members[name] else { continue }
                walk(
                    member, path: path.isEmpty ? name : "\(path).\(name)", key: name, isRequest: isRequest, redactor: redactor, check: check
                )
            }
        default:
            break
        }
    }

    // MARK: The message

    /// The failure for a cassette not written because interaction `number` holds `findings`.
    static func message(
        findings: [Finding], interaction number: Int, of interaction: HTTPCassette.Interaction, file: URL, redaction: HTTPRedaction
    ) -> String {
        let base =
            redaction == .default ? ".default" : redaction == .none ? ".none" : "<your redaction>"
        // The URL as the message shows it: each credential found in it masked by its fingerprint.
        var url = interaction.url.absoluteString
        for finding in findings {
            for form in CassetteRedactor.encodings(of: finding.value) {
                url = url.replacingOccurrences(of: form, with: "<\(finding.fingerprint)>")
            }
        }
        var lines = [
            "The cassette \(file.path) was not written: interaction \(number) (\(interaction.method) \(url)) "
                + "holds what looks like a credential that no redaction rule removed."
        ]
        for finding in findings {
            let side = finding.isRequest ? "request" : "response"
            let (place, redact, allowName): (String, String, String?) =
                switch finding.place {
                case .header(let name): ("the \(side) header \(name)", ".redactingHeaders(\"\(name)\")", name)
                case .queryItem(let name): ("the query item \(name)", ".redactingQueryItems(\"\(name)\")", name)
                case .formField(let name): ("the \(side) form field \(name)", ".redactingFormFields(\"\(name)\")", name)
                case .jsonField(let path, let key): ("the \(side) JSON field \(path)", ".redactingJSONFields(\"\(key)\")", key)
                case .userInfo: ("the URL's user info", "", nil)
                case .path: ("the URL's path", ".substituting(value, with: \"<SECRET>\")", nil)
                case .body: ("the \(side) body", ".substituting(value, with: \"<SECRET>\")", nil)
                }
            lines.append("  - \(place): \(finding.kind) (\(finding.fingerprint))")
            if finding.place == .userInfo {
                lines.append("    redact it:  redacting: \(base == ".none" ? "HTTPRedaction(urlUserInfo: true)" : ".default")")
            } else {
                lines.append(
                    "    redact it:  redacting: \(base)\(redact)"
                        + (allowName == nil ? ", where value is the credential as your test has it" : ""))
            }
            lines.append("    or, if it is no secret, allow it:  redacting: \(base).allowing(\"\(allowName ?? finding.fingerprint)\")")
        }
        lines.append(
            "Nothing was written: the file is as it was before this recording, and the client got the real response.")
        return lines.joined(separator: "\n")
    }
}
