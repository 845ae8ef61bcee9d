extension KeychainInterface where Self == KeychainFake {
    /// An in-memory keychain with the Security framework's rules, on a device in the given state,
    /// holding the given items.
    ///
    /// The device is unlocked and has a passcode unless told otherwise.
    ///
    /// The controllable flavour of the keychain seam, as a leading-dot static. Keep a reference
    /// when the test inspects what was stored; the unimplemented flavour, `.unimplemented()`, is
    /// in TestDoubles.
    ///
    /// ```swift
    /// let keychain: KeychainFake = .fake()
    /// let store = TokenStore(keychain: keychain)
    /// let lockedStore = TokenStore(keychain: .fake(lockState: .beforeFirstUnlock))
    /// ```
    ///
    /// - Parameters:
    ///   - accessGroups: The app's keychain access groups entitlement, default first.
    ///   - items: Items present from the start (not recorded as operations).
    ///   - lockState: The device's lock state.
    ///   - hasPasscode: Whether the device has a passcode.
    /// - Returns: A new fake keychain.
    public static func fake(
        accessGroups: [String] = [], items: [KeychainFake.Item] = [], lockState: KeychainFake.LockState = .unlocked,
        hasPasscode: Bool = true
    ) -> KeychainFake {
        KeychainFake(accessGroups: accessGroups, items: items, lockState: lockState, hasPasscode: hasPasscode)
    }
}
