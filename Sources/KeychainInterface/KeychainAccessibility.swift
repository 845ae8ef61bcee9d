/// When an item may be read, mirroring `kSecAttrAccessible`.
///
/// ```swift
/// try keychain.add(token, account: "refresh-token", in: scope, accessibility: .afterFirstUnlockThisDeviceOnly)
/// ```
public enum KeychainAccessibility: String, Sendable, Hashable, CaseIterable {
    /// `kSecAttrAccessibleWhenUnlocked` (the Security framework's default).
    case whenUnlocked
    /// `kSecAttrAccessibleAfterFirstUnlock`: readable in the background once unlocked after boot.
    case afterFirstUnlock
    /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`.
    case whenUnlockedThisDeviceOnly
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`.
    case afterFirstUnlockThisDeviceOnly
    /// `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`.
    case whenPasscodeSetThisDeviceOnly

    /// Whether an item with this accessibility can be used while the device is locked (after
    /// the first unlock since boot).
    public var isAvailableWhileLocked: Bool {
        switch self {
        case .afterFirstUnlock, .afterFirstUnlockThisDeviceOnly: true
        case .whenUnlocked, .whenUnlockedThisDeviceOnly, .whenPasscodeSetThisDeviceOnly: false
        }
    }
}
