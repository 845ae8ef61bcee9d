import Foundation
import LockedValue
import NameSuggestions

/// An in-memory store with the semantics of user defaults, a record of writes, and no shared state:
/// every test gets its own.
///
/// It has `UserDefaults`' semantics.
///
/// ```swift
/// let store = KeyValueStoreFake()
/// let settings = ReadingSettings(store: store)
///
/// #expect(settings.dailyGoalPages == 20)            // the registered default
/// settings.dailyGoalPages = 30
/// #expect(
///     store.writes == [
///         KeyValueStoreWrite(key: "dailyGoalPages", value: .integer(30))
///     ])
/// ```
///
/// The getters follow `UserDefaults` as Apple documents it (and the package's tests run the
/// same cases against a real `UserDefaults` suite): a missing key gives `false`, `0` or `nil`;
/// `integer` of the string "5" is 5, of 3.7 is 3, of `true` is 1; `bool` of "YES", "true" or a
/// non-zero number is `true`; `string` of a number is its text, as `NSNumber.stringValue` gives
/// it on Apple (2.0 is "2"); `object(forKey:)` hands out numbers and Booleans as `NSNumber`, so
/// `as? Int`, `as? Double` and `as? Bool` follow `NSNumber` bridging (a stored `true` is 1
/// `as? Int`, 2.5 is `nil` `as? Int`, 5 is `nil` `as? Bool`). Reads search the app's values,
/// then the global domain (`NSGlobalDomain` on Apple, empty unless given), then the registered
/// defaults; ``dictionaryRepresentation()`` holds all three. The documented differences (a
/// stored URL, values that are not property lists, per-instance registration) are listed in
/// the "Differences from the real thing" table of <doc:KeyValueStore-Guide>.
public final class KeyValueStoreFake: KeyValueStoreInterface, Sendable {
    private struct State {
        var stored: [String: PropertyListValue] = [:]
        var registered: [String: PropertyListValue] = [:]
        var writes = RecordedLog<KeyValueStoreWrite, KeyValueStoreWrite>()
    }

    private let state: Locked<State>
    private let misuseLog = MisuseLog<String>()

    /// The global domain's values, read after the app's own values and before the registered
    /// defaults; the store never writes them.
    ///
    /// `NSGlobalDomain` on Apple platforms.
    public let globalDomain: [String: PropertyListValue]

    /// A few keys an Apple device's global domain holds, for tests of code that lists every key and
    /// value.
    ///
    /// They are `AppleLanguages` and `AppleLocale`, which ``dictionaryRepresentation()`` then
    /// lists.
    public static let typicalAppleGlobalDomain: [String: PropertyListValue] = [
        "AppleLanguages": .array([.string("en-US")]),
        "AppleLocale": .string("en_US"),
    ]

    /// Creates a store holding some values, which are not recorded as writes.
    ///
    /// ```swift
    /// let store = KeyValueStoreFake(
    ///     globalDomain: KeyValueStoreFake.typicalAppleGlobalDomain)
    /// ```
    ///
    /// - Parameters:
    ///   - values: Values present from the start.
    ///   - globalDomain: The global domain's values; empty by default (Linux has none).
    public init(_ values: [String: PropertyListValue] = [:], globalDomain: [String: PropertyListValue] = [:]) {
        state = Locked(State(stored: values))
        self.globalDomain = globalDomain
    }

    // MARK: Inspection

    /// Every write so far, oldest first.
    ///
    /// Handing the record out costs the same however long it is, so `writes.count` and
    /// `writes.last` suit each step of a long test; ``hasRecorded(_:)`` finds one write in
    /// constant time.
    public var writes: [KeyValueStoreWrite] { state.withLock { $0.writes.entries } }

    /// Whether a write was recorded at least once, in constant time however many writes there are.
    ///
    /// - Parameter write: The write to look for.
    /// - Returns: `true` if it was recorded.
    public func hasRecorded(_ write: KeyValueStoreWrite) -> Bool {
        state.withLock { $0.writes.contains(write) }
    }

