import Foundation

extension KeyValueStoreInterface {
    /// Stores an encodable value as JSON data.
    ///
    /// ```swift
    /// let store = KeyValueStoreFake()
    /// try store.set(encoded: BookSortOrder.byAuthor, forKey: "sortOrder")
    /// ```
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - defaultName: The key.
    /// - Throws: The encoder's error.
    public func set<Value: Encodable>(encoded value: Value, forKey defaultName: String) throws {
        set(try JSONEncoder().encode(value), forKey: defaultName)
    }

    /// Reads a decodable value stored as JSON data, or nothing if the key holds no data.
    ///
    /// ```swift
    /// let store = KeyValueStoreFake()
    /// let order =
    ///     try store.decoded(BookSortOrder.self, forKey: "sortOrder") ?? .byTitle
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - defaultName: The key.
    /// - Returns: The value, or `nil`.
    /// - Throws: The decoder's error if the data is not a JSON `Value`.
    public func decoded<Value: Decodable>(_ type: Value.Type, forKey defaultName: String) throws -> Value? {
        guard let data = data(forKey: defaultName) else { return nil }
        return try JSONDecoder().decode(Value.self, from: data)
    }
}
