import Fixtures
import Foundation
import Testing

@Suite("FixtureLoader.decode(_:named:decoder:substituting:)")
struct FixtureLoaderDecodeTests {
    let fixtures = FixtureLoader.tests

    @Test("Decodes a JSON fixture as the type asked for")
    func decodesType() throws {
        let catalog = try fixtures.decode(FixtureCatalog.self, named: "catalog.json")
        #expect(
            catalog
                == FixtureCatalog(
                    books: [
                        FixtureBook(id: 1, title: "Dune", pageCount: 412, tags: ["sci-fi", "classic"]),
                        FixtureBook(id: 2, title: "Emma", pageCount: 474, tags: ["classic"]),
                    ],
                    nextPage: 2
                ))
    }

    @Test("Infers the type from the result and finds a nested fixture without its extension")
    func infersType() throws {
        let feed: FixtureCatalog = try fixtures.decode(named: "Catalog/feed")
        #expect(feed.books.map(\.title) == ["Middlemarch"])
    }

    /// `book.json`'s `"id": 7`, read as a date: what it means depends on the decoder.
    struct IDAsDate: Decodable { var id: Date }

    @Test("Uses the decoder passed to the call")
    func usesGivenDecoder() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let stamp = try fixtures.decode(IDAsDate.self, named: "book.json", decoder: decoder)
        #expect(stamp.id == Date(timeIntervalSince1970: 7))
    }

    static func secondsDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        return decoder
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Uses the loader's decoder when the call passes none")
    func usesLoaderDecoder() throws {
        let loader = FixtureLoader(bundle: .module, decoder: Self.secondsDecoder())
        #expect(try loader.decode(IDAsDate.self, named: "book.json").id == Date(timeIntervalSince1970: 7))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A decoder given as is is read once and shared by every decode")
    func sharesGivenDecoder() {
        let decoder = Self.secondsDecoder()
        let loader = FixtureLoader(directory: FixtureLoader(bundle: .module).directory, decoder: decoder)
        #expect(loader.decoder === decoder)
        #expect(loader.decoder === loader.decoder)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    @Test("A decoder configured from main-actor state, such as a shared static formatter, can be given as is")
    func mainActorConfiguredDecoder() throws {
        let loader = FixtureLoader(bundle: .module, decoder: .clientAPI)
        #expect(try loader.decode(IDAsDate.self, named: "book.json").id == Date(timeIntervalSince1970: 7))
    }

    @Test("makeDecoder makes a new decoder for each decode, so no decoder is shared between tests")
    func makesNewDecoderEachTime() {
        let loader = FixtureLoader(bundle: .module, makeDecoder: { Self.secondsDecoder() })
        #expect(loader.decoder !== loader.decoder)
        #expect(loader.decoder.dateDecodingStrategy.isSecondsSince1970)
    }

    @Test("Uses a plain JSONDecoder by default")
    func defaultDecoder() throws {
        #expect(try fixtures.decode(IDAsDate.self, named: "book.json").id == Date(timeIntervalSinceReferenceDate: 7))
    }

    @Test("A syntax error on line 7 is reported at line 7 and its column, with what was wrong")
    func syntaxErrorLine() {
        let error = #expect(throws: FixtureError.self) { try fixtures.decode(FixtureCatalog.self, named: "bad-syntax.json") }
        #expect(
            error?.kind
                == .invalidJSON(
                    line: 7, column: 16,
                    reason: "expected a value, found 'sci-fi' (strings need double quotes; the literals are true, false and null)"
                ))
        #expect(
            error?.message == "Fixture \"bad-syntax.json\" is not valid JSON (decoding FixtureCatalog): line 7, column 16: "
                + "expected a value, found 'sci-fi' (strings need double quotes; the literals are true, false and null)."
                + "\n    7 |       \"tags\": [sci-fi]"
                + "\n      |                ^")
    }

    @Test("A missing comma is reported where the next member starts, suggesting the comma")
    func missingComma() {
        let error = #expect(throws: FixtureError.self) { try fixtures.decode(FixtureBook.self, named: "missing-comma.json") }
        #expect(
            error?.kind
                == .invalidJSON(
                    line: 4, column: 3,
                    reason: "expected ',' or '}' after the object member, found '\"'; is a ',' missing at the end of the line before?"
                ))
    }

    @Test("A value of the wrong type names the type, the coding path with its line, and what was expected")
    func wrongType() {
        let error = #expect(throws: FixtureError.self) { try fixtures.decode(FixtureCatalog.self, named: "wrong-type.json") }
        guard case .decodingFailed(let type, let path, let line, let column, let reason)? = error?.kind else {
            Issue.record("Expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(type == "FixtureCatalog")
        #expect(path == "books[1].pageCount")
        #expect(line == 4)
        #expect(column == 46)
        #expect(reason.hasPrefix("expected a value of type Int ("))
        #expect(
            error?.message.hasPrefix(
                "Could not decode FixtureCatalog from fixture \"wrong-type.json\": at books[1].pageCount (line 4, column 46): expected a value of type Int ("
            ) == true)
    }

    @Test("A missing key names the key and the object that lacks it, with the object's line")
    func missingKey() {
        let error = #expect(throws: FixtureError.self) { try fixtures.decode(FixtureCatalog.self, named: "missing-key.json") }
        #expect(
            error?.kind
                == .decodingFailed(
                    type: "FixtureCatalog", codingPath: "books[0]", line: 3, column: 5, reason: "the object has no key \"title\""
                ))
        #expect(
            error?.message == "Could not decode FixtureCatalog from fixture \"missing-key.json\": at books[0] (line 3, column 5): "
                + "the object has no key \"title\"."
                + "\n    3 |     {"
                + "\n      |     ^")
    }

    @Test("Decoding the wrong top-level shape names the top level")
    func wrongTopLevel() {
        let error = #expect(throws: FixtureError.self) { try fixtures.decode(FixtureCatalog.self, named: "numbers.json") }
        guard case .decodingFailed(_, let path, let line, let column, _)? = error?.kind else {
            Issue.record("Expected a decoding failure, got \(String(describing: error))")
            return
        }
        #expect(path == "the top level")
        #expect(line == 1)
        #expect(column == 1)
    }

    @Test("A fixture with unfilled placeholders decoded without values says it is a template")
    func templateWithoutValues() {
        let error = #expect(throws: FixtureError.self) { try fixtures.decode(FixtureBook.self, named: "book-template.json") }
        #expect(
            error?.message.contains(
                "The fixture is a template ({{id}} on line 2): pass its values with `substituting:`."
            ) == true)
    }
}

