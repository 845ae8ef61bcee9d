import Foundation

/// A property-list value, `Sendable`: what a ``KeyValueStoreFake`` stores and records.
///
/// ```swift
/// #expect(store.writes.last == KeyValueStoreWrite(key: "dailyGoalPages", value: .integer(30)))
/// ```
public indirect enum PropertyListValue: Sendable, Hashable, CustomStringConvertible {
    /// A string.
    case string(String)
    /// An integer (any fixed-width integer type is stored as `Int`, as `UserDefaults` does).
    case integer(Int)
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
    /// A URL stored with `set(_:forKey:)` for URLs.
    case url(URL)
    /// An array of property-list values.
    case array([PropertyListValue])
    /// A dictionary of property-list values.
    case dictionary([String: PropertyListValue])

    /// Converts a value `UserDefaults` accepts; `nil` for anything that is not a property list.
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
            guard let int = Int(exactly: integer) else { return nil }
            self = .integer(int)
        case let data as Data: self = .data(data)
        case let date as Date: self = .date(date)
        case let url as URL: self = .url(url)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            self = (type == "d" || type == "f") ? .double(number.doubleValue) : .integer(number.intValue)
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

    /// The value as `UserDefaults.object(forKey:)` would hand it out.
    public var anyValue: Any {
        switch self {
        case .string(let value): value
        case .integer(let value): value
        case .double(let value): value
        case .float(let value): value
        case .bool(let value): value
        case .data(let value): value
        case .date(let value): value
        case .url(let value): value
        case .array(let values): values.map(\.anyValue)
        case .dictionary(let entries): entries.mapValues(\.anyValue)
        }
    }

    /// The value in Swift literal-like form, such as `"5"`, `5` or `true`.
    public var description: String {
        switch self {
        case .string(let value): "\"\(value)\""
        case .integer(let value): "\(value)"
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
}
