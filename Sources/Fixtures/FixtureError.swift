import Foundation

/// Why a fixture could not be loaded, with a message that says what was asked for, where the
/// loader looked and what exists.
///
/// Every throwing method of ``FixtureLoader`` throws this error; its ``message`` is written to be
/// fixed in one read:
///
/// ```swift
/// let fixtures = FixtureLoader.bookshelfAPI
/// do {
///     _ = try fixtures.data(named: "catlog.json")
/// } catch let error as FixtureError {
///     print(error.message)
///     // No fixture named "catlog.json" in bundle
///     // "MyAppTests_MyAppTests.resources",
///     // subdirectory "Fixtures" (/…/Fixtures). Did you mean "catalog.json"?
/// }
/// ```
///
/// The ``FixtureLoader/reporting`` forms report the same message as a test failure at the
/// caller's line instead of throwing.
public struct FixtureError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What went wrong, with the details a test would check.
    public enum Kind: Sendable, Equatable {
        /// The fixtures directory itself does not exist (the bundle lacks the resources, or the
        /// subdirectory is wrong).
        case directoryNotFound
        /// No fixture has the name; the closest available names come along as suggestions.
        case notFound(suggestions: [String])
        /// A name without an extension matches several fixtures.
        case ambiguousName(candidates: [String])
        /// The file exists but could not be read.
        case unreadable(reason: String)
        /// The bytes are not valid in the requested text encoding.
        ///
        /// `line` and `column` locate the first invalid byte when the encoding is UTF-8.
        case invalidEncoding(encoding: String, line: Int?, column: Int?)
        /// The fixture is not valid JSON, at a line and column of the file.
        ///
        /// `line` and `column` are positions in the file; `reason` says what is wrong there.
        case invalidJSON(line: Int, column: Int, reason: String)
        /// The JSON is valid but does not match the requested type.
        case decodingFailed(type: String, codingPath: String, line: Int?, column: Int?, reason: String)
        /// The JSON's top-level value is not the kind asked for (an array where an object was
        /// asked for, for example).
        case unexpectedJSONType(expected: String, found: String)
        /// Placeholders of a templated fixture had no value.
        ///
        /// Placeholders such as `{{id}}`.
        case unfilledPlaceholders([Placeholder])
    }

    /// A placeholder in a templated fixture and where it is.
    ///
    /// A placeholder such as `{{name}}`.
    public struct Placeholder: Sendable, Equatable, CustomStringConvertible {
        /// The name between the braces.
        public var name: String
        /// The 1-based line of the placeholder in the fixture.
        public var line: Int
        /// The 1-based column of the placeholder in the fixture.
        public var column: Int

        /// Creates a placeholder description.
        ///
        /// - Parameters:
        ///   - name: The name between the braces.
        ///   - line: The 1-based line.
        ///   - column: The 1-based column.
        public init(name: String, line: Int, column: Int) {
            self.name = name
            self.line = line
            self.column = column
        }

        /// The placeholder and its line, as failure messages show it.
        ///
        /// `{{name}} on line N`.
        public var description: String { "{{\(name)}} on line \(line)" }
    }

    /// The fixture name as the caller wrote it.
    public var fixtureName: String
    /// Where the loader looked: the bundle and subdirectory, or the directory.
    public var searchLocation: String
    /// What went wrong.
    public var kind: Kind
    /// The full explanation, as reported to the test.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - fixtureName: The name the caller asked for.
    ///   - searchLocation: Where the loader looked.
    ///   - kind: What went wrong.
    ///   - message: The full explanation.
    public init(fixtureName: String, searchLocation: String, kind: Kind, message: String) {
        self.fixtureName = fixtureName
        self.searchLocation = searchLocation
        self.kind = kind
        self.message = message
    }

    /// The error's message.
    ///
    /// That is, ``message``.
    public var description: String { message }

    /// The error's message, so the localized description shows it too.
    ///
    /// The same text as ``message``, read by `localizedDescription`.
    public var errorDescription: String? { message }
}
