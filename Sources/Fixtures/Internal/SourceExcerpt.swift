import TestSupportCore

/// The line of a fixture that holds an error, with a caret under the column, for messages:
///
/// ```
///     7 |       "tags": [sci-fi]
///       |                ^
/// ```
enum SourceExcerpt {
    /// How many characters of a long line are shown on each side of the column.
    private static let window = 60

    /// The excerpt for `position` in `bytes`, starting with a newline; empty when the line
    /// cannot be found.
    static func render(_ position: TextPosition, in bytes: [UInt8]) -> String {
        guard let text = lineText(position.line, in: bytes) else { return "" }
        var scalars = Array(text.unicodeScalars)
        var caretIndex = min(max(position.column - 1, 0), scalars.count)
        var prefix = ""
        var suffix = ""
        if caretIndex > window {
            scalars.removeFirst(caretIndex - window)
            caretIndex = window
            prefix = "…"
        }
        if scalars.count > caretIndex + window {
            scalars.removeLast(scalars.count - caretIndex - window)
            suffix = "…"
        }
        let shown = prefix + String(String.UnicodeScalarView(scalars)) + suffix
        let padding = prefix + String(String.UnicodeScalarView(scalars.prefix(caretIndex).map { $0 == "\t" ? "\t" : " " }))
        let number = String(position.line)
        let gutter = String(repeating: " ", count: number.count)
        return "\n    \(number) | \(shown)\n    \(gutter) | \(padding.replacingFirstEllipsisWithSpace)^"
    }

    /// The text of the 1-based `line`, without its line break.
    private static func lineText(_ line: Int, in bytes: [UInt8]) -> String? {
        var current = 1
        var start = 0
        var index = 0
        while index < bytes.count, current < line {
            if bytes[index] == 0x0A {
                current += 1
                start = index + 1
            } else if bytes[index] == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                current += 1
                start = index + 1
            }
            index += 1
        }
        guard current == line else { return nil }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

private extension String {
    /// The caret line starts under the excerpt's leading "…" with a space instead.
    var replacingFirstEllipsisWithSpace: String {
        hasPrefix("…") ? " " + dropFirst() : self
    }
}
