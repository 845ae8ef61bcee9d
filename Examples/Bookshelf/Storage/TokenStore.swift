import Foundation
import KeychainInterface

/// The tokens the catalog API issues at sign-in.
public struct AuthTokens: Codable, Equatable, Sendable {
    /// The short-lived token sent with each request.
    public var accessToken: String
    /// The long-lived token that renews the access token.
    public var refreshToken: String

    /// Creates tokens.
    ///
    /// - Parameters:
    ///   - accessToken: The access token.
    ///   - refreshToken: The refresh token.
    public init(accessToken: String, refreshToken: String) {
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}

/// Why the token store failed.
public enum TokenStoreError: Error, Equatable, Sendable {
    /// The device is locked; try again once it is unlocked.
    case deviceLocked
    /// Any other keychain failure.
    case keychain(KeychainError)
}

/// Keeps the signed-in user's tokens in the keychain, readable in the background after the
/// first unlock and never synced to other devices.
///
/// Inject `SystemKeychain()` in the app and a `KeychainFake` in tests.
public struct TokenStore: Sendable {
    // snippet: token-store
    /// Where the tokens live.
    public static let scope = KeychainScope(service: "com.bookshelf.auth")
    /// The account the tokens are stored under.
    public static let account = "tokens"

    private let keychain: any KeychainInterface

    /// Creates the store.
    ///
    /// - Parameter keychain: The keychain to use.
    public init(keychain: any KeychainInterface) {
        self.keychain = keychain
    }

    /// Saves the tokens, replacing any saved before.
    ///
    /// - Parameter tokens: The tokens.
    /// - Throws: ``TokenStoreError``.
    public func save(_ tokens: AuthTokens) throws(TokenStoreError) {
        do {
            try keychain.set(
                encoded: tokens, account: Self.account, in: Self.scope,
                accessibility: .afterFirstUnlockThisDeviceOnly)
        } catch {
            throw Self.translate(error)
        }
    }
    // end-snippet

    /// The saved tokens, or `nil` when signed out.
    ///
    /// - Returns: The tokens.
    /// - Throws: ``TokenStoreError/deviceLocked`` while the device is locked.
    public func load() throws(TokenStoreError) -> AuthTokens? {
        do {
            return try keychain.readIfPresent(AuthTokens.self, account: Self.account, in: Self.scope)
        } catch {
            throw Self.translate(error)
        }
    }

    /// Removes every token: signing out.
    ///
    /// - Throws: ``TokenStoreError``.
    public func signOut() throws(TokenStoreError) {
        do {
            try keychain.deleteAll(in: Self.scope)
        } catch {
            throw Self.translate(error)
        }
    }

    private static func translate(_ error: KeychainError) -> TokenStoreError {
        error == .interactionNotAllowed ? .deviceLocked : .keychain(error)
    }
}
