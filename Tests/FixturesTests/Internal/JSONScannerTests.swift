import TestSupportCore
import Testing

@testable import Fixtures

@Suite("JSONScanner.firstProblem(in:)")
struct JSONScannerFirstProblemTests {
    private func problem(_ json: String) -> (position: TextPosition, reason: String)? {
        let bytes = Array(json.utf8)
        return JSONScanner.firstProblem(in: bytes).map { (TextPosition(offset: $0.offset, in: bytes), $0.reason) }
    }

    @Test(
        "Valid JSON has no problem",
        arguments: [
            "{}", "[]", "0", "-1.5e+10", "\"text\"", "true", "false", "null", " {\"a\": [1, {\"b\": null}], \"c\": \"\\u00e9\\n\"} ",
            "\u{FEFF}{\"withByteOrderMark\": true}",
        ])
    func validJSON(json: String) {
        #expect(problem(json) == nil)
    }

    @Test(
        "Each syntax error is found at its line and column with what was wrong",
        arguments: [
            ("", 1, 1, "the file holds no JSON value"),
            ("{\n  \"a\": 1,\n}", 3, 1, "expected a key in double quotes after ',', found '}' (a trailing comma)"),
            ("[1, 2,]", 1, 7, "expected a value after ',', found ']' (a trailing comma)"),
            ("{\"a\" 1}", 1, 6, "expected ':' after the key \"a\", found '1'"),
            ("{a: 1}", 1, 2, "expected a key in double quotes, found 'a'"),
            ("[1 2]", 1, 4, "expected ',' or ']' after the array element, found '2'"),
            ("{\"a\": \"unterminated}", 1, 7, "the string starting here is never closed"),
            ("{\"a\": \"line\nbreak\"}", 1, 7, "the string starting here is not closed before the end of the line"),
            ("[\"bad \\q escape\"]", 1, 7, "invalid escape sequence '\\q' in a string"),
            ("[01]", 1, 2, "a number must not start with a leading zero"),
            ("[1.]", 1, 4, "a number needs a digit after '.'"),
            ("[-]", 1, 2, "a number needs a digit after '-'"),
            ("[1e]", 1, 4, "a number needs a digit in its exponent"),
            ("[tru]", 1, 2, "expected a value, found 'tru'"),
            ("[nulls]", 1, 2, "expected a value, found 'nulls'"),
            ("{} {}", 1, 4, "unexpected '{' after the end of the JSON value"),
            ("[1,\n  @]", 2, 3, "expected a value (an object, array, string in double quotes, number, true, false or null), found '@'"),
            ("{\"café\": x}", 1, 10, "expected a value, found 'x'"),
            ("[1", 1, 3, "expected ',' or ']' after the array element, found the end of the file"),
        ] as [(String, Int, Int, String)])
    func syntaxErrors(json: String, line: Int, column: Int, reason: String) throws {
        let found = try #require(problem(json))
        #expect(found.position == TextPosition(line: line, column: column))
        #expect(found.reason.hasPrefix(reason), "got \(found.reason)")
    }

    @Test("Nesting deeper than the limit is a problem, not a crash")
    func deepNesting() throws {
        let json = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        let found = try #require(problem(json))
        #expect(found.reason == "the JSON nests deeper than 512 levels")
    }
}

@Suite("JSONScanner.offset(of:in:)")
struct JSONScannerOffsetTests {
    let json = Array("{\n  \"books\": [\n    {\"id\": 1},\n    {\"id\": 2, \"title\": \"Emma\"}\n  ]\n}".utf8)

    @Test("Finds the value at a path of keys and indices")
    func findsValue() throws {
        let offset = try #require(JSONScanner.offset(of: [.key("books"), .index(1), .key("title")], in: json))
        #expect(TextPosition(offset: offset, in: json) == TextPosition(line: 4, column: 24))
    }

    @Test("The empty path is the top-level value")
    func topLevel() {
        #expect(JSONScanner.offset(of: [], in: json) == 0)
    }

    @Test("A path that does not exist has no offset")
    func missingPath() {
        #expect(JSONScanner.offset(of: [.key("books"), .index(5)], in: json) == nil)
    }
}

@Suite("TextPosition(offset:in:)")
struct TextPositionTests {
    @Test(
        "Counts lines ending in LF, CRLF and CR, and columns in characters",
        arguments: [
            ("a\nbc", 3, 2, 2),
            ("a\r\nbc", 4, 2, 2),
            ("a\rbc", 3, 2, 2),
            ("é\nxé!", 6, 2, 3),
            ("abc", 99, 1, 4),
        ] as [(String, Int, Int, Int)])
    func position(text: String, offset: Int, line: Int, column: Int) {
        #expect(TextPosition(offset: offset, in: Array(text.utf8)) == TextPosition(line: line, column: column))
    }
}
