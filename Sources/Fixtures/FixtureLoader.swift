import Foundation
import TestSupportCore

/// Loads test fixtures (JSON API responses, text, any file) from a test bundle or a directory.
///
/// It says exactly what is wrong when one is missing or malformed.
///
/// Bind a loader to your test target's bundle once, then ask for fixtures by name. With SwiftPM,
/// declare `resources: [.copy("Fixtures")]` on the test target and pass its `Bundle.module`
/// (a library cannot reach a test target's `Bundle.module`, and under SwiftPM on Linux
/// `Bundle(for:)` finds no resources):
///
/// ```swift
/// extension FixtureLoader {
///     static let bookshelf = FixtureLoader(
///         bundle: .module, decoder: .bookshelfAPI)
/// }
///
/// @Test("The first catalog page lists three books")
/// func firstPage() throws {
///     let page = try FixtureLoader.bookshelf.decode(
///         CatalogPage.self, named: "catalog-page-1.json")
///     #expect(page.books.count == 3)
/// }
/// ```
///
/// Names are paths relative to the fixtures directory (`"Catalog/feed.json"`), with or without
/// the extension (`"book"` finds `book.json` when it is the only `book.*`). Loaded bytes are
/// cached, thread-safely, in a cache every copy of the loader shares, so a `static let` loader
/// reads each file once per test run.
///
/// Each method throws a ``FixtureError`` whose message names what was asked for, where the
/// loader looked and the closest names that exist; for JSON it gives the line and column of a
/// syntax error and the coding path of a decoding error. To have the failure reported at your
/// line instead, use the ``reporting`` forms, which return `nil`:
///
/// ```swift
/// let fixtures = FixtureLoader.bookshelfAPI
/// let book = try #require(
///     fixtures.reporting.decode(Book.self, named: "book.json"))
/// ```
///
/// Templated fixtures hold `{{name}}` placeholders, filled before use:
///
/// ```swift
/// let fixtures = FixtureLoader.bookshelfAPI
/// let id = UUID()
/// let body = try fixtures.data(
///     named: "book-template.json", substituting: ["id": id.uuidString])
/// ```
public struct FixtureLoader: Sendable, CustomStringConvertible {
    /// The directory the fixtures are read from.
    public var directory: URL { storage.url }

    /// Where the loader looks, as its messages describe it: the bundle and subdirectory, or the
    /// directory.
    public var searchLocation: String { storage.searchLocation }

    /// The decoder a decode uses when the call passes none.
    ///
    /// The decoder the loader was given, or a new one from its `makeDecoder` closure: the way
    /// ``decode(_:named:decoder:substituting:)`` gets one.
    public var decoder: JSONDecoder { makeDecoder() }

    let makeDecoder: @Sendable () -> JSONDecoder

    let storage: FixtureDirectory

