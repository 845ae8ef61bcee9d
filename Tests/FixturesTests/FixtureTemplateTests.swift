import Fixtures
import Foundation
import Testing

@Suite("Templated fixtures: the substituting parameter")
struct FixtureTemplateTests {
    let fixtures = FixtureLoader.tests
    let values = ["id": "42", "title": "Kindred", "tag": "sci-fi"]

    @Test("Fills every placeholder, with or without spaces inside the braces, before decoding")
    func fillsBeforeDecoding() throws {
        let book = try fixtures.decode(FixtureBook.self, named: "book-template.json", substituting: values)
        #expect(book == FixtureBook(id: 42, title: "Kindred", pageCount: 100, tags: ["sci-fi"]))
    }

    @Test("Fills placeholders in the bytes, for use as an HTTP body")
    func fillsData() throws {
        let data = try fixtures.data(named: "book-template.json", substituting: values)
        #expect(
            String(decoding: data, as: UTF8.self)
                == "{\n  \"id\": 42,\n  \"title\": \"Kindred\",\n  \"pageCount\": 100,\n  \"tags\": [\"sci-fi\"]\n}\n")
    }

    @Test("Fills placeholders in text")
    func fillsString() throws {
        let text = try fixtures.string(named: "book-template", substituting: values)
        #expect(text.contains("\"title\": \"Kindred\""))
    }

    @Test("Fills placeholders before reading a JSON object")
    func fillsJSONObject() throws {
        let book = try fixtures.jsonDictionary(named: "book-template.json", substituting: values)
        #expect(book["id"] as? Int == 42)
    }

    @Test("Without values the bytes are returned as they are")
    func untouchedWithoutValues() throws {
        let data = try fixtures.data(named: "book-template.json")
        #expect(String(decoding: data, as: UTF8.self).contains("\"id\": {{id}},"))
    }

    @Test("A placeholder left without a value fails naming it, its line, and the values given")
    func unfilledPlaceholder() {
        let error = #expect(throws: FixtureError.self) {
            try fixtures.data(named: "book-template.json", substituting: ["id": "42", "tittle": "Kindred", "tag": "x"])
        }
        #expect(error?.kind == .unfilledPlaceholders([FixtureError.Placeholder(name: "title", line: 3, column: 13)]))
        #expect(
            error?.message == "Fixture \"book-template.json\" has placeholders left unfilled: {{title}} on line 3; "
                + "give a value for each (values were given for: \"id\", \"tag\", \"tittle\").")
    }

    @Test("Every unfilled placeholder is named, in order")
    func everyUnfilledPlaceholder() {
        let error = #expect(throws: FixtureError.self) {
            try fixtures.decode(FixtureBook.self, named: "book-template.json", substituting: [:])
        }
        #expect(
            error?.kind
                == .unfilledPlaceholders([
                    FixtureError.Placeholder(name: "id", line: 2, column: 9),
                    FixtureError.Placeholder(name: "title", line: 3, column: 13),
                    FixtureError.Placeholder(name: "tag", line: 5, column: 13),
                ]))
        #expect(error?.message.hasSuffix("(values were given for: none).") == true)
    }

    @Test("Values for names the template does not use are ignored")
    func extraValuesIgnored() throws {
        var extended = values
        extended["unused"] = "value"
        #expect(try fixtures.decode(FixtureBook.self, named: "book-template.json", substituting: extended).id == 42)
    }
}
