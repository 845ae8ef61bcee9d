import Foundation

/// The generic-password keychain operations apps use, as a protocol, so a test can inject a fake
/// with the real semantics and error codes.
///
/// The fake is ``KeychainFake``.
///
/// Production code takes the interface, defaulting to the `SystemKeychain` on Apple platforms:
///
/// ```swift
/// struct TokenStore {
///     let keychain: any KeychainInterface
///     let scope = KeychainScope(service: "com.bookshelf.auth")
///
///     func save(_ token: String) throws(KeychainError) {
///         try keychain.set(token, account: "access-token", in: scope)
///     }
/// }
/// ```
///
/// An item's identity is its class (generic password), service, account, access group and
/// synchronizable flag. Every requirement throws ``KeychainError``.
public protocol KeychainInterface: Sendable {
    /// Adds a new item.
    ///
    /// - Parameters:
    ///   - data: The secret.
    ///   - account: The account (`kSecAttrAccount`).
    ///   - scope: The service, access group and synchronizable flag.
    ///   - accessibility: When the item may be read.
    /// - Throws: ``KeychainError/duplicateItem`` if the item exists.
    func add(_ data: Data, account: String, in scope: KeychainScope, accessibility: KeychainAccessibility) throws(KeychainError)

    /// Reads an item's data.
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Returns: The stored data.
    /// - Throws: ``KeychainError/itemNotFound`` if there is none.
    func read(account: String, in scope: KeychainScope) throws(KeychainError) -> Data

    /// Replaces an existing item's data.
    ///
    /// - Parameters:
    ///   - data: The new secret.
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Throws: ``KeychainError/itemNotFound`` if there is none.
    func update(_ data: Data, account: String, in scope: KeychainScope) throws(KeychainError)

    /// Deletes an item.
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Throws: ``KeychainError/itemNotFound`` if there is none.
    func delete(account: String, in scope: KeychainScope) throws(KeychainError)

    /// Deletes every item in the scope; an empty scope is not an error.
    ///
    /// - Parameter scope: The scope.
    func deleteAll(in scope: KeychainScope) throws(KeychainError)

    /// The accounts of the items in the scope, sorted; empty when there are none.
    ///
    /// - Parameter scope: The scope.
    /// - Returns: The accounts.
    func accounts(in scope: KeychainScope) throws(KeychainError) -> [String]
}