    /// Up to `limit` distinct recorded writes closest to `write` (same key first, then similar
    /// keys, latest first) and how many other writes there are, for failure messages.
    ///
    /// Only the distinct keys are compared by edit distance.
    ///
    /// - Parameters:
    ///   - write: The write that was expected.
    ///   - limit: How many to list.
    /// - Returns: The closest writes and the count of the rest.
    package func closestWrites(to write: KeyValueStoreWrite, limit: Int = 3) -> (closest: [KeyValueStoreWrite], others: Int) {
        state.withLock { state in
            let keys = Set(state.writes.distinctEntries.map(\.key))
            let near = NearMiss.closest(to: write.key, in: Array(keys), limit: limit)
            // The closer the key, the higher the rank.
            let ranks = Dictionary(uniqueKeysWithValues: near.enumerated().map { ($1, -$0) })
            return state.writes.closestDistinct(limit: limit) { ranks[$0.key] }
        }
    }

    /// The stored values (registered defaults are not stored).
    public var storedValues: [String: PropertyListValue] { state.withLock { $0.stored } }

    /// The registered defaults.
    public var registeredDefaults: [String: PropertyListValue] { state.withLock { $0.registered } }

    /// Explanations of calls the real store would have rejected, oldest first.
    public var misuses: [String] { misuseLog.all }

    /// Returns the misuses and forgets them.
    ///
    /// - Returns: The misuses recorded since the last call.
    package func takeMisuses() -> [String] {
        misuseLog.take()
    }

    /// Forgets every recorded write; the stored values and registered defaults stay.
    public func clearRecorded() {
        state.withLock { $0.writes.clear() }
    }

    // MARK: Getters

    public func object(forKey defaultName: String) -> Any? {
        value(forKey: defaultName)?.anyValue
    }

    public func string(forKey defaultName: String) -> String? {
        switch value(forKey: defaultName) {
        case .string(let value): value
        case .integer(let value): String(value)
        case .unsignedInteger(let value): String(value)
        case .double(let value): Self.numberText(value.description)
        case .float(let value): Self.numberText(value.description)
        case .bool(let value): value ? "1" : "0"
        default: nil
        }
    }

    public func array(forKey defaultName: String) -> [Any]? {
        guard case .array(let values) = value(forKey: defaultName) else { return nil }
        return values.map(\.anyValue)
    }

    public func dictionary(forKey defaultName: String) -> [String: Any]? {
        guard case .dictionary(let entries) = value(forKey: defaultName) else { return nil }
        return entries.mapValues(\.anyValue)
    }

    public func data(forKey defaultName: String) -> Data? {
        guard case .data(let data) = value(forKey: defaultName) else { return nil }
        return data
    }

    public func stringArray(forKey defaultName: String) -> [String]? {
        guard case .array(let values) = value(forKey: defaultName) else { return nil }
        var strings: [String] = []
        for value in values {
            guard case .string(let string) = value else { return nil }
            strings.append(string)
        }
        return strings
    }

    public func integer(forKey defaultName: String) -> Int {
        switch value(forKey: defaultName) {
        case .integer(let value): value
        // NSNumber's integerValue keeps the low 64 bits: UInt64.max reads as -1 on Apple.
        case .unsignedInteger(let value): Int(truncatingIfNeeded: value)
        case .double(let value): Self.truncated(value)
        case .float(let value): Self.truncated(Double(value))
        case .bool(let value): value ? 1 : 0
        case .string(let value): NSString(string: value).integerValue
        default: 0
        }
    }

    public func float(forKey defaultName: String) -> Float {
        if case .float(let value) = value(forKey: defaultName) { return value }
        return Float(double(forKey: defaultName))
    }

    public func double(forKey defaultName: String) -> Double {
        switch value(forKey: defaultName) {
        case .double(let value): value
        case .float(let value): Double(value)
        case .integer(let value): Double(value)
        case .unsignedInteger(let value): Double(value)
        case .bool(let value): value ? 1 : 0
        case .string(let value): NSString(string: value).doubleValue
        default: 0
        }
    }

    public func bool(forKey defaultName: String) -> Bool {
        switch value(forKey: defaultName) {
        case .bool(let value): value
        case .integer(let value): value != 0
        case .unsignedInteger(let value): value != 0
        case .double(let value): value != 0
        case .float(let value): value != 0
        case .string(let value): NSString(string: value).boolValue
        default: false
        }
    }

    public func url(forKey defaultName: String) -> URL? {
        switch value(forKey: defaultName) {
        case .url(let url): url
        case .string(let path): URL(fileURLWithPath: NSString(string: path).expandingTildeInPath)
        default: nil
        }
    }

