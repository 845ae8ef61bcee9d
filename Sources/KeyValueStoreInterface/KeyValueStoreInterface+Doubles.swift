extension KeyValueStoreInterface where Self == KeyValueStoreFake {
    /// An empty in-memory store that follows the rules of user defaults.
    ///
    /// The controllable flavour of the key-value seam, as a leading-dot static, with the
    /// coercions and registered-defaults rules of `UserDefaults`. Keep a reference
    /// when the test inspects the writes; the unimplemented flavour, `.unimplemented()`, is in
    /// TestDoubles.
    ///
    /// ```swift
    /// let settings = ReadingSettings(store: .fake)
    /// ```
    public static var fake: KeyValueStoreFake { KeyValueStoreFake() }

    /// An in-memory store holding some values from the start, which are not recorded as writes.
    ///
    /// ```swift
    /// let settings = ReadingSettings(
    ///     store: .fake(["sortOrder": .string("author")]))
    /// ```
    ///
    /// - Parameters:
    ///   - values: Values present from the start.
    ///   - globalDomain: The global domain's values; empty by default (Linux has none).
    /// - Returns: A new fake store.
    public static func fake(
        _ values: [String: PropertyListValue] = [:], globalDomain: [String: PropertyListValue] = [:]
    ) -> KeyValueStoreFake {
        KeyValueStoreFake(values, globalDomain: globalDomain)
    }
}
