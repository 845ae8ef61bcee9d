/// A small strict JSON (RFC 8259) reader that never builds values: it finds the first syntax
/// error with its byte offset, and the byte offset of the value at a coding path.
///
/// Foundation's JSON errors differ between Linux and Apple platforms and do not always carry a
/// position, so the fixture loader and the cassette reader run this scanner over the bytes once
/// decoding has failed and turn the offset into a line and column themselves.
package struct JSONScanner {
    /// A syntax error: where it is and what was wrong.
    package struct Problem: Error, Equatable {
        package var offset: Int
        package var reason: String

        package init(offset: Int, reason: String) {
            self.offset = offset
            self.reason = reason
        }
    }

    /// One step of a coding path: a member of an object or an element of an array.
    package enum PathComponent: Equatable {
        case key(String)
        case index(Int)
    }

    private struct Found: Error {
        var offset: Int
    }

    private static let maximumDepth = 512

    private let bytes: [UInt8]
    private var position = 0
    private let target: [PathComponent]?

    private init(bytes: [UInt8], target: [PathComponent]?) {
        self.bytes = bytes
        self.target = target
    }

    /// The first syntax error in `bytes`, or `nil` when they hold exactly one valid JSON value
    /// (surrounded by optional whitespace and an optional UTF-8 byte order mark).
    package static func firstProblem(in bytes: [UInt8]) -> Problem? {
        var scanner = JSONScanner(bytes: bytes, target: nil)
        do {
            try scanner.scanDocument()
            return nil
        } catch let problem as Problem {
            return problem
        } catch {
            return nil
        }
    }

    /// The byte offset where the value at `path` starts, or `nil` when the path does not exist
    /// or the text is not valid JSON before reaching it.
    package static func offset(of path: [PathComponent], in bytes: [UInt8]) -> Int? {
        var scanner = JSONScanner(bytes: bytes, target: path)
        do {
            try scanner.scanDocument()
            return nil
        } catch let found as Found {
            return found.offset
        } catch {
            return nil
        }
    }

    // MARK: Grammar

    private mutating func scanDocument() throws {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        skipWhitespace()
        guard position < bytes.count else {
            throw Problem(offset: position, reason: "the file holds no JSON value (it is empty or only whitespace)")
        }
        try scanValue(depth: 0, matched: 0)
        skipWhitespace()
        if position < bytes.count {
            throw Problem(offset: position, reason: "unexpected \(describeByte(at: position)) after the end of the JSON value")
        }
    }

    /// Scans one value. `matched` is how many leading components of the target path the path
    /// of this value equals (or -1 when it has left the target path).
    private mutating func scanValue(depth: Int, matched: Int) throws {
        skipWhitespace()
        if let target, matched == target.count {
            throw Found(offset: position)
        }
        guard depth < Self.maximumDepth else {
            throw Problem(offset: position, reason: "the JSON nests deeper than \(Self.maximumDepth) levels")
        }
        guard position < bytes.count else {
            throw Problem(offset: position, reason: "expected a value, found the end of the file")
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): try scanObject(depth: depth, matched: matched)
        case UInt8(ascii: "["): try scanArray(depth: depth, matched: matched)
        case UInt8(ascii: "\""): _ = try scanString(decoding: false)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try scanNumber()
        case UInt8(ascii: "t"): try scanLiteral("true")
        case UInt8(ascii: "f"): try scanLiteral("false")
        case UInt8(ascii: "n"): try scanLiteral("null")
        case UInt8(ascii: "]"), UInt8(ascii: "}"):
            throw Problem(offset: position, reason: "expected a value, found \(describeByte(at: position))")
        case let byte where isLetter(byte):
            throw unquotedWord(at: position)
        default:
            throw Problem(
                offset: position,
                reason: "expected a value (an object, array, string in double quotes, number, true, false or null), "
                    + "found \(describeByte(at: position))"
            )
        }
    }

    private mutating func scanObject(depth: Int, matched: Int) throws {
        position += 1  // {
        skipWhitespace()
        if peek(is: "}") {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            guard peek(is: "\"") else {
                if peek(is: "}") {
                    throw Problem(offset: position, reason: "expected a key in double quotes after ',', found '}' (a trailing comma)")
                }
                throw Problem(offset: position, reason: "expected a key in double quotes, found \(describeByte(at: position))")
            }
            let key = try scanString(decoding: true) ?? ""
            skipWhitespace()
            guard peek(is: ":") else {
                throw Problem(offset: position, reason: "expected ':' after the key \"\(key)\", found \(describeByte(at: position))")
            }
            position += 1
            try scanValue(depth: depth + 1, matched: childMatch(matched, .key(key)))
            skipWhitespace()
            if peek(is: ",") {
                position += 1
                continue
            }
            if peek(is: "}") {
                position += 1
                return
            }
            throw Problem(
                offset: position,
                reason: "expected ',' or '}' after the object member, found \(describeByte(at: position))" + missingCommaHint())
        }
    }

    private mutating func scanArray(depth: Int, matched: Int) throws {
        position += 1  // [
        skipWhitespace()
        if peek(is: "]") {
            position += 1
            return
        }
        var index = 0
        while true {
            skipWhitespace()
            if peek(is: "]") {
                throw Problem(offset: position, reason: "expected a value after ',', found ']' (a trailing comma)")
            }
            try scanValue(depth: depth + 1, matched: childMatch(matched, .index(index)))
            index += 1
            skipWhitespace()
            if peek(is: ",") {
                position += 1
                continue
            }
            if peek(is: "]") {
                position += 1
                return
            }
            throw Problem(
                offset: position,
                reason: "expected ',' or ']' after the array element, found \(describeByte(at: position))" + missingCommaHint())
        }
    }

    /// Scans a string starting at its opening quote; returns its decoded value when `decoding`.
    private mutating func scanString(decoding: Bool) throws -> String? {
        let start = position
        position += 1  // "
        var scalars = String.UnicodeScalarView()
        var rawStart = position
        func flushRaw(_ scanner: JSONScanner, upTo end: Int) {
            guard decoding, rawStart < end else { return }
            scalars.append(contentsOf: String(decoding: scanner.bytes[rawStart..<end], as: UTF8.self).unicodeScalars)
        }
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                flushRaw(self, upTo: position)
                position += 1
                return decoding ? String(scalars) : nil
            case UInt8(ascii: "\\"):
                flushRaw(self, upTo: position)
                position += 1
                guard position < bytes.count else { break }
                let escape = bytes[position]
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{08}")
                case UInt8(ascii: "f"): scalars.append("\u{0C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var value: UInt32 = 0
                    for digit in 1...4 {
                        guard position + digit < bytes.count, let nibble = hexValue(bytes[position + digit]) else {
                            throw Problem(offset: position - 1, reason: "a \\u escape needs four hexadecimal digits")
                        }
                        value = value << 4 | nibble
                    }
                    position += 4
                    if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
                default:
                    throw Problem(
                        offset: position - 1, reason: "invalid escape sequence '\\\(printable(escape) ?? "0x\(hex(escape))")' in a string")
                }
                position += 1
                rawStart = position
            case 0x00..<0x20:
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    throw Problem(offset: start, reason: "the string starting here is not closed before the end of the line")
                }
                throw Problem(offset: position, reason: "a control character (byte 0x\(hex(byte))) must be escaped inside a string")
            default:
                position += 1
            }
        }
        throw Problem(offset: start, reason: "the string starting here is never closed (no closing '\"')")
    }

    private mutating func scanNumber() throws {
        let start = position
        if peek(is: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw Problem(offset: start, reason: "a number needs a digit after '-'")
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) {
                throw Problem(offset: start, reason: "a number must not start with a leading zero")
            }
        } else {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if peek(is: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw Problem(offset: position, reason: "a number needs a digit after '.'")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
        if peek(is: "e") || peek(is: "E") {
            position += 1
            if peek(is: "+") || peek(is: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw Problem(offset: position, reason: "a number needs a digit in its exponent")
            }
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }
    }

    private mutating func scanLiteral(_ literal: String) throws {
        let start = position
        for expected in literal.utf8 {
            guard position < bytes.count, bytes[position] == expected else { throw unquotedWord(at: start) }
            position += 1
        }
        if position < bytes.count, isWordByte(bytes[position]) { throw unquotedWord(at: start) }
    }

    /// The error for a bare word where a value belongs, such as `reading` without quotes.
    private func unquotedWord(at start: Int) -> Problem {
        var end = start
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        let word = String(decoding: bytes[start..<max(end, start + 1)], as: UTF8.self)
        return Problem(
            offset: start,
            reason: "expected a value, found '\(word)' (strings need double quotes; the literals are true, false and null)"
        )
    }

    // MARK: Path matching

    private func childMatch(_ matched: Int, _ component: PathComponent) -> Int {
        guard let target, matched >= 0, matched < target.count else { return -1 }
        return target[matched] == component ? matched + 1 : -1
    }

    // MARK: Bytes

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func peek(is character: Unicode.Scalar) -> Bool {
        position < bytes.count && bytes[position] == UInt8(ascii: character)
    }

    /// When a separator is missing and the next token starts a later line, the comma most
    /// likely belongs at the end of the previous value's line.
    private func missingCommaHint() -> String {
        guard position < bytes.count else { return "" }
        var index = position - 1
        while index >= 0, bytes[index] == 0x20 || bytes[index] == 0x09 { index -= 1 }
        guard index >= 0, bytes[index] == 0x0A || bytes[index] == 0x0D else { return "" }
        return "; is a ',' missing at the end of the line before?"
    }

    private func describeByte(at offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the file" }
        return printable(bytes[offset]).map { "'\($0)'" } ?? "byte 0x\(hex(bytes[offset]))"
    }

    private func printable(_ byte: UInt8) -> String? {
        guard (0x21...0x7E).contains(byte) else { return nil }
        return String(UnicodeScalar(byte))
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    private func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private func isWordByte(_ byte: UInt8) -> Bool {
        isDigit(byte) || isLetter(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".") || byte >= 0x80
    }
}
