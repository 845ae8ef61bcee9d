/// A 1-based line and column in a JSON file's text, computed from a byte offset.
///
/// Lines end at `\n`, `\r\n` or `\r`. The column counts Unicode scalars from the start of the
/// line (continuation bytes of a multi-byte UTF-8 sequence do not count), which is what editors
/// show for ASCII and most text.
package struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The position of the byte at `offset` in `bytes`; an offset at or past the end gives the
    /// position just after the last byte.
    package init(offset: Int, in bytes: [UInt8]) {
        var line = 1
        var column = 1
        var index = 0
        let end = min(max(offset, 0), bytes.count)
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte == UInt8(ascii: "\r") {
                let isCRLF = index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")
                if !isCRLF {
                    line += 1
                    column = 1
                }
            } else if byte & 0b1100_0000 != 0b1000_0000 {
                column += 1
            }
            index += 1
        }
        self.line = line
        self.column = column
    }

    package var description: String { "line \(line), column \(column)" }
}