    /// Creates a loader for the fixtures in a subdirectory of a bundle's resources.
    ///
    /// ```swift
    /// // SwiftPM test target with resources: [.copy("Fixtures")]
    /// let fixtures = FixtureLoader(bundle: .module)
    /// // SwiftPM test target with resources: [.process("Resources")], which
    /// // flattens folders
    /// let flattened = FixtureLoader(bundle: .module, subdirectory: nil)
    /// // Xcode test bundle whose fixtures were added as a group (no folder)
    /// final class CatalogTests: XCTestCase {
    ///     let fixtures = FixtureLoader(
    ///         bundle: Bundle(for: CatalogTests.self), subdirectory: nil)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - bundle: The test target's bundle: `Bundle.module` under SwiftPM, `Bundle(for:)` of a
    ///     test class in an Xcode test bundle.
    ///   - subdirectory: The folder inside the bundle's resources that holds the fixtures;
    ///     `"Fixtures"` by default, matching `.copy("Fixtures")`; `nil` for the resources
    ///     folder itself, as with `.process("Resources")` or an Xcode group.
    ///   - makeDecoder: Makes the decoder used when a call passes none, for each decode; a plain
    ///     `JSONDecoder` by default.
    ///   - cachesData: Whether loaded bytes are kept for later loads; `true` by default.
    public init(
        bundle: Bundle,
        subdirectory: String? = "Fixtures",
        makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() },
        cachesData: Bool = true
    ) {
        let resources = bundle.resourceURL ?? bundle.bundleURL
        let folder = subdirectory.map(FixturePath.normalized).flatMap { $0.isEmpty ? nil : $0 }
        let url = folder.map { resources.appendingPathComponent($0, isDirectory: true) } ?? resources
        let bundleName = "bundle \"\(bundle.bundleURL.lastPathComponent)\""
        let place = folder.map { "\(bundleName), subdirectory \"\($0)\"" } ?? "\(bundleName), no subdirectory"
        self.makeDecoder = makeDecoder
        self.storage = FixtureDirectory(
            url: url,
            searchLocation: "\(place) (\(url.path))",
            bundleResourceURL: resources,
            cachesData: cachesData
        )
    }

    /// Creates a loader for the fixtures in a subdirectory of a bundle's resources, decoding with
    /// the decoder given.
    ///
    /// ```swift
    /// let fixtures = FixtureLoader(bundle: .module, decoder: .bookshelfAPI)
    /// ```
    ///
    /// The decoder is read once, here, in the caller's isolation, so it may be configured from
    /// main-actor state such as a shared date formatter; every decode then shares it, which is
    /// safe because `JSONDecoder` is `Sendable` from iOS 16 and macOS 13. Below those, pass
    /// `makeDecoder:` instead.
    ///
    /// - Parameters:
    ///   - bundle: The test target's bundle: `Bundle.module` under SwiftPM, `Bundle(for:)` of a
    ///     test class in an Xcode test bundle.
    ///   - subdirectory: The folder inside the bundle's resources that holds the fixtures;
    ///     `"Fixtures"` by default; `nil` for the resources folder itself.
    ///   - decoder: The decoder used when a call passes none; leave it unchanged afterwards.
    ///   - cachesData: Whether loaded bytes are kept for later loads; `true` by default.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    public init(bundle: Bundle, subdirectory: String? = "Fixtures", decoder: JSONDecoder, cachesData: Bool = true) {
        self.init(bundle: bundle, subdirectory: subdirectory, makeDecoder: { decoder }, cachesData: cachesData)
    }

    /// Creates a loader for the fixtures in a directory on disk.
    ///
    /// Use it where there is no bundle: a benchmark or tool that writes fixtures to a temporary
    /// directory, or a repository folder found from `#filePath`.
    ///
    /// ```swift
    /// let fixtures = FixtureLoader(directory: URL(fileURLWithPath: #filePath)
    ///     .deletingLastPathComponent().appendingPathComponent("Fixtures"))
    /// ```
    ///
    /// - Parameters:
    ///   - directory: The directory that holds the fixtures.
    ///   - makeDecoder: Makes the decoder used when a call passes none, for each decode; a plain
    ///     `JSONDecoder` by default.
    ///   - cachesData: Whether loaded bytes are kept for later loads; `true` by default.
    public init(
        directory: URL,
        makeDecoder: @escaping @Sendable () -> JSONDecoder = { JSONDecoder() },
        cachesData: Bool = true
    ) {
        self.makeDecoder = makeDecoder
        self.storage = FixtureDirectory(
            url: directory,
            searchLocation: "directory \(directory.path)",
            bundleResourceURL: nil,
            cachesData: cachesData
        )
    }

    /// Creates a loader for the fixtures in a directory on disk, decoding with the decoder given.
    ///
    /// ```swift
    /// let fixtures = FixtureLoader(
    ///     directory: URL(fileURLWithPath: NSTemporaryDirectory()),
    ///     decoder: .bookshelfAPI)
    /// ```
    ///
    /// The decoder is read once, here, and shared by every decode, which is safe because
    /// `JSONDecoder` is `Sendable` from iOS 16 and macOS 13. Below those, pass `makeDecoder:`.
    ///
    /// - Parameters:
    ///   - directory: The directory that holds the fixtures.
    ///   - decoder: The decoder used when a call passes none; leave it unchanged afterwards.
    ///   - cachesData: Whether loaded bytes are kept for later loads; `true` by default.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    public init(directory: URL, decoder: JSONDecoder, cachesData: Bool = true) {
        self.init(directory: directory, makeDecoder: { decoder }, cachesData: cachesData)
    }

    /// The same loader, reporting failures at the caller's line and returning nothing instead of
    /// throwing.
    ///
    /// A ``ReportingFixtureLoader``: it returns `nil` instead of throwing.
    ///
    /// ```swift
    /// let fixtures = FixtureLoader.bookshelfAPI
    /// let page = try XCTUnwrap(
    ///     fixtures.reporting.decode(
    ///         CatalogPage.self, named: "Catalog/page-1.json"))
    /// ```
    public var reporting: ReportingFixtureLoader { ReportingFixtureLoader(loader: self) }

    // MARK: Files

    /// The names of every fixture as paths relative to the fixtures directory, sorted, with hidden
    /// files left out.
    ///
    /// The paths are `/`-separated.
    ///
    /// ```swift
    /// let fixtures = FixtureLoader.bookshelfAPI
    /// for name in try fixtures.names(under: "Catalog") {
    ///     // Every page decodes:
    ///     _ = try fixtures.decode(CatalogPage.self, named: name)
    /// }
    /// ```
    ///
    /// - Parameter folder: A folder to list instead of the whole directory, such as
    ///   `"Catalog"`; names keep the folder prefix.
    /// - Returns: The names, sorted; empty when `folder` does not exist.
    /// - Throws: ``FixtureError`` when the fixtures directory itself does not exist.
    public func names(under folder: String? = nil) throws(FixtureError) -> [String] {
        try storage.names(under: folder)
    }

    /// The file URL of a fixture, for APIs that read files themselves.
    ///
    /// - Parameter name: The fixture's name, such as `"cover.png"` or `"Catalog/feed.json"`.
    /// - Returns: The fixture's file URL.
    /// - Throws: ``FixtureError`` when no fixture has that name.
    public func url(named name: String) throws(FixtureError) -> URL {
        try storage.fileURL(for: name)
    }

    /// The bytes of a fixture, with its placeholders filled when values are given.
    ///
    /// The placeholders are `{{name}}` markers, filled from `values`.
    ///
    /// ```swift
    /// let fixtures = FixtureLoader.bookshelfAPI
    /// let body = try fixtures.data(
    ///     named: "book-template.json",
    ///     substituting: ["id": "42", "title": "Dune"])
    /// ```
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension.
    ///   - values: Values for the fixture's `{{name}}` placeholders; `nil` (the default) leaves
    ///     the bytes as they are.
    /// - Returns: The bytes.
    /// - Throws: ``FixtureError`` when the fixture is missing or a placeholder has no value.
    public func data(named name: String, substituting values: [String: String]? = nil) throws(FixtureError) -> Data {
        try bytes(named: name, substituting: values)
    }

    /// The text of a fixture in the given encoding, with its placeholders filled when values are
    /// given.
    ///
    /// The placeholders are `{{name}}` markers, filled from `values`.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension.
    ///   - encoding: The text encoding; UTF-8 by default.
    ///   - values: Values for the fixture's `{{name}}` placeholders.
    /// - Returns: The text.
    /// - Throws: ``FixtureError`` when the fixture is missing, is not valid in `encoding` (for
    ///   UTF-8 with the line and column of the first invalid byte), or a placeholder has no value.
    public func string(
        named name: String,
        encoding: String.Encoding = .utf8,
        substituting values: [String: String]? = nil
    ) throws(FixtureError) -> String {
        let data = try bytes(named: name, substituting: values)
        if let text = String(data: data, encoding: encoding) { return text }
        if encoding == .utf8 {
            let bytes = Array(data)
            let offset = UTF8Validation.firstInvalidOffset(in: bytes) ?? 0
            let position = TextPosition(offset: offset, in: bytes)
            let byte = offset < bytes.count ? bytes[offset] : 0
            throw FixtureError(
                fixtureName: name,
                searchLocation: searchLocation,
                kind: .invalidEncoding(encoding: "UTF-8", line: position.line, column: position.column),
                message: "Fixture \"\(name)\" is not valid UTF-8: the byte 0x\(String(byte, radix: 16, uppercase: true)) "
                    + "at \(position) (offset \(offset)) does not belong to a UTF-8 sequence. Pass its real encoding "
                    + "to string(named:encoding:), or read it with data(named:)."
            )
        }
        throw FixtureError(
            fixtureName: name,
            searchLocation: searchLocation,
            kind: .invalidEncoding(encoding: "\(encoding)", line: nil, column: nil),
            message: "Fixture \"\(name)\" could not be read as text in the encoding \(encoding). "
                + "Pass its real encoding, or read it with data(named:)."
        )
    }

    /// The loader and where it looks, as test failures show it.
    ///
    /// `FixtureLoader(<where it looks>)`.
    public var description: String { "FixtureLoader(\(searchLocation))" }

    /// Forgets every cached fixture, so the next loads read the files again.
    public func removeCachedData() {
        storage.removeCachedData()
    }

    // MARK: Internals shared by the typed forms

    /// The fixture's bytes after filling placeholders.
    func bytes(named name: String, substituting values: [String: String]?) throws(FixtureError) -> Data {
        let loaded = try storage.load(name)
        guard let values else { return loaded.data }
        let original = Array(loaded.data)
        let (filled, unfilled) = PlaceholderFiller.fill(original, with: values)
        guard unfilled.isEmpty else {
            let placeholders = unfilled.map { occurrence in
                let position = TextPosition(offset: occurrence.range.lowerBound, in: original)
                return FixtureError.Placeholder(name: occurrence.name, line: position.line, column: position.column)
            }
            let given = values.keys.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            throw FixtureError(
                fixtureName: name,
                searchLocation: searchLocation,
                kind: .unfilledPlaceholders(placeholders),
                message: "Fixture \"\(name)\" has placeholders left unfilled: "
                    + placeholders.map(\.description).joined(separator: ", ")
                    + "; give a value for each (values were given for: \(given.isEmpty ? "none" : given))."
            )
        }
        return Data(filled)
    }

    /// A hint appended to JSON errors when the fixture holds placeholders nobody filled.
    func templateHint(for data: Data, substituted: Bool) -> String {
        guard !substituted else { return "" }
        let bytes = Array(data)
        guard let first = PlaceholderFiller.occurrences(in: bytes).first else { return "" }
        let position = TextPosition(offset: first.range.lowerBound, in: bytes)
        return " The fixture is a template ({{\(first.name)}} on line \(position.line)): pass its values with `substituting:`."
    }
}
