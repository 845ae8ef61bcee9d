/// Fills `{{name}}` placeholders in a fixture's bytes.
///
/// A placeholder is `{{`, optional spaces, a name of letters, digits, `_`, `-` or `.`, optional
/// spaces, then `}}`. Anything else between double braces is left as it is.
enum PlaceholderFiller {
    /// A placeholder found in the text and where it starts.
    struct Occurrence: Equatable {
        var name: String
        var range: Range<Int>
    }

    /// Every placeholder in `bytes`, in order.
    static func occurrences(in bytes: [UInt8]) -> [Occurrence] {
        var result: [Occurrence] = []
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "{"), bytes[index + 1] == UInt8(ascii: "{"),
                let occurrence = placeholder(startingAt: index, in: bytes)
            {
                result.append(occurrence)
                index = occurrence.range.upperBound
            } else {
                index += 1
            }
        }
        return result
    }

    /// `bytes` with every placeholder that has a value replaced by it, and the placeholders left
    /// without one.
    static func fill(_ bytes: [UInt8], with values: [String: String]) -> (filled: [UInt8], unfilled: [Occurrence]) {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var unfilled: [Occurrence] = []
        var copiedUpTo = 0
        for occurrence in occurrences(in: bytes) {
            guard let value = values[occurrence.name] else {
                unfilled.append(occurrence)
                continue
            }
            output.append(contentsOf: bytes[copiedUpTo..<occurrence.range.lowerBound])
            output.append(contentsOf: Array(value.utf8))
            copiedUpTo = occurrence.range.upperBound
        }
        output.append(contentsOf: bytes[copiedUpTo...])
        return (output, unfilled)
    }

    private static func placeholder(startingAt start: Int, in bytes: [UInt8]) -> Occurrence? {
        var index = start + 2
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        let nameStart = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        let nameEnd = index
        guard nameEnd > nameStart else { return nil }
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "}"), bytes[index + 1] == UInt8(ascii: "}") else {
            return nil
        }
        let name = String(decoding: bytes[nameStart..<nameEnd], as: UTF8.self)
        return Occurrence(name: name, range: start..<(index + 2))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "."):
            true
        default:
            false
        }
    }
}
