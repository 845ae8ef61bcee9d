import Foundation
import KeyValueStoreInterface
import TestSupportCore

/// A key-value store double for code paths that must not read or write settings: every call reports
/// a failure at the line that created it.
///
/// Getters return `UserDefaults`' values for a missing key and setters store nothing.
///
/// ```swift
/// let settings = ReadingSettings(store: UnimplementedKeyValueStore())
/// ```
public final class UnimplementedKeyValueStore: KeyValueStoreInterface, Sendable {
    private let uses: UnimplementedUse

    /// Creates a store that fails the test when used; create it on the test's task.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public init(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        uses = UnimplementedUse(of: "the store", createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports, on the calling task, every use of the double made on another thread and not yet
    /// reported.
    ///
    /// A use on the test's own task has failed the test already. Call it at the end of a Swift
    /// Testing test whose code under test may have used the double from another thread; under
    /// XCTest every use is reported at once.
    public func expectNotUsed() { uses.flush() }

    private func fail(_ call: String) {
        uses.report("key-value store \(call) was called")
    }

    public func object(forKey defaultName: String) -> Any? {
        fail("object(forKey: \"\(defaultName)\")")
        return nil
    }

    public func string(forKey defaultName: String) -> String? {
        fail("string(forKey: \"\(defaultName)\")")
        return nil
    }

    public func array(forKey defaultName: String) -> [Any]? {
        fail("array(forKey: \"\(defaultName)\")")
        return nil
    }

    public func dictionary(forKey defaultName: String) -> [String: Any]? {
        fail("dictionary(forKey: \"\(defaultName)\")")
        return nil
    }

    public func data(forKey defaultName: String) -> Data? {
        fail("data(forKey: \"\(defaultName)\")")
        return nil
    }

    public func stringArray(forKey defaultName: String) -> [String]? {
        fail("stringArray(forKey: \"\(defaultName)\")")
        return nil
    }

    public func integer(forKey defaultName: String) -> Int {
        fail("integer(forKey: \"\(defaultName)\")")
        return 0
    }

    public func float(forKey defaultName: String) -> Float {
        fail("float(forKey: \"\(defaultName)\")")
        return 0
    }

    public func double(forKey defaultName: String) -> Double {
        fail("double(forKey: \"\(defaultName)\")")
        return 0
    }

    public func bool(forKey defaultName: String) -> Bool {
        fail("bool(forKey: \"\(defaultName)\")")
        return false
    }

    public func url(forKey defaultName: String) -> URL? {
        fail("url(forKey: \"\(defaultName)\")")
        return nil
    }

    /// Reports a failure; nothing is stored.
    ///
    /// - Parameters:
    ///   - value: Ignored.
    ///   - defaultName: The key, for the message.
    public func set(_ value: Any?, forKey defaultName: String) {
        fail("set(_:forKey: \"\(defaultName)\")")
    }

    /// Reports a failure; nothing is stored.
    ///
    /// - Parameters:
    ///   - value: Ignored.
    ///   - defaultName: The key, for the message.
    public func set(_ value: URL?, forKey defaultName: String) {
        fail("set(_:forKey: \"\(defaultName)\")")
    }

    public func removeObject(forKey defaultName: String) {
        fail("removeObject(forKey: \"\(defaultName)\")")
    }

    /// Reports a failure; nothing is registered.
    ///
    /// - Parameter registrationDictionary: The keys, for the message.
    public func register(defaults registrationDictionary: [String: Any]) {
        fail("register(defaults: \(registrationDictionary.keys.sorted()))")
    }

    public func dictionaryRepresentation() -> [String: Any] {
        fail("dictionaryRepresentation()")
        return [:]
    }
}

extension KeyValueStoreInterface where Self == UnimplementedKeyValueStore {
    /// A key-value store that fails the test when used.
    ///
    /// The unimplemented flavour of the key-value seam, beside `.fake()` in KeyValueStoreInterface.
    ///
    /// ```swift
    /// // Fails on the next line: creating the settings registers defaults
    /// let settings = ReadingSettings(store: .unimplemented())
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A new unimplemented store.
    public static func unimplemented(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> UnimplementedKeyValueStore {
        UnimplementedKeyValueStore(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
