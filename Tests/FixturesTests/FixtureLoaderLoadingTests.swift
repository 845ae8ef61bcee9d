import Fixtures
import Foundation
import Testing

@Suite("FixtureLoader.data(named:)")
struct FixtureLoaderDataTests {
    let fixtures = FixtureLoader.tests

    @Test("Returns the file's bytes for a name with its extension")
    func nameWithExtension() throws {
        let data = try fixtures.data(named: "greeting.txt")
        #expect(data == Data("Hello, café\n".utf8))
    }

    @Test("Finds the one file whose name is the requested name plus an extension")
    func nameWithoutExtension() throws {
        let data = try fixtures.data(named: "greeting")
        #expect(data == Data("Hello, café\n".utf8))
    }

    @Test("Reads a fixture from a nested folder")
    func nestedFolder() throws {
        let data = try fixtures.data(named: "Catalog/last-page.json")
        #expect(String(decoding: data, as: UTF8.self) == "{\n  \"books\": [],\n  \"nextPage\": null\n}\n")
    }

    @Test("Ignores a leading slash and doubled separators in the name")
    func normalisedName() throws {
        #expect(try fixtures.data(named: "/Catalog//last-page.json") == fixtures.data(named: "Catalog/last-page.json"))
    }

    @Test("A misspelt name fails naming the name, the bundle and subdirectory, and the closest name")
    func typoSuggestsClosestName() {
        let error = #expect(throws: FixtureError.self) { try fixtures.data(named: "catlog.json") }
        #expect(error?.kind == .notFound(suggestions: ["catalog.json"]))
        #expect(error?.message == "No fixture named \"catlog.json\" in \(fixtures.searchLocation). Did you mean \"catalog.json\"?")
        #expect(fixtures.searchLocation.contains("subdirectory \"Fixtures\""))
    }

    @Test("A name found only in a subfolder is suggested with its folder")
    func nameInSubfolderIsSuggested() {
        let error = #expect(throws: FixtureError.self) { try fixtures.data(named: "feed.json") }
        #expect(error?.kind == .notFound(suggestions: ["Catalog/feed.json"]))
    }

    @Test("A name that differs only in case fails on every platform and says names are case-sensitive")
    func caseMismatch() {
        let error = #expect(throws: FixtureError.self) { try fixtures.data(named: "Catalog.json") }
        #expect(error?.kind == .notFound(suggestions: ["catalog.json"]))
        #expect(error?.message.contains("Fixture names are case-sensitive") == true)
    }

    @Test("A name far from every fixture lists the fixtures that exist")
    func noCloseNameListsAvailable() {
        let error = #expect(throws: FixtureError.self) { try fixtures.data(named: "user-profile-response.json") }
        #expect(error?.kind == .notFound(suggestions: []))
        #expect(error?.message.contains("Available (14): \"Catalog/feed.json\", \"Catalog/last-page.json\", \"bad-syntax.json\"") == true)
    }

    @Test("A name without extension that matches several files fails listing them")
    func ambiguousName() {
        let error = #expect(throws: FixtureError.self) { try fixtures.data(named: "notes") }
        #expect(error?.kind == .ambiguousName(candidates: ["notes.md", "notes.txt"]))
        #expect(
            error?.message
                == "Fixture name \"notes\" is ambiguous in \(fixtures.searchLocation): it matches \"notes.md\" and \"notes.txt\"; add the extension to say which."
        )
    }
}

@Suite("FixtureLoader.names(under:)")
struct FixtureLoaderNamesTests {
    @Test("Lists every fixture as a sorted relative path, nested folders included")
    func listsAll() throws {
        let names = try FixtureLoader.tests.names()
        #expect(
            names == [
                "Catalog/feed.json", "Catalog/last-page.json", "bad-syntax.json", "book-template.json", "book.json",
                "catalog.json", "greeting.txt", "latin1.txt", "missing-comma.json", "missing-key.json", "notes.md",
                "notes.txt", "numbers.json", "wrong-type.json",
            ])
    }

    @Test("Lists one folder, keeping the folder in each name")
    func listsFolder() throws {
        #expect(try FixtureLoader.tests.names(under: "Catalog") == ["Catalog/feed.json", "Catalog/last-page.json"])
    }

    @Test("Every name it lists loads")
    func everyListedNameLoads() throws {
        let fixtures = FixtureLoader.tests
        for name in try fixtures.names() {
            #expect(throws: Never.self) { try fixtures.data(named: name) }
        }
    }

    @Test("A folder that does not exist lists nothing")
    func missingFolder() throws {
        #expect(try FixtureLoader.tests.names(under: "Nowhere") == [])
    }
}

@Suite("FixtureLoader.string(named:encoding:)")
struct FixtureLoaderStringTests {
    @Test("Decodes UTF-8 text")
    func utf8() throws {
        #expect(try FixtureLoader.tests.string(named: "greeting.txt") == "Hello, café\n")
    }

    @Test("Decodes text in the encoding asked for")
    func otherEncoding() throws {
        #expect(try FixtureLoader.tests.string(named: "latin1.txt", encoding: .isoLatin1) == "Bonjour\ncafé crème\n")
    }

    @Test("Bytes that are not UTF-8 fail naming the byte and its line and column")
    func invalidUTF8() {
        let error = #expect(throws: FixtureError.self) { try FixtureLoader.tests.string(named: "latin1.txt") }
        #expect(error?.kind == .invalidEncoding(encoding: "UTF-8", line: 2, column: 4))
        #expect(
            error?.message == "Fixture \"latin1.txt\" is not valid UTF-8: the byte 0xE9 at line 2, column 4 (offset 11) "
                + "does not belong to a UTF-8 sequence. Pass its real encoding to string(named:encoding:), or read it with data(named:).")
    }
}

@Suite("FixtureLoader.url(named:)")
struct FixtureLoaderURLTests {
    @Test("Returns the file URL inside the fixtures directory")
    func fileURL() throws {
        let fixtures = FixtureLoader.tests
        let url = try fixtures.url(named: "Catalog/feed")
        #expect(url.standardizedFileURL.path == fixtures.directory.appendingPathComponent("Catalog/feed.json").standardizedFileURL.path)
        #expect(FileManager.default.fileExists(atPath: url.path))
    }
}
