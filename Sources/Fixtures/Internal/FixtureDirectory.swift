import Foundation
import TestSupportCore

/// The directory a loader reads from, the description of it used in messages, and the cache of
/// loaded bytes that every copy of the loader shares.
final class FixtureDirectory: Sendable {
    /// A fixture found on disk: its file URL and its bytes.
    struct Loaded: Sendable {
        var url: URL
        var data: Data
    }

    let url: URL
    /// `bundle "X", subdirectory "Fixtures" (/path)` or `directory /path`.
    let searchLocation: String
    /// The bundle's resource directory when the loader reads from a bundle, for the guidance
    /// given when the fixtures directory does not exist.
    let bundleResourceURL: URL?
    let cachesData: Bool

    // Keyed by the name as requested (normalised), so repeated loads skip resolution too.
    private let cache = Locked<[String: Loaded]>([:])

    init(url: URL, searchLocation: String, bundleResourceURL: URL?, cachesData: Bool) {
        self.url = url
        self.searchLocation = searchLocation
        self.bundleResourceURL = bundleResourceURL
        self.cachesData = cachesData
    }

    func removeCachedData() {
        cache.withLock { $0.removeAll() }
    }

    /// Every regular file under the directory, as `/`-separated relative paths, sorted; hidden
    /// files are skipped.
    func names(under folder: String? = nil) throws(FixtureError) -> [String] {
        guard directoryExists(url) else { throw directoryNotFound(for: folder ?? "") }
        var base = url
        var prefix = ""
        if let folder, !FixturePath.normalized(folder).isEmpty {
            prefix = FixturePath.normalized(folder) + "/"
            base = url.appendingPathComponent(FixturePath.normalized(folder), isDirectory: true)
            guard directoryExists(base) else { return [] }
        }
        let manager = FileManager.default
        guard let enumerator = manager.enumerator(atPath: base.path) else { return [] }
        var names: [String] = []
        while let relative = enumerator.nextObject() as? String {
            let components = relative.split(separator: "/")
            if components.contains(where: { $0.hasPrefix(".") }) { continue }
            var isDirectory: ObjCBool = false
            let full = base.appendingPathComponent(relative).path
            if manager.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                names.append(prefix + components.joined(separator: "/"))
            }
        }
        return names.sorted()
    }

    /// The fixture called `requested`: found by exact name, or, for a name without an
    /// extension, by the one file whose name is `requested` plus an extension.
    func load(_ requested: String) throws(FixtureError) -> Loaded {
        let key = FixturePath.normalized(requested)
        if cachesData, let cached = cache.withLock({ $0[key] }) { return cached }
        let name = try resolve(requested)
        let fileURL = url.appendingPathComponent(name)
        let data: Data
        do {
            data = try Data(contentsOf: fileURL)
        } catch {
            throw FixtureError(
                fixtureName: requested,
                searchLocation: searchLocation,
                kind: .unreadable(reason: "\(error.localizedDescription)"),
                message: "Could not read fixture \"\(requested)\" at \(fileURL.path): \(error.localizedDescription)"
            )
        }
        let loaded = Loaded(url: fileURL, data: data)
        if cachesData { cache.withLock { $0[key] = loaded } }
        return loaded
    }

    /// The file URL of the fixture called `requested`, without reading it.
    func fileURL(for requested: String) throws(FixtureError) -> URL {
        let key = FixturePath.normalized(requested)
        if cachesData, let cached = cache.withLock({ $0[key] }) { return cached.url }
        return url.appendingPathComponent(try resolve(requested))
    }

    // MARK: Resolution

    private func resolve(_ requested: String) throws(FixtureError) -> String {
        let key = FixturePath.normalized(requested)
        guard directoryExists(url) else { throw directoryNotFound(for: requested) }
        if existsWithExactCase(key) { return key }
        let available = try names()
        if available.contains(key) { return key }
        if !FixturePath.hasExtension(key) {
            let candidates = available.filter { FixturePath.removingExtension($0) == key }
            if candidates.count == 1, let only = candidates.first { return only }
            if candidates.count > 1 {
                throw FixtureError(
                    fixtureName: requested,
                    searchLocation: searchLocation,
                    kind: .ambiguousName(candidates: candidates),
                    message: "Fixture name \"\(requested)\" is ambiguous in \(searchLocation): it matches "
                        + Self.list(candidates) + "; add the extension to say which."
                )
            }
        }
        throw notFound(requested, available: available)
    }

    private func notFound(_ requested: String, available: [String]) -> FixtureError {
        let suggestions = FixturePath.suggestions(for: FixturePath.normalized(requested), in: available)
        var message = "No fixture named \"\(requested)\" in \(searchLocation)."
        if !suggestions.isEmpty {
            message += " Did you mean " + Self.list(suggestions, conjunction: "or") + "?"
            if suggestions.contains(where: { $0.lowercased() == FixturePath.normalized(requested).lowercased() }) {
                message += " (Fixture names are case-sensitive: they are on Linux even when they are not on macOS.)"
            }
        } else if available.isEmpty {
            message += " The directory holds no fixtures."
        } else {
            let shown = available.prefix(10)
            message +=
                " Available (\(available.count)): " + shown.map { "\"\($0)\"" }.joined(separator: ", ")
                + (available.count > shown.count ? ", …" : "") + "."
        }
        return FixtureError(
            fixtureName: requested,
            searchLocation: searchLocation,
            kind: .notFound(suggestions: suggestions),
            message: message
        )
    }

    private func directoryNotFound(for requested: String) -> FixtureError {
        let subject = requested.isEmpty ? "Cannot list fixtures" : "Fixture \"\(requested)\" not found"
        return FixtureError(
            fixtureName: requested,
            searchLocation: searchLocation,
            kind: .directoryNotFound,
            message: "\(subject): the fixtures directory does not exist (\(searchLocation)). \(missingDirectoryHint(for: requested))"
        )
    }

    private func missingDirectoryHint(for requested: String) -> String {
        guard let bundleResourceURL else {
            return "Create it, or bind the loader to the directory that holds the fixtures."
        }
        let entries = ((try? FileManager.default.contentsOfDirectory(atPath: bundleResourceURL.path)) ?? [])
            .filter { !$0.hasPrefix(".") }
            .sorted()
        let contents =
            entries.isEmpty
            ? "The bundle has no resources at all."
            : "The bundle's resources hold: " + entries.prefix(10).map { "\"\($0)\"" }.joined(separator: ", ")
                + (entries.count > 10 ? ", …" : "") + "."
        let flattened = FixturePath.lastComponent(of: FixturePath.normalized(requested))
        if !flattened.isEmpty, entries.contains(flattened) {
            return contents
                + " \"\(flattened)\" is at the top of the bundle's resources: SwiftPM's `.process(\"Resources\")` (and an"
                + " Xcode group) flattens the files into them, so pass `subdirectory: nil` and name fixtures without"
                + " folders, or declare `resources: [.copy(\"Fixtures\")]` to keep the folder."
        }
        return contents
            + " With SwiftPM, declare `resources: [.copy(\"Fixtures\")]` on the test target and pass that target's"
            + " `Bundle.module` (under SwiftPM on Linux `Bundle(for:)` points at the build folder, which holds no"
            + " resources); with `.process(\"Resources\")`, which flattens the files, pass `subdirectory: nil`."
            + " In Xcode, add the folder to the test target as a folder reference, or pass"
            + " `subdirectory: nil` for files added as a group."
    }

    /// Whether `name` is a regular file whose last component is spelled exactly so (macOS file
    /// systems ignore case; Linux does not, so a fixture must be asked for as it is spelled).
    private func existsWithExactCase(_ name: String) -> Bool {
        guard !name.isEmpty else { return false }
        let fileURL = url.appendingPathComponent(name)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: fileURL.path, isDirectory: &isDirectory), !isDirectory.boolValue else {
            return false
        }
        let parent = fileURL.deletingLastPathComponent().path
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []
        return siblings.contains(fileURL.lastPathComponent)
    }

    private func directoryExists(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func list(_ names: [String], conjunction: String = "and") -> String {
        let quoted = names.map { "\"\($0)\"" }
        guard quoted.count > 1, let last = quoted.last else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " \(conjunction) " + last
    }
}
