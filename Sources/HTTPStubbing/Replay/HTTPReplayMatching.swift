/// Which parts of a request must equal a recorded one for the cassette to replay its response.
///
/// The default is the method and the URL (query items in any order). Add headers or the body
/// when the same URL gets different answers:
///
/// ```swift
/// let matching = HTTPReplayMatching.methodAndURL.including(headers: "Accept").includingBody()
/// ```
public struct HTTPReplayMatching: Sendable, Equatable {
    /// Header names whose values must match; a redacted header must only be present.
    public var headers: [String]
    /// Whether the body must match byte for byte.
    public var body: Bool

    /// Creates matching rules; the method and URL always match.
    ///
    /// - Parameters:
    ///   - headers: Header names whose values must match.
    ///   - body: Whether the body must match.
    public init(headers: [String] = [], body: Bool = false) {
        self.headers = headers
        self.body = body
    }

    /// The method and the URL, the default.
    public static let methodAndURL = HTTPReplayMatching()

    /// These rules with these headers matched too.
    ///
    /// - Parameter names: Header names.
    /// - Returns: The extended rules.
    public func including(headers names: String...) -> HTTPReplayMatching {
        HTTPReplayMatching(headers: headers + names, body: body)
    }

    /// These rules with the body matched too.
    ///
    /// - Returns: The extended rules.
    public func includingBody() -> HTTPReplayMatching {
        HTTPReplayMatching(headers: headers, body: true)
    }
}
