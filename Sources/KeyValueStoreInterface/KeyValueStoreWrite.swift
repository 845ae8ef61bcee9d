/// One write a ``KeyValueStoreFake`` received: a value set, or a key removed.
///
/// ```swift
/// settings.dailyGoalPages = 30
/// #expect(store.writes == [KeyValueStoreWrite(key: "dailyGoalPages", value: .integer(30))])
/// ```
public struct KeyValueStoreWrite: Sendable, Hashable, CustomStringConvertible {
    /// The key written.
    public var key: String
    /// The value stored, or `nil` for a removal.
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

    /// For example `set "theme" = "dark"` or `remove "theme"`.
    public var description: String {
        value.map { "set \"\(key)\" = \($0)" } ?? "remove \"\(key)\""
    }
}
