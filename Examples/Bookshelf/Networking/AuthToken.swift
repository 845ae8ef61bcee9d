/// The access token the catalog API returns from `/login`.
public struct AuthToken: Codable, Equatable, Sendable {
    /// The bearer token sent in `Authorization` headers.
    public var value: String

    /// Creates a token.
    ///
    /// - Parameter value: The bearer token.
    public init(value: String) {
        self.value = value
    }

    private enum CodingKeys: String, CodingKey {
        case value = "token"
    }
}
