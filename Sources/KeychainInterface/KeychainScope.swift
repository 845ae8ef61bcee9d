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

    /// Whether the items sync through iCloud Keychain.
    ///
    /// The Security framework's `kSecAttrSynchronizable`; a synced and a device-only item with the
    /// same account are different items.
    public var synchronizable: Bool {
        get { synchronization == .synchronized }
        set { synchronization = newValue ? .synchronized : .deviceOnly }
    }

    /// Creates a scope.
    ///
    /// - Parameters:
    ///   - service: The service name.
    ///   - accessGroup: The access group, or `nil` for the default.
    ///   - synchronizable: Whether the items sync through iCloud Keychain.
    public init(service: String, accessGroup: String? = nil, synchronizable: Bool = false) {
        self.service = service
        self.accessGroup = accessGroup
        self.synchronization = synchronizable ? .synchronized : .deviceOnly
    }

    /// Creates a scope that may match both synced and device-only items.
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
    ///   - synchronization: Device-only, synchronized, or any (queries only).
    public init(service: String, accessGroup: String? = nil, synchronization: KeychainSynchronization) {
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
