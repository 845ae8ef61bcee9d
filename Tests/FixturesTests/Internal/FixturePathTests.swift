import Testing

@testable import Fixtures

@Suite("FixturePath.suggestions(for:in:)")
struct FixturePathSuggestionTests {
    let available = ["Catalog/feed.json", "book.json", "books.json", "catalog.json", "user.json"]

    @Test(
        "Suggests the closest names, closest first",
        arguments: [
            ("catlog.json", ["catalog.json"]),
            ("bok.json", ["book.json", "books.json"]),
            ("CATALOG.JSON", ["catalog.json"]),
            ("feed.json", ["Catalog/feed.json"]),
            ("catalg", ["catalog.json"]),
            ("invoice-list.json", []),
        ] as [(String, [String])])
    func suggestions(requested: String, expected: [String]) {
        #expect(FixturePath.suggestions(for: requested, in: available) == expected)
    }

    @Test("Gives at most three suggestions")
    func limit() {
        let names = ["a1.json", "a2.json", "a3.json", "a4.json"]
        #expect(FixturePath.suggestions(for: "a.json", in: names).count == 3)
    }
}

@Suite("PlaceholderFiller")
struct PlaceholderFillerTests {
    @Test("Leaves double braces that are not placeholders alone")
    func nonPlaceholders() {
        let text = Array("{{}} {{ two words }} {{ok}}".utf8)
        #expect(PlaceholderFiller.occurrences(in: text).map(\.name) == ["ok"])
        #expect(String(decoding: PlaceholderFiller.fill(text, with: ["ok": "1"]).filled, as: UTF8.self) == "{{}} {{ two words }} 1")
    }
}
