/// Where generic-password items live: a service, an optional access group and whether the items
/// sync through iCloud Keychain.
///
/// Together with the account they make an item's identity.
///
/// ```swift
/// let scope = KeychainScope(service: "com.bookshelf.auth")
/// let shared = KeychainScope(
///     service: "com.bookshelf.auth",
///     accessGroup: "TEAMID.com.bookshelf.shared")
/// ```
public struct KeychainScope: Sendable, Hashable, CustomStringConvertible {
    /// The service, usually a reverse-DNS name per feature.
    ///
    /// The Security framework's `kSecAttrService`.
    public var service: String
    /// The access group, or none to write to the app's default group and read from every group the
    /// app may use.
    ///
    /// The Security framework's `kSecAttrAccessGroup`.
    public var accessGroup: String?
    /// Which items the scope means by their iCloud Keychain flag.
    ///
    /// The Security framework's `kSecAttrSynchronizable`.
    public var synchronization: KeychainSynchronization

    /// Creates a scope, whose items are device-only unless its synchronization says otherwise.
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// let everyToken = KeychainScope(
    ///     service: "com.bookshelf.auth", synchronization: .any)
    /// try keychain.deleteAll(in: everyToken)
    /// ```
    ///
    /// - Parameters:
    ///   - service: The service name.
    ///   - accessGroup: The access group, or `nil` for the default.
    ///   - synchronization: Device-only (the default), synchronized through iCloud Keychain, or
    ///     any (queries only); a synced and a device-only item with the same account are
    ///     different items.
    public init(service: String, accessGroup: String? = nil, synchronization: KeychainSynchronization = .deviceOnly) {
        self.service = service
        self.accessGroup = accessGroup
        self.synchronization = synchronization
    }

    /// The scope's service and access group, as failure messages show it.
    ///
    /// For example `service 'com.bookshelf.auth'`.
    public var description: String {
        var text = "service '\(service)'"
        if let accessGroup { text += ", access group '\(accessGroup)'" }
        switch synchronization {
        case .deviceOnly: break
        case .synchronized: text += ", synchronizable"
        case .any: text += ", synchronizable any"
        }
        return text
    }
}
