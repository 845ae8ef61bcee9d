import Foundation

extension FixtureLoader {
    /// Decodes a JSON fixture as a type, with its placeholders filled first when values are given.
    ///
    /// The placeholders are `{{name}}` markers, filled from `values`.
    ///
    /// ```swift
    /// let fixtures = FixtureLoader.bookshelfAPI
    /// let id = UUID()
    /// let page = try fixtures.decode(
    ///     CatalogPage.self, named: "Catalog/page-1.json")
    /// let book: Book = try fixtures.decode(
    ///     named: "book-template.json", substituting: ["id": id.uuidString])
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode; inferred when the result's type is known.
    ///   - name: The fixture's name, with or without extension.
    ///   - decoder: The decoder to use; the loader's ``decoder`` by default.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    /// - Returns: The decoded value.
    /// - Throws: ``FixtureError`` when the fixture is missing, is not valid JSON (with the line
    ///   and column in the file), does not match `type` (with the coding path, its line and what
    ///   was wrong), or a placeholder has no value.
    public func decode<Value: Decodable>(
        _ type: Value.Type = Value.self,
        named name: String,
        decoder: JSONDecoder? = nil,
        substituting values: [String: String]? = nil
    ) throws(FixtureError) -> Value {
        let data = try bytes(named: name, substituting: values)
        do {
            return try (decoder ?? makeDecoder()).decode(Value.self, from: data)
        } catch {
            throw JSONFailure.error(
                decoding: String(describing: Value.self),
                from: Array(data),
                fixture: name,
                searchLocation: searchLocation,
                templateHint: templateHint(for: data, substituted: values != nil),
                underlying: error
            )
        }
    }

    /// A JSON fixture as Foundation objects, for tests that inspect a payload without a model type.
    ///
    /// The objects are `[String: Any]`, `[Any]`, `String`, `NSNumber` and `NSNull`.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    /// - Returns: The top-level JSON value.
    /// - Throws: ``FixtureError`` when the fixture is missing, is not valid JSON (with the line
    ///   and column in the file), or a placeholder has no value.
    public func jsonObject(named name: String, substituting values: [String: String]? = nil) throws(FixtureError) -> Any {
        let data = try bytes(named: name, substituting: values)
        do {
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            let bytes = Array(data)
            let hint = templateHint(for: data, substituted: values != nil)
            if let syntax = JSONFailure.syntaxError(
                in: bytes, fixture: name, searchLocation: searchLocation, purpose: "reading a JSON object", templateHint: hint)
            {
                throw syntax
            }
            throw FixtureError(
                fixtureName: name,
                searchLocation: searchLocation,
                kind: .invalidJSON(line: 1, column: 1, reason: error.localizedDescription),
                message: "Fixture \"\(name)\" could not be read as JSON: \(error.localizedDescription).\(hint)"
            )
        }
    }

    /// A JSON fixture whose top level is an object, as a dictionary.
    ///
    /// ```swift
    /// let fixtures = FixtureLoader.bookshelfAPI
    /// let payload = try fixtures.jsonDictionary(named: "book.json")
    /// #expect(payload["status"] as? String == "reading")
    /// ```
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    /// - Returns: The top-level object.
    /// - Throws: ``FixtureError`` as ``jsonObject(named:substituting:)`` does, and when the top
    ///   level is not an object.
    public func jsonDictionary(named name: String, substituting values: [String: String]? = nil) throws(FixtureError) -> [String: Any] {
        let object = try jsonObject(named: name, substituting: values)
        guard let dictionary = object as? [String: Any] else {
            throw unexpectedJSONType(name, expected: "an object", found: object)
        }
        return dictionary
    }

    /// A JSON fixture whose top level is an array, as an array.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    /// - Returns: The top-level array.
    /// - Throws: ``FixtureError`` as ``jsonObject(named:substituting:)`` does, and when the top
    ///   level is not an array.
    public func jsonArray(named name: String, substituting values: [String: String]? = nil) throws(FixtureError) -> [Any] {
        let object = try jsonObject(named: name, substituting: values)
        guard let array = object as? [Any] else {
            throw unexpectedJSONType(name, expected: "an array", found: object)
        }
        return array
    }

    private func unexpectedJSONType(_ name: String, expected: String, found object: Any) -> FixtureError {
        let found: String
        switch object {
        case is [String: Any]: found = "an object"
        case is [Any]: found = "an array"
        case is String: found = "a string"
        case is NSNull: found = "null"
        default: found = "a number or boolean"
        }
        return FixtureError(
            fixtureName: name,
            searchLocation: searchLocation,
            kind: .unexpectedJSONType(expected: expected, found: found),
            message: "Fixture \"\(name)\" holds \(found) at its top level, not \(expected) as asked."
        )
    }
}
