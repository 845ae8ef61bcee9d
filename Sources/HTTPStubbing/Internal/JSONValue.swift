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

    /// Compact JSON with sorted keys: the canonical form failure messages show, and the text of a
    /// JSON body a cassette rewrites.
    var description: String {
        var output = ""
        write(to: &output, indent: nil)
        return output
    }

    /// The document's text as a cassette file holds it: object keys sorted, two-space indentation,
    /// `"key": value`, a final newline, so the same cassette always has the same bytes on every
    /// platform.
    func text() -> String {
        var output = ""
        write(to: &output, indent: 0)
        return output + "\n"
    }

    private func write(to output: inout String, indent: Int?) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += Self.format(value)
        case .string(let value): Self.quote(value, into: &output)
        case .array(let values):
            guard !values.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (position, value) in values.enumerated() {
                if position > 0 { output += "," }
                Self.newline(&output, indent.map { $0 + 1 })
                value.write(to: &output, indent: indent.map { $0 + 1 })
            }
            Self.newline(&output, indent)
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (position, key) in members.keys.sorted().enumerated() {
                if position > 0 { output += "," }
                Self.newline(&output, indent.map { $0 + 1 })
                Self.quote(key, into: &output)
                output += indent == nil ? ":" : ": "
                members[key]?.write(to: &output, indent: indent.map { $0 + 1 })
            }
            Self.newline(&output, indent)
            output += "}"
        }
    }

    private static func newline(_ output: inout String, _ indent: Int?) {
        guard let indent else { return }
        output += "\n" + String(repeating: "  ", count: indent)
    }

    private static func format(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
        return "\(value)"
    }

    private static func quote(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
