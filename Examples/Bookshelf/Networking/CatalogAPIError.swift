/// Why a catalog API call failed, when the server answered.
public enum CatalogAPIError: Error, Equatable, Sendable {
    /// The user name or password was wrong (`401` from `/login`).
    case invalidCredentials
    /// The token was missing, expired or revoked (`401`).
    case unauthorized
    /// The server answered with a status the call does not expect.
    case unexpectedStatus(Int)
    /// The reply's body was not the JSON the call expects.
    case malformedResponse
    /// The request could not be built from the given values.
    case invalidRequest
}
