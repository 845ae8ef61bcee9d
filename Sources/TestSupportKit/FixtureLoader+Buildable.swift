import Fixtures
import Foundation
import TestBuilders

extension FixtureLoader {
    /// Decodes a model from a fixture and then changes it, so a recorded API response becomes the
    /// starting point of a builder.
    ///
    /// The model is changed by `configure`.
    ///
    /// ```swift
    /// let fixtures = FixtureLoader.bookshelfAPI
    /// let finished = try fixtures.build(Book.self, named: "book.json") {
    ///     $0.status = .finished
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - type: The model type; inferred from the result when omitted.
    ///   - name: The fixture's name, with or without extension.
    ///   - decoder: The decoder to use instead of the loader's own.
    ///   - values: Values for the fixture's `{{placeholders}}`; `nil` for a plain fixture.
    ///   - configure: Changes the decoded value; the default changes nothing.
    /// - Returns: The decoded and changed value.
    /// - Throws: A [`FixtureError`](https://swiftpackageindex.com/testsupportkit/TestSupportKit/documentation/fixtures/fixtureerror) naming what is missing or malformed, or what `configure` throws.
    public func build<Value: Decodable & Buildable>(
        _ type: Value.Type = Value.self,
        named name: String,
        decoder: JSONDecoder? = nil,
        substituting values: [String: String]? = nil,
        _ configure: (inout Value) throws -> Void = { _ in }
    ) throws -> Value {
        try decode(type, named: name, decoder: decoder, substituting: values).with(configure)
    }
}
