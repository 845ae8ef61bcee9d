import TestSupportCore
import Testing

@testable import Fixtures

@Suite("SourceExcerpt.render(_:in:)")
struct SourceExcerptTests {
    @Test("Shows the line with a caret under the column")
    func caretUnderColumn() {
        let bytes = Array("{\n  \"a\": x\n}".utf8)
        #expect(SourceExcerpt.render(TextPosition(line: 2, column: 8), in: bytes) == "\n    2 |   \"a\": x\n      |        ^")
    }

    @Test("Keeps tabs in the caret line so the caret stays under the column")
    func tabs() {
        let bytes = Array("\t\tx".utf8)
        #expect(SourceExcerpt.render(TextPosition(line: 1, column: 3), in: bytes) == "\n    1 | \t\tx\n      | \t\t^")
    }

    @Test("Shows a window of a long line around the column")
    func longLine() {
        let line = String(repeating: "a", count: 100) + "X" + String(repeating: "b", count: 100)
        let excerpt = SourceExcerpt.render(TextPosition(line: 1, column: 101), in: Array(line.utf8))
        let expectedLine = "…" + String(repeating: "a", count: 60) + "X" + String(repeating: "b", count: 59) + "…"
        #expect(excerpt == "\n    1 | \(expectedLine)\n      | " + String(repeating: " ", count: 61) + "^")
    }

    @Test("A line past the end gives no excerpt")
    func missingLine() {
        #expect(SourceExcerpt.render(TextPosition(line: 5, column: 1), in: Array("one line".utf8)) == "")
    }
}