    /// Every visible key and value: registered defaults, overlaid by the global domain, overlaid by
    /// stored values.
    ///
    /// - Returns: Registered defaults, overlaid by the global domain, overlaid by stored values.
    public func dictionaryRepresentation() -> [String: Any] {
        let (stored, registered) = state.withLock { ($0.stored, $0.registered) }
        return
            registered
            .merging(globalDomain) { _, global in global }
            .merging(stored) { _, storedValue in storedValue }
            .mapValues(\.anyValue)
    }

    // MARK: Setters

    /// Stores a property-list value, or removes the key for nil.
    ///
    /// Any value that is not a property list is not stored and is recorded in ``misuses``.
    ///
    /// - Parameters:
    ///   - value: The value.
    ///   - defaultName: The key.
    public func set(_ value: Any?, forKey defaultName: String) {
        guard let value else {
            removeObject(forKey: defaultName)
            return
        }
        guard let converted = PropertyListValue(value) else {
            let message =
                "set(_:forKey: \"\(defaultName)\") was given a \(type(of: value)), which is not a property-list value "
                + "(UserDefaults raises an exception)\(Self.whyNotPropertyList(value)); store Data, e.g. with set(encoded:forKey:)"
            misuseLog.record(message)
            return
        }
        store(converted, forKey: defaultName)
    }

    /// Stores a URL, or removes the key for nil.
    ///
    /// - Parameters:
    ///   - url: The URL.
    ///   - defaultName: The key.
    public func set(_ url: URL?, forKey defaultName: String) {
        guard let url else {
            removeObject(forKey: defaultName)
            return
        }
        store(.url(url), forKey: defaultName)
    }

    /// Removes the stored value and records the removal.
    ///
    /// - Parameter defaultName: The key.
    public func removeObject(forKey defaultName: String) {
        state.withLock { state in
            state.stored[defaultName] = nil
            state.writes.append(KeyValueStoreWrite(key: defaultName, value: nil))
        }
    }

    /// Registers defaults, which are not recorded as writes.
    ///
    /// Values that are not property lists are recorded in ``misuses``.
    ///
    /// - Parameter registrationDictionary: The defaults.
    public func register(defaults registrationDictionary: [String: Any]) {
        let rejected = state.withLock { state in
            var rejected: [String] = []
            for (key, value) in registrationDictionary {
                if let converted = PropertyListValue(value) {
                    state.registered[key] = converted
                } else {
                    rejected.append(
                        "register(defaults:) was given a \(type(of: value)) for \"\(key)\", which is not a property-list value"
                            + Self.whyNotPropertyList(value))
                }
            }
            return rejected
        }
        for misuse in rejected { misuseLog.record(misuse) }
    }

    // MARK: Internals

    private func value(forKey key: String) -> PropertyListValue? {
        state.withLock { $0.stored[key] ?? globalDomain[key] ?? $0.registered[key] }
    }

    private func store(_ value: PropertyListValue, forKey key: String) {
        state.withLock { state in
            state.stored[key] = value
            state.writes.append(KeyValueStoreWrite(key: key, value: value))
        }
    }

    /// Where a rejected value stops being a property list, for the misuse message: the first
    /// element of a container that is not one, or the way to remove a key for `NSNull`.
    private static func whyNotPropertyList(_ value: Any) -> String {
        if value is NSNull { return "; NSNull is not a property-list value: to remove the key, call removeObject(forKey:)" }
        guard let path = firstNonPropertyListElement(in: value) else { return "" }
        return "; the element at \(path.path) is a \(path.type)"
    }

    private static func firstNonPropertyListElement(in value: Any) -> (path: String, type: String)? {
        let children: [(String, Any)]
        if let array = value as? [Any] {
            children = array.enumerated().map { ("[\($0.offset)]", $0.element) }
        } else if let dictionary = value as? [String: Any] {
            children = dictionary.sorted { $0.key < $1.key }.map { ("[\"\($0.key)\"]", $0.value) }
        } else {
            return nil
        }
        for (index, child) in children where PropertyListValue(child) == nil {
            guard let inner = firstNonPropertyListElement(in: child) else { return (index, "\(type(of: child))") }
            return (index + inner.path, inner.type)
        }
        return nil
    }

    /// `NSNumber.stringValue` on Apple: an integral floating-point value has no ".0".
    private static func numberText(_ description: String) -> String {
        description.hasSuffix(".0") ? String(description.dropLast(2)) : description
    }

    private static func truncated(_ value: Double) -> Int {
        guard value.isFinite, value > Double(Int.min), value < Double(Int.max) else { return 0 }
        return Int(value.rounded(.towardZero))
    }
}
