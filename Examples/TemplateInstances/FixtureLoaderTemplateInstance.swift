// Generated from Docs/Templates/FixtureLoader.swift.template by .ci/check-templates --write. Do not edit.

// Template: a fixture loader for teams that copy rather than depend. It reports what exists instead
// of crashing: a typo names the fixtures that are there, a decoding error names the fixture, the
// type and the coding path. Pass your test target's bundle: `Bundle.module` under SwiftPM (with
// `resources: [.copy("Fixtures")]`), `Bundle(for: SomeTestCase.self)` in an Xcode test target.
// (The Fixtures module adds nearest-name suggestions, line and column of JSON syntax errors,
// templated fixtures and caching.)

import Foundation

/// Loads test data from a bundle's `Fixtures` folder.
struct CopiedFixtureLoader {
    /// A fixture that is not there, with the names that are.
    struct NotFound: Error, CustomStringConvertible {
        let name: String
        let folder: URL
        let available: [String]

        var description: String {
            "No fixture named \"\(name)\" in \(folder.path); available: "
                + (available.isEmpty ? "none" : available.joined(separator: ", "))
        }
    }

    /// A fixture that did not decode as the requested type.
    struct DecodingFailed: Error, CustomStringConvertible {
        let name: String
        let type: String
        let underlying: any Error

        var description: String {
            let path: String
            switch underlying as? DecodingError {
            case .keyNotFound(let key, let context)?:
                path = (context.codingPath + [key]).map(\.stringValue).joined(separator: ".") + ": key not found"
            case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?, .dataCorrupted(let context)?:
                path = context.codingPath.map(\.stringValue).joined(separator: ".") + ": " + context.debugDescription
            default:
                path = "\(underlying)"
            }
            return "Fixture \"\(name)\" is not a valid \(type): \(path)"
        }
    }

    /// The folder the fixtures were copied to.
    let folder: URL
    /// Makes the decoder used by ``decode(_:named:)``. The loader keeps a factory, not a decoder:
    /// `JSONDecoder` is `Sendable` only from iOS 16 and macOS 13, and a `static let` loader must be
    /// `Sendable`.
    let makeDecoder: @Sendable () -> JSONDecoder

    /// Creates a loader for the `Fixtures` folder of `bundle`.
    ///
    /// - Parameters:
    ///   - bundle: The test target's bundle.
    ///   - decoder: Makes the decoder for ``decode(_:named:)``; evaluated for each decode.
    init(bundle: Bundle, decoder: @autoclosure @escaping @Sendable () -> JSONDecoder = JSONDecoder()) {
        folder = (bundle.resourceURL ?? bundle.bundleURL).appendingPathComponent("Fixtures", isDirectory: true)
        makeDecoder = decoder
    }

    /// The bytes of the fixture `name`, such as `"catalog.json"` or `"Catalog/page-1.json"`.
    ///
    /// - Parameter name: The path of the fixture inside the folder.
    /// - Returns: The file's bytes.
    /// - Throws: ``NotFound`` listing the fixtures that exist.
    func data(named name: String) throws -> Data {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw NotFound(name: name, folder: folder, available: availableNames())
        }
        return try Data(contentsOf: url)
    }

    /// The fixture `name` decoded as `type`.
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - name: The path of the fixture inside the folder.
    /// - Returns: The decoded value.
    /// - Throws: ``NotFound`` or ``DecodingFailed``.
    func decode<Value: Decodable>(_ type: Value.Type, named name: String) throws -> Value {
        let bytes = try data(named: name)
        do {
            return try makeDecoder().decode(type, from: bytes)
        } catch {
            throw DecodingFailed(name: name, type: String(describing: type), underlying: error)
        }
    }

    /// Every fixture in the folder, as relative paths, sorted.
    func availableNames() -> [String] {
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        let prefix = folder.standardizedFileURL.path + "/"
        return files.compactMap { $0 as? URL }
            .filter { !$0.hasDirectoryPath }
            .map { $0.standardizedFileURL.path.replacingOccurrences(of: prefix, with: "") }
            .sorted()
    }
}
