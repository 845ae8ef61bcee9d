/// Which items a keychain scope means by their iCloud Keychain flag.
///
/// The scope is a ``KeychainScope``; the values mirror `kSecAttrSynchronizable`.
///
/// ```swift
/// let everyToken = KeychainScope(
///     service: "com.bookshelf.auth", synchronization: .any)
/// ```
public enum KeychainSynchronization: String, Sendable, Hashable, CaseIterable {
    /// Items that stay on the device, the default.
    ///
    /// `kSecAttrSynchronizable` false.
    case deviceOnly
    /// Items that sync through iCloud Keychain.
    ///
    /// `kSecAttrSynchronizable` true.
    case synchronized
    /// Both kinds of items, valid for reads, updates, deletes and listings but not for adding an
    /// item.
    ///
    /// The Security framework's `kSecAttrSynchronizableAny`. Adding an item with it throws
    /// ``KeychainError/badParameter``, since Apple documents the value for `SecItemCopyMatching`,
    /// `SecItemUpdate` and `SecItemDelete` only.
    case any

    /// Whether an item with this synced flag is meant.
    ///
    /// - Parameter synchronizable: The item's flag.
    /// - Returns: `true` if the item is included.
    public func includes(synchronizable: Bool) -> Bool {
        switch self {
        case .deviceOnly: !synchronizable
        case .synchronized: synchronizable
        case .any: true
        }
    }
}
