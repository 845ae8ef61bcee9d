/// Which parts of a request must equal a recorded one for the cassette to replay its response.
///
/// The default is the method and the URL (query items in any order). Add headers or the body
/// when the same URL gets different answers, or match less of the URL when parts of it change
/// from run to run:
///
/// ```swift
/// let matching = HTTPReplayMatching.methodAndURL.including(headers: "Accept").includingBody()
/// let lenient = HTTPReplayMatching.methodAndURL.ignoringQueryItems("timestamp", "nonce").includingJSONBody()
/// let byPath = HTTPReplayMatching.methodAndPath
/// ```
public struct HTTPReplayMatching: Sendable, Equatable {
    /// How much of the URL must equal the recorded one.
    public enum URLPart: String, Sendable, CaseIterable {
        /// Scheme, host, port, path and query items, in any order.
        case full
        /// The host only, compared case-insensitively: any scheme, port, path and query.
        case host
        /// The path only: any scheme, host, port and query.
        case path
        /// The query items only, in any order: any scheme, host, port and path.
        case query
    }

    /// How the body must equal the recorded one.
    public enum BodyRule: String, Sendable, CaseIterable {
        /// The body does not take part.
        case ignored
        /// Byte for byte, after redaction.
        case bytes
        /// As equal JSON: key order, whitespace and number spelling do not matter.
        case json
    }

    /// Whether the method must match; it does unless you leave it out.
    public var method = true
    /// How much of the URL must match.
    public var url: URLPart
    /// Query item names left out of the comparison on both sides, such as a timestamp.
    public var ignoredQueryItems: Set<String>
    /// Header names whose values must match; a redacted header must only be present.
    public var headers: [String]
    /// How the body must match.
    public var body: BodyRule
    /// Rules of your own, each with its description; all must accept the request.
    var customRules: [CustomRule] = []

    struct CustomRule: Sendable {
        let description: String
        let accepts: @Sendable (RecordedHTTPRequest, HTTPCassette.Interaction) -> Bool
    }

    /// Creates matching rules, which match the method too.
    ///
    /// - Parameters:
    ///   - url: How much of the URL must match.
    ///   - ignoredQueryItems: Query item names that do not take part.
    ///   - headers: Header names whose values must match.
    ///   - body: How the body must match.
    public init(url: URLPart = .full, ignoredQueryItems: Set<String> = [], headers: [String] = [], body: BodyRule = .ignored) {
        self.url = url
        self.ignoredQueryItems = ignoredQueryItems
        self.headers = headers
        self.body = body
    }

    /// The method and the URL, the default.
    public static let methodAndURL = HTTPReplayMatching()

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

    /// These rules with a rule of your own too, which gets the request and a recorded interaction.
    ///
    /// ```swift
    /// let matching = HTTPReplayMatching.methodAndURL.including("the same API version") { request, recorded in
    ///     request.header("X-API-Version") == recorded.requestHeaders["X-API-Version"]
    /// }
    /// ```
    ///
    /// The interaction is the recorded one as replay sees it, with placeholders put back.
    ///
    /// - Parameters:
    ///   - description: What the rule checks, for failure messages; rules compare by it.
    ///   - rule: Returns `true` when the request may get the interaction's response.
    /// - Returns: The extended rules.
    public func including(
        _ description: String, _ rule: @escaping @Sendable (RecordedHTTPRequest, HTTPCassette.Interaction) -> Bool
    ) -> HTTPReplayMatching {
        var copy = self
        copy.customRules.append(CustomRule(description: description, accepts: rule))
        return copy
    }

    /// Whether two sets of rules are the same; rules of your own compare by their descriptions.
    ///
    /// - Parameters:
    ///   - lhs: Rules.
    ///   - rhs: Other rules.
    /// - Returns: `true` when they are the same.
    public static func == (lhs: HTTPReplayMatching, rhs: HTTPReplayMatching) -> Bool {
        lhs.method == rhs.method && lhs.url == rhs.url && lhs.ignoredQueryItems == rhs.ignoredQueryItems && lhs.headers == rhs.headers
            && lhs.body == rhs.body
            && lhs.customRules.map(\.description) == rhs.customRules.map(\.description)
    }
}
