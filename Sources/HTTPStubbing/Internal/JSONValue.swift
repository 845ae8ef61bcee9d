import Foundation

/// A parsed JSON document, compared by value: object key order and whitespace do not matter,
/// and numbers compare numerically (`1` equals `1.0`).
enum JSONValue: Equatable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Parses `data`, or returns `nil` when it is not JSON.
    static func parse(_ data: Data?) -> JSONValue? {
        guard let data else { return nil }
        return try? JSONDecoder().decode(JSONValue.self, from: data)
    }

    /// Compact JSON with sorted keys: the canonical form failure messages show.
    var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            if value.rounded() == value, abs(value) < 1e15 { return String(Int64(value)) }
            return String(value)
        case .string(let value): return Self.quoted(value)
        case .array(let values): return "[" + values.map(\.description).joined(separator: ",") + "]"
        case .object(let members):
            let body = members.sorted { $0.key < $1.key }
                .map { "\(Self.quoted($0.key)):\($0.value.description)" }
                .joined(separator: ",")
            return "{" + body + "}"
        }
    }

    private static func quoted(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        let encoded = (try? encoder.encode(text)).flatMap { String(data: $0, encoding: .utf8) }
        return encoded ?? "\"\(text)\""
    }
}
