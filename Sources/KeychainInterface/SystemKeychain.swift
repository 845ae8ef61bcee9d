#if canImport(Security)
import Foundation
import Security

/// The real keychain, for generic passwords, on Apple platforms.
///
/// It implements ``KeychainInterface`` over `SecItemAdd`, `SecItemCopyMatching`, `SecItemUpdate`
/// and `SecItemDelete`.
///
/// ```swift
/// // Apple platforms only: Security
/// let store = TokenStore(keychain: SystemKeychain())
/// ```
///
/// Each status other than `errSecSuccess` is thrown as ``KeychainError/init(status:)``.
/// `deleteAll(in:)` and `accounts(in:)` treat `errSecItemNotFound` as "nothing there".
///
/// `errSecMissingEntitlement` (-34018) is what unsigned `swift test` on macOS and simulator
/// test bundles without a host app get from the data protection keychain: it is thrown as
/// ``KeychainError/missingEntitlement``, whose description (and `localizedDescription`) says
/// what to do: sign the test bundle, run the tests in a host app, or use ``KeychainFake``.
/// A scope with ``KeychainSynchronization/any`` queries with `kSecAttrSynchronizableAny`;
/// adding with it throws ``KeychainError/badParameter`` without calling `SecItemAdd`.
public struct SystemKeychain: KeychainInterface {
    /// Whether queries use the data protection keychain, which gives macOS the iOS keychain's
    /// semantics.
    ///
    /// That is, whether they set `kSecUseDataProtectionKeychain`; on macOS it needs a signed app
    /// with a keychain-access-groups entitlement.
    public let usesDataProtectionKeychain: Bool

    /// Creates the adapter.
    ///
    /// - Parameter usesDataProtectionKeychain: Whether to use the data protection keychain
    ///   (recommended; set `false` for unsigned macOS command-line tools).
    public init(usesDataProtectionKeychain: Bool = true) {
        self.usesDataProtectionKeychain = usesDataProtectionKeychain
    }

    /// Adds an item.
    ///
    /// It calls `SecItemAdd`.
    ///
    /// - Parameters:
    ///   - data: The secret.
    ///   - account: The account.
    ///   - scope: The scope.
    ///   - accessibility: When it may be read.
    public func add(_ data: Data, account: String, in scope: KeychainScope, accessibility: KeychainAccessibility) throws(KeychainError) {
        guard scope.synchronization != .any else { throw .badParameter }
        var query = baseQuery(account: account, scope: scope)
        query[kSecValueData as String] = data
        query[kSecAttrAccessible as String] = Self.attributeValue(for: accessibility)
        try Self.check(SecItemAdd(query as CFDictionary, nil))
    }

