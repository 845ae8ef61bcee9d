/// When an item may be read, mirroring the Security framework's accessibility attribute.
///
/// The Security framework's `kSecAttrAccessible`.
///
/// ```swift
/// let keychain = KeychainFake()
/// let scope = KeychainScope(service: "com.bookshelf.auth")
/// let token = Data("abc".utf8)
/// try keychain.add(
///     token, account: "refresh-token", in: scope,
///     accessibility: .afterFirstUnlockThisDeviceOnly)
/// ```
public enum KeychainAccessibility: String, Sendable, Hashable, CaseIterable {
    /// Readable while the device is unlocked, the Security framework's default.
    ///
    /// The Security framework's `kSecAttrAccessibleWhenUnlocked`.
    case whenUnlocked
    /// Readable in the background once the device has been unlocked after boot.
    ///
    /// The Security framework's `kSecAttrAccessibleAfterFirstUnlock`.
    case afterFirstUnlock
    /// Readable while the device is unlocked, and never moved to another device.
    ///
    /// The Security framework's `kSecAttrAccessibleWhenUnlockedThisDeviceOnly`.
    case whenUnlockedThisDeviceOnly
    /// Readable once the device has been unlocked after boot, and never moved to another device.
    ///
    /// The Security framework's `kSecAttrAccessibleAfterFirstUnlockThisDeviceOnly`.
    case afterFirstUnlockThisDeviceOnly
    /// Readable while the device is unlocked and has a passcode, and never moved to another device.
    ///
    /// The Security framework's `kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly`.
    case whenPasscodeSetThisDeviceOnly

    /// Whether an item with this accessibility may sync through iCloud Keychain, which the
    /// `…ThisDeviceOnly` levels forbid.
    package var allowsSynchronization: Bool {
        switch self {
        case .whenUnlocked, .afterFirstUnlock: true
        case .whenUnlockedThisDeviceOnly, .afterFirstUnlockThisDeviceOnly, .whenPasscodeSetThisDeviceOnly: false
        }
    }

    /// Whether an item with this accessibility can be used while the device is locked (after
    /// the first unlock since boot).
    public var isAvailableWhileLocked: Bool {
        switch self {
        case .afterFirstUnlock, .afterFirstUnlockThisDeviceOnly: true
        case .whenUnlocked, .whenUnlockedThisDeviceOnly, .whenPasscodeSetThisDeviceOnly: false
        }
    }
}
