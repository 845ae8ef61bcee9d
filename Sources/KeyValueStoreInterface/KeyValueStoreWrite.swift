/// One write the key-value store fake received: a value set, or a key removed.
///
/// A ``KeyValueStoreFake`` records one per write.
///
/// ```swift
/// let store = KeyValueStoreFake()
/// let settings = ReadingSettings(store: store)
/// settings.dailyGoalPages = 30
/// #expect(
///     store.writes == [
///         KeyValueStoreWrite(key: "dailyGoalPages", value: .integer(30))
///     ])
/// ```
public struct KeyValueStoreWrite: Sendable, Hashable, CustomStringConvertible {
    /// The key written.
    public var key: String
    /// The value stored, or nothing for a removal.
    public var value: PropertyListValue?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The value, or `nil` for a removal.
    public init(key: String, value: PropertyListValue?) {
        self.key = key
        self.value = value
    }

    /// The write as a line of text, such as a key set to a value or a key removed.
    ///
    /// For example `set "theme" = "dark"` or `remove "theme"`.
    public var description: String {
        value.map { "set \"\(key)\" = \($0)" } ?? "remove \"\(key)\""
    }
}
