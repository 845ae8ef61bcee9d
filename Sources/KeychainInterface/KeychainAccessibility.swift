/// When an item may be read, mirroring the Security framework's accessibility attribute.
///
/// When an item may be read, mirroring `kSecAttrAccessible`.
///
/// ```swift
/// let keychain = KeychainFake()
/// let scope = KeychainScope(service: "com.bookshelf.auth")
/// let token = Data("abc".utf8)
/// try keychain.add(token, account: "refresh-token", in: scope, accessibility: .afterFirstUnlockThisDeviceOnly)
/// ```
public enum KeychainAccessibility: String, Sendable, Hashable, CaseIterable {
    /// Readable while the device is unlocked, the Security framework's default.
    ///
    /// `kSecAttrAccessibleWhenUnlocked` (the Security framework's default).
    case whenUnlocked
    /// Readable in the background once the device has been unlocked after boot.
    ///
    /// `kSecAttrAccessibleAfterFirstUnlock`: readable in the background once unlocked after boot.
    case afterFirstUnlock
    /// Readable while the device is unlocked, and never moved to another device.
    ///
    /// `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`.
    case whenUnlockedThisDeviceOnly
    /// Readable once the device has been unlocked after boot, and never moved to another device.
    ///
    /// `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`.
    case afterFirstUnlockThisDeviceOnly
    /// Readable while the device is unlocked and has a passcode, and never moved to another device.
    ///
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
