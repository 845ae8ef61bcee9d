import Foundation

/// The user defaults API apps use, as a protocol, so a test can inject a fake with the same
/// semantics.
///
/// The fake is ``KeyValueStoreFake``.
///
/// The requirements have `UserDefaults`' own signatures, so `UserDefaults` conforms as it is:
///
/// ```swift
/// final class ReadingSettings {
///     private let store: any KeyValueStoreInterface
///
///     init(store: any KeyValueStoreInterface = UserDefaults.standard) {
///         self.store = store
///         store.register(defaults: ["dailyGoalPages": 20])
///     }
///
///     var dailyGoalPages: Int { store.integer(forKey: "dailyGoalPages") }
/// }
/// ```
///
/// The protocol is not `Sendable` because `UserDefaults` is not `Sendable` on every platform
/// (on Linux the conformance is unavailable); ``KeyValueStoreFake`` itself is `Sendable`.
public protocol KeyValueStoreInterface: AnyObject {
    /// The value for a key, from the stored values or else the registered defaults.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The property-list value, or `nil`.
    func object(forKey defaultName: String) -> Any?

    /// The string for a key; numbers are returned as their decimal text.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The string, or `nil`.
    func string(forKey defaultName: String) -> String?

    /// The array for a key.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The array, or `nil`.
    func array(forKey defaultName: String) -> [Any]?

    /// The dictionary for a key.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The dictionary, or `nil`.
    func dictionary(forKey defaultName: String) -> [String: Any]?

    /// The data for a key.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The data, or `nil`.
    func data(forKey defaultName: String) -> Data?

    /// The array of strings for a key, or nothing if any element is not a string.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The strings, or `nil`.
    func stringArray(forKey defaultName: String) -> [String]?

    /// The integer for a key, or 0 if missing; Booleans, floating-point numbers and numeric strings
    /// are coerced.
    ///
    /// Floating-point numbers are truncated.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The integer.
    func integer(forKey defaultName: String) -> Int

    /// The float for a key, or 0 if missing; other values are coerced as for doubles.
    ///
    /// Coerced like ``double(forKey:)``.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The float.
    func float(forKey defaultName: String) -> Float

    /// The double for a key, or 0 if missing; Booleans, integers and numeric strings are coerced.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The double.
    func double(forKey defaultName: String) -> Double

    /// The Boolean for a key, or false if missing; non-zero numbers and strings such as "YES",
    /// "true" or "1" read as true.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The Boolean.
    func bool(forKey defaultName: String) -> Bool

    /// The URL for a key; a string is read as a file path.
    ///
    /// A leading `~` in the path is expanded.
    ///
    /// - Parameter defaultName: The key.
    /// - Returns: The URL, or `nil`.
    func url(forKey defaultName: String) -> URL?

    /// Stores a property-list value, or removes the key for nil.
    ///
    /// - Parameters:
    ///   - value: A string, number, Boolean, date, data, or an array or dictionary of them.
    ///   - defaultName: The key.
    func set(_ value: Any?, forKey defaultName: String)

    /// Stores an integer.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - defaultName: The key.
    func set(_ value: Int, forKey defaultName: String)

    /// Stores a float.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - defaultName: The key.
    func set(_ value: Float, forKey defaultName: String)

    /// Stores a double.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - defaultName: The key.
    func set(_ value: Double, forKey defaultName: String)

    /// Stores a Boolean.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - defaultName: The key.
    func set(_ value: Bool, forKey defaultName: String)

    /// Stores a URL, or removes the key for nil.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - defaultName: The key.
    func set(_ url: URL?, forKey defaultName: String)

    /// Removes the stored value; a registered default shows through again.
    ///
    /// - Parameter defaultName: The key.
    func removeObject(forKey defaultName: String)

    /// Registers values every getter returns for keys with no stored value; they are never
    /// stored themselves.
    ///
    /// - Parameter registrationDictionary: The defaults.
    func register(defaults registrationDictionary: [String: Any])

    /// Every visible key and value: registered defaults overlaid by stored values.
    ///
    /// - Returns: The dictionary.
    func dictionaryRepresentation() -> [String: Any]
}

// The typed setters' defaults box the value, as UserDefaults does: a conforming type that stores
// any property-list value writes `set(_:forKey:)` once.
extension KeyValueStoreInterface {
    /// Stores an integer, boxed for the setter that takes any value, as user defaults box it.
    ///
    /// `UserDefaults` uses its own method; other stores get this default.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - defaultName: The key.
    public func set(_ value: Int, forKey defaultName: String) { set(value as Any?, forKey: defaultName) }

    /// Stores a float, boxed for the setter that takes any value, as user defaults box it.
    ///
    /// `UserDefaults` uses its own method; other stores get this default.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - defaultName: The key.
    public func set(_ value: Float, forKey defaultName: String) { set(value as Any?, forKey: defaultName) }

    /// Stores a double, boxed for the setter that takes any value, as user defaults box it.
    ///
    /// `UserDefaults` uses its own method; other stores get this default.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - defaultName: The key.
    public func set(_ value: Double, forKey defaultName: String) { set(value as Any?, forKey: defaultName) }

    /// Stores a Boolean, boxed for the setter that takes any value, as user defaults box it.
    ///
    /// `UserDefaults` uses its own method; other stores get this default.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - defaultName: The key.
    public func set(_ value: Bool, forKey defaultName: String) { set(value as Any?, forKey: defaultName) }
}

/// The system's user defaults conform with their own methods.
extension UserDefaults: KeyValueStoreInterface {}
