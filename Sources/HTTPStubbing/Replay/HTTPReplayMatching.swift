/// How replay recognises a request again: a rule that turns each recording into a request matcher.
///
/// The ``HTTPRequestMatcher`` it makes is what a request must meet to get the recorded response.
///
/// The default is the method and the URL (query items in any order). Add headers or the body
/// when the same URL gets different answers, or match less of the URL when parts of it change
/// from run to run:
///
/// ```swift
/// let matching = HTTPReplayMatching.methodAndURL
///     .including(headers: "Accept")
///     .includingBody()
/// let lenient = HTTPReplayMatching.methodAndURL
///     .ignoringQueryItems("timestamp", "nonce")
///     .includingJSONBody()
/// let byPath = HTTPReplayMatching.methodAndPath
/// ```
///
/// A replay miss is an unhandled request like any other: its failure lists the closest recording
/// and what differs, in the matchers' words.
public struct HTTPReplayMatching: Sendable {
    /// How much of the URL must equal the recorded one.
    enum URLPart: Sendable {
        /// Scheme, host, port, path and query items, in any order.
        case full
        /// The host only, compared case-insensitively.
        case host
        /// The path only.
        case path
        /// The query items only, in any order.
        case query
    }

    /// How the body must equal the recorded one.
    enum BodyRule: Sendable {
        case ignored
        /// Byte for byte, after redaction.
        case bytes
        /// As equal JSON: key order, whitespace and number spelling do not matter.
        case json
    }

    var method = true
    var url: URLPart
    /// Query item names left out of the comparison on both sides, such as a timestamp.
    var ignoredQueryItems: Set<String> = []
    /// Header names whose values must match; a redacted header must only be present.
    var headers: [String] = []
    var body = BodyRule.ignored
    /// Conditions of your own, each made from the recorded interaction.
    var ownRules: [@Sendable (HTTPCassette.Interaction) -> HTTPRequestMatcher] = []

    private init(url: URLPart) {
        self.url = url
    }

    /// The method and the URL, the default.
    public static let methodAndURL = HTTPReplayMatching(url: .full)

    /// The method and the host: one recording answers every path on the host.
    ///
    /// This is VCR's `:host`.
    public static let methodAndHost = HTTPReplayMatching(url: .host)

    /// The method and the path: any host, and the query does not matter.
    ///
    /// This is VCR's `:path`.
    public static let methodAndPath = HTTPReplayMatching(url: .path)

    /// The method and the query items, in any order: any host and path.
    ///
    /// This is VCR's `[:method, :query]`.
    public static let methodAndQuery = HTTPReplayMatching(url: .query)

    /// These rules without the method: a recording answers a request of any method.
    ///
    /// This is VCR's `match_requests_on` without `:method`, such as `[:uri]`.
    ///
    /// - Returns: The loosened rules.
    public func ignoringMethod() -> HTTPReplayMatching {
        var copy = self
        copy.method = false
        return copy
    }

    /// These rules with these headers matched too.
    ///
    /// - Parameter names: Header names.
    /// - Returns: The extended rules.
    public func including(headers names: String...) -> HTTPReplayMatching {
        var copy = self
        copy.headers += names
        return copy
    }

    /// These rules with the body matched byte for byte too.
    ///
    /// - Returns: The extended rules.
    public func includingBody() -> HTTPReplayMatching {
        var copy = self
        copy.body = .bytes
        return copy
    }

    /// These rules with the body matched as JSON too, whatever its key order and whitespace.
    ///
    /// A recorded body that is not JSON is matched byte for byte.
    ///
    /// - Returns: The extended rules.
    public func includingJSONBody() -> HTTPReplayMatching {
        var copy = self
        copy.body = .json
        return copy
    }

    /// These rules with these query items left out of the comparison, on both sides.
    ///
    /// - Parameter names: Query item names, such as a timestamp or a nonce.
    /// - Returns: The extended rules.
    public func ignoringQueryItems(_ names: String...) -> HTTPReplayMatching {
        var copy = self
        copy.ignoredQueryItems.formUnion(names)
        return copy
    }

    /// These rules with a matcher of your own too, made from each recorded interaction.
    ///
    /// ```swift
    /// let matching = HTTPReplayMatching.methodAndURL.including { recorded in
    ///     let version = recorded.requestHeaders["X-API-Version"]
    ///     return .any.matching("X-API-Version \(version ?? "none")") {
    ///         $0.header("X-API-Version") == version
    ///     }
    /// }
    /// ```
    ///
    /// The interaction is the recorded one as replay sees it, with placeholders put back.
    ///
    /// - Parameter rule: Returns the conditions a request must meet to get the interaction's
    ///   response.
    /// - Returns: The extended rules.
    public func including(
        _ rule: @escaping @Sendable (HTTPCassette.Interaction) -> HTTPRequestMatcher
    ) -> HTTPReplayMatching {
        var copy = self
        copy.ownRules.append(rule)
        return copy
    }

    /// The matcher a request must meet to get this interaction's response, as replay builds it.
    ///
    /// - Parameters:
    ///   - interaction: A recorded interaction.
    ///   - redaction: The cassette's redaction: a part it redacted matches by name only.
    /// - Returns: The matcher.
    public func matcher(
        for interaction: HTTPCassette.Interaction, redaction: HTTPRedaction = .default
    ) -> HTTPRequestMatcher {
        var locations = ReplayMatcher.Locations()
        return ReplayMatcher.matcher(
            for: interaction, matching: self, redactor: CassetteRedactor(redaction), locations: &locations)
    }
}
