import Foundation
import TestSupportCore

/// A fixture loader that reports each failure as a test failure at the caller's line and returns
/// nothing, instead of throwing.
///
/// A ``FixtureLoader`` that returns `nil` where the throwing one throws.
///
/// Get one from ``FixtureLoader/reporting``. Pair it with `try #require(…)` or
/// `try XCTUnwrap(…)` to stop the test, or with `guard let` to carry on:
///
/// ```swift
/// @Test("A catalog page decodes its books")
/// func catalogPage() throws {
///     let fixtures = FixtureLoader.bookshelfAPI
///     let page = try #require(
///         fixtures.reporting.decode(CatalogPage.self, named: "catlog.json"))
///     // fails on the line above: No fixture named "catlog.json" in
///     // bundle "…",
///     // subdirectory "Fixtures" (…). Did you mean "catalog.json"?
/// }
/// ```
public struct ReportingFixtureLoader: Sendable, CustomStringConvertible {
    /// The loader whose errors this one reports.
    public let loader: FixtureLoader

    /// Wraps a throwing loader; ``FixtureLoader/reporting`` is the public way to get one.
    init(loader: FixtureLoader) {
        self.loader = loader
    }

    /// The loader and where it looks, as test failures show it.
    ///
    /// `FixtureLoader(<where it looks>).reporting`.
    public var description: String { "\(loader).reporting" }

    /// The names of every fixture, or nothing after reporting that the directory does not exist.
    ///
    /// - Parameters:
    ///   - folder: A folder to list instead of the whole directory.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The sorted names, or `nil` after a reported failure.
    public func names(
        under folder: String? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [String]? {
        reportingFailure(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { () throws(FixtureError) in
            try loader.names(under: folder)
        }
    }

    /// The file URL of a fixture, or nothing after reporting why there is none.
    ///
    /// - Parameters:
    ///   - name: The fixture's name.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The URL, or `nil` after a reported failure.
    public func url(
        named name: String,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> URL? {
        reportingFailure(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { () throws(FixtureError) in
            try loader.url(named: name)
        }
    }

    /// The bytes of a fixture, placeholders filled, or nothing after reporting what went wrong.
    ///
    /// ```swift
    /// let fixtures = FixtureLoader.bookshelfAPI
    /// let body = try #require(
    ///     fixtures.reporting.data(
    ///         named: "book-template.json", substituting: ["id": "7"]))
    /// ```
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The bytes, or `nil` after a reported failure.
    public func data(
        named name: String,
        substituting values: [String: String]? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Data? {
        reportingFailure(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { () throws(FixtureError) in
            try loader.data(named: name, substituting: values)
        }
    }

    /// The text of a fixture, or nothing after reporting what went wrong.
    ///
    /// What can go wrong includes bytes that are not valid in `encoding`.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension.
    ///   - encoding: The text encoding; UTF-8 by default.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The text, or `nil` after a reported failure.
    public func string(
        named name: String,
        encoding: String.Encoding = .utf8,
        substituting values: [String: String]? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> String? {
        reportingFailure(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { () throws(FixtureError) in
            try loader.string(named: name, encoding: encoding, substituting: values)
        }
    }

    /// A JSON fixture decoded as a type, or nothing after reporting what went wrong.
    ///
    /// What can go wrong: a missing fixture, a syntax error with its line and column, a coding path
    /// that does not match.
    ///
    /// - Parameters:
    ///   - type: The type to decode; inferred when the result's type is known.
    ///   - name: The fixture's name, with or without extension.
    ///   - decoder: The decoder to use; the loader's decoder by default.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The decoded value, or `nil` after a reported failure.
    public func decode<Value: Decodable>(
        _ type: Value.Type = Value.self,
        named name: String,
        decoder: JSONDecoder? = nil,
        substituting values: [String: String]? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Value? {
        reportingFailure(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { () throws(FixtureError) in
            try loader.decode(type, named: name, decoder: decoder, substituting: values)
        }
    }

    /// A JSON fixture as Foundation objects, or nothing after reporting what went wrong.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The top-level JSON value, or `nil` after a reported failure.
    public func jsonObject(
        named name: String,
        substituting values: [String: String]? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> Any? {
        reportingFailure(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { () throws(FixtureError) in
            try loader.jsonObject(named: name, substituting: values)
        }
    }

    /// A JSON fixture whose top level is an object, or nothing after reporting what went wrong.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The top-level object, or `nil` after a reported failure.
    public func jsonDictionary(
        named name: String,
        substituting values: [String: String]? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [String: Any]? {
        reportingFailure(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { () throws(FixtureError) in
            try loader.jsonDictionary(named: name, substituting: values)
        }
    }

    /// A JSON fixture whose top level is an array, or nothing after reporting what went wrong.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The top-level array, or `nil` after a reported failure.
    public func jsonArray(
        named name: String,
        substituting values: [String: String]? = nil,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> [Any]? {
        reportingFailure(at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)) { () throws(FixtureError) in
            try loader.jsonArray(named: name, substituting: values)
        }
    }

    private func reportingFailure<Value>(at callSite: CallSite, _ body: () throws(FixtureError) -> Value) -> Value? {
        do {
            return try body()
        } catch {
            FailureReporter.report(error.message, at: callSite)
            return nil
        }
    }
}