    /// Reads an item.
    ///
    /// It calls `SecItemCopyMatching`.
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Returns: The data.
    public func read(account: String, in scope: KeychainScope) throws(KeychainError) -> Data {
        var query = baseQuery(account: account, scope: scope)
        query[kSecReturnData as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitOne
        var result: CFTypeRef?
        try Self.check(SecItemCopyMatching(query as CFDictionary, &result))
        guard let data = result as? Data else {
            throw .unexpectedData("SecItemCopyMatching returned no data for account '\(account)' in \(scope)")
        }
        return data
    }

    /// Replaces an item's data.
    ///
    /// It calls `SecItemUpdate`.
    ///
    /// - Parameters:
    ///   - data: The new secret.
    ///   - account: The account.
    ///   - scope: The scope.
    public func update(_ data: Data, account: String, in scope: KeychainScope) throws(KeychainError) {
        let query = baseQuery(account: account, scope: scope)
        let attributes: [String: Any] = [kSecValueData as String: data]
        try Self.check(SecItemUpdate(query as CFDictionary, attributes as CFDictionary))
    }

    /// Deletes an item.
    ///
    /// It calls `SecItemDelete`.
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    public func delete(account: String, in scope: KeychainScope) throws(KeychainError) {
        try Self.check(SecItemDelete(baseQuery(account: account, scope: scope) as CFDictionary))
    }

    /// Deletes every item in the scope.
    ///
    /// It calls `SecItemDelete`. The two keychains differ here, and both are handled:
    /// macOS's file-based keychain (`usesDataProtectionKeychain: false`) deletes only the first
    /// match unless the query sets `kSecMatchLimit` to `kSecMatchLimitAll`, so it is set there;
    /// the data protection keychain (every other platform, and macOS with the default
    /// `usesDataProtectionKeychain: true`) deletes every match and rejects that key with
    /// `errSecParam`, so it is left out there. A file-based query that the data protection
    /// keychain answers (a synchronizable item, which macOS keeps there) is retried once
    /// without the key.
    ///
    /// - Parameter scope: The scope.
    public func deleteAll(in scope: KeychainScope) throws(KeychainError) {
        var query = baseQuery(account: nil, scope: scope)
        #if os(macOS)
        if !usesDataProtectionKeychain {
            query[kSecMatchLimit as String] = kSecMatchLimitAll
        }
        #endif
        var status = SecItemDelete(query as CFDictionary)
        if status == errSecParam, query[kSecMatchLimit as String] != nil {
            query.removeValue(forKey: kSecMatchLimit as String)
            status = SecItemDelete(query as CFDictionary)
        }
        if status == errSecItemNotFound { return }
        try Self.check(status)
    }

    /// Lists the accounts in the scope.
    ///
    /// It calls `SecItemCopyMatching`.
    ///
    /// - Parameter scope: The scope.
    /// - Returns: The sorted accounts.
    public func accounts(in scope: KeychainScope) throws(KeychainError) -> [String] {
        var query = baseQuery(account: nil, scope: scope)
        query[kSecReturnAttributes as String] = true
        query[kSecMatchLimit as String] = kSecMatchLimitAll
        var result: CFTypeRef?
        let status = SecItemCopyMatching(query as CFDictionary, &result)
        if status == errSecItemNotFound { return [] }
        try Self.check(status)
        let attributes = (result as? [[String: Any]]) ?? []
        return attributes.compactMap { $0[kSecAttrAccount as String] as? String }.sorted()
    }

    private func baseQuery(account: String?, scope: KeychainScope) -> [String: Any] {
        var query: [String: Any] = [
            kSecClass as String: kSecClassGenericPassword,
            kSecAttrService as String: scope.service,
        ]
        if let account { query[kSecAttrAccount as String] = account }
        if let accessGroup = scope.accessGroup { query[kSecAttrAccessGroup as String] = accessGroup }
        switch scope.synchronization {
        case .deviceOnly: break
        case .synchronized: query[kSecAttrSynchronizable as String] = true
        case .any: query[kSecAttrSynchronizable as String] = kSecAttrSynchronizableAny
        }
        if usesDataProtectionKeychain { query[kSecUseDataProtectionKeychain as String] = true }
        return query
    }

    private static func check(_ status: OSStatus) throws(KeychainError) {
        if status == errSecSuccess { return }
        if status == errSecMissingEntitlement {
            // Unsigned `swift test` on macOS and hostless simulator bundles land here; the
            // error's description says what to do.
            throw .missingEntitlement
        }
        throw KeychainError(status: status)
    }

    private static func attributeValue(for accessibility: KeychainAccessibility) -> CFString {
        switch accessibility {
        case .whenUnlocked: kSecAttrAccessibleWhenUnlocked
        case .afterFirstUnlock: kSecAttrAccessibleAfterFirstUnlock
        case .whenUnlockedThisDeviceOnly: kSecAttrAccessibleWhenUnlockedThisDeviceOnly
        case .afterFirstUnlockThisDeviceOnly: kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly
        case .whenPasscodeSetThisDeviceOnly: kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly
        }
    }
}
#endif