@Suite("FixtureLoader.jsonObject(named:) and its dictionary and array forms")
struct FixtureLoaderJSONObjectTests {
    let fixtures = FixtureLoader.tests

    @Test("Reads a JSON object as a dictionary")
    func dictionary() throws {
        let book = try fixtures.jsonDictionary(named: "book.json")
        #expect(book["title"] as? String == "Café Society")
        #expect(book["pageCount"] as? Int == 288)
    }

    @Test("Reads a JSON array as an array")
    func array() throws {
        #expect(try fixtures.jsonArray(named: "numbers.json").compactMap { $0 as? Int } == [1, 2, 3])
    }

    @Test("Reads any top-level value")
    func anyValue() throws {
        #expect(try fixtures.jsonObject(named: "numbers") is [Any])
    }

    @Test("Asking for an object where the fixture holds an array names both")
    func wrongShape() {
        let error = #expect(throws: FixtureError.self) { try fixtures.jsonDictionary(named: "numbers.json") }
        #expect(error?.kind == .unexpectedJSONType(expected: "an object", found: "an array"))
        #expect(error?.message == "Fixture \"numbers.json\" holds an array at its top level, not an object as asked.")
    }

    @Test("Asking for an array where the fixture holds an object names both")
    func wrongShapeArray() {
        let error = #expect(throws: FixtureError.self) { try fixtures.jsonArray(named: "book.json") }
        #expect(error?.kind == .unexpectedJSONType(expected: "an array", found: "an object"))
    }

    @Test("A syntax error on line 7 is reported at line 7")
    func syntaxError() {
        let error = #expect(throws: FixtureError.self) { try fixtures.jsonObject(named: "bad-syntax.json") }
        guard case .invalidJSON(let line, let column, _)? = error?.kind else {
            Issue.record("Expected a JSON syntax error, got \(String(describing: error))")
            return
        }
        #expect(line == 7)
        #expect(column == 16)
        #expect(
            error?.message.hasPrefix("Fixture \"bad-syntax.json\" is not valid JSON (reading a JSON object): line 7, column 16:") == true)
    }
}

/// A client's decoding settings kept in main-actor state, as apps keep a shared date formatter.
@MainActor
enum ClientDecodingSettings {
    static var dates = JSONDecoder.DateDecodingStrategy.secondsSince1970
}

extension JSONDecoder {
    /// A decoder configured from main-actor state.
    @MainActor
    static var clientAPI: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = ClientDecodingSettings.dates
        return decoder
    }
}

extension JSONDecoder.DateDecodingStrategy {
    /// Whether this is `.secondsSince1970`.
    var isSecondsSince1970: Bool {
        if case .secondsSince1970 = self { return true }
        return false
    }
}
