/// Where generic-password items live: a service, an optional access group and whether the
/// items sync through iCloud Keychain. Together with the account they make an item's identity.
///
/// ```swift
/// let scope = KeychainScope(service: "com.bookshelf.auth")
/// let shared = KeychainScope(service: "com.bookshelf.auth", accessGroup: "TEAMID.com.bookshelf.shared")
/// ```
public struct KeychainScope: Sendable, Hashable, CustomStringConvertible {
    /// The service (`kSecAttrService`), usually a reverse-DNS name per feature.
    public var service: String
    /// The access group (`kSecAttrAccessGroup`); `nil` writes to the app's default group and
    /// reads from every group the app may use.
    public var accessGroup: String?
    /// Whether the items sync through iCloud Keychain (`kSecAttrSynchronizable`); a synced and
    /// a device-only item with the same account are different items.
    public var synchronizable: Bool

    /// Creates a scope.
    ///
    /// - Parameters:
    ///   - service: The service name.
    ///   - accessGroup: The access group, or `nil` for the default.
    ///   - synchronizable: Whether the items sync through iCloud Keychain.
    public init(service: String, accessGroup: String? = nil, synchronizable: Bool = false) {
        self.service = service
        self.accessGroup = accessGroup
        self.synchronizable = synchronizable
    }

    /// For example `service 'com.bookshelf.auth'`.
    public var description: String {
        var text = "service '\(service)'"
        if let accessGroup { text += ", access group '\(accessGroup)'" }
        if synchronizable { text += ", synchronizable" }
        return text
    }
}
