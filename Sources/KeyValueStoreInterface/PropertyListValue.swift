import Foundation

/// A sendable property-list value: what the key-value store fake stores and records.
///
/// A ``KeyValueStoreFake`` keeps its values and its record of writes in this form.
///
/// ```swift
/// let store = KeyValueStoreFake()
/// ReadingSettings(store: store).dailyGoalPages = 30
/// #expect(
///     store.writes.last
///         == KeyValueStoreWrite(key: "dailyGoalPages", value: .integer(30)))
/// ```
public indirect enum PropertyListValue: Sendable, Hashable, CustomStringConvertible {
    /// A string.
    case string(String)
    /// An integer, of any fixed-width integer type that fits, stored as user defaults store it.
    ///
    /// Any fixed-width integer type that fits is stored as `Int`, as `UserDefaults` does.
    case integer(Int)
    /// An unsigned integer too large for a signed one, which user defaults keep as an unsigned
    /// number.
    ///
    /// Above `Int.max`, such as `UInt64.max`: `UserDefaults` keeps it as an unsigned `NSNumber`.
    case unsignedInteger(UInt64)
    /// A double.
    case double(Double)
    /// A float.
    case float(Float)
    /// A Boolean.
    case bool(Bool)
    /// Raw bytes.
    case data(Data)
    /// A date.
    case date(Date)
    /// A URL stored with the setter for URLs.
    ///
    /// The setter is `set(_:forKey:)` for URLs.
    case url(URL)
    /// An array of property-list values.
    case array([PropertyListValue])
    /// A dictionary of property-list values.
    case dictionary([String: PropertyListValue])

    /// Converts a value user defaults accept, or returns nothing for anything that is not a
    /// property list.
    ///
    /// An `NSNumber` keeps its kind: a Boolean number (`NSNumber(value: true)`, whose type
    /// encoding is `c` or `B` with the value 0 or 1) becomes ``bool(_:)``, a floating-point one
    /// ``double(_:)`` or ``float(_:)``, an unsigned one above `Int.max` ``unsignedInteger(_:)``.
    ///
    /// - Parameter value: A string, number, Boolean, date, data, URL, or array or dictionary of
    ///   them.
    public init?(_ value: Any) {
        switch value {
        case let string as String: self = .string(string)
        case let bool as Bool where type(of: value) == Bool.self: self = .bool(bool)
        case let int as Int where type(of: value) == Int.self: self = .integer(int)
        case let double as Double where type(of: value) == Double.self: self = .double(double)
        case let float as Float where type(of: value) == Float.self: self = .float(float)
        case let integer as any BinaryInteger:
            if let int = Int(exactly: integer) {
                self = .integer(int)
            } else if let unsigned = UInt64(exactly: integer) {
                self = .unsignedInteger(unsigned)
            } else {
                return nil
            }
        case let data as Data: self = .data(data)
        case let date as Date: self = .date(date)
        case let url as URL: self = .url(url)
        case let number as NSNumber:
            self = Self(number: number)
        case let array as [Any]:
            var elements: [PropertyListValue] = []
            for element in array {
                guard let converted = PropertyListValue(element) else { return nil }
                elements.append(converted)
            }
            self = .array(elements)
        case let dictionary as [String: Any]:
            var entries: [String: PropertyListValue] = [:]
            for (key, element) in dictionary {
                guard let converted = PropertyListValue(element) else { return nil }
                entries[key] = converted
            }
            self = .dictionary(entries)
        default:
            return nil
        }
    }

    /// The value as user defaults hand it out on Apple platforms, with numbers and Booleans as
    /// bridged numbers.
    ///
    /// As `UserDefaults.object(forKey:)` hands it out: numbers and Booleans as `NSNumber`, so
    /// `as? Int`, `as? Double` and `as? Bool` follow `NSNumber` bridging (a stored `true` reads
    /// `as? Int` as 1; 2.5 reads `as? Int` as `nil`).
    public var anyValue: Any {
        switch self {
        case .string(let value): value
        case .integer(let value): NSNumber(value: value)
        case .unsignedInteger(let value): NSNumber(value: value)
        case .double(let value): NSNumber(value: value)
        case .float(let value): NSNumber(value: value)
        case .bool(let value): NSNumber(value: value)
        case .data(let value): value
        case .date(let value): value
        case .url(let value): value
        case .array(let values): values.map(\.anyValue)
        case .dictionary(let entries): entries.mapValues(\.anyValue)
        }
    }

    /// The value in a form like a Swift literal.
    ///
    /// Such as `"5"`, `5` or `true`.
    public var description: String {
        switch self {
        case .string(let value): "\"\(value)\""
        case .integer(let value): "\(value)"
        case .unsignedInteger(let value): "\(value)"
        case .double(let value): "\(value)"
        case .float(let value): "\(value) as Float"
        case .bool(let value): "\(value)"
        case .data(let value): "\(value.count) bytes"
        case .date(let value): "\(value)"
        case .url(let value): value.absoluteString
        case .array(let values): "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .dictionary(let entries):
            "[" + entries.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", ") + "]"
        }
    }

    private init(number: NSNumber) {
        let encoding = String(cString: number.objCType)
        let isZeroOrOne = number.int64Value == 0 || number.int64Value == 1
        switch encoding {
        case "d": self = .double(number.doubleValue)
        case "f": self = .float(number.floatValue)
        case "c" where isZeroOrOne, "B" where isZeroOrOne:
            // Apple's kCFBooleanTrue/False and Linux's Boolean numbers both encode as `c`.
            self = .bool(number.boolValue)
        case "Q", "L", "I", "S", "C":
            let unsigned = number.uint64Value
            self = Int(exactly: unsigned).map(Self.integer) ?? .unsignedInteger(unsigned)
        default:
            self = .integer(number.intValue)
        }
    }
}
