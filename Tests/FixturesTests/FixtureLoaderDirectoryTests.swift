import Fixtures
import Foundation
import Testing

/// A directory of fixtures written for one test and removed after it.
private struct TemporaryFixtures {
    let url: URL

    init(_ files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("FixturesTests-\(UUID().uuidString)", isDirectory: true)
        for (name, contents) in files {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: file)
        }
    }

    func write(_ contents: String, to name: String) throws {
        try Data(contents.utf8).write(to: url.appendingPathComponent(name))
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

@Suite("FixtureLoader(directory:)")
struct FixtureLoaderDirectoryTests {
    @Test("Loads fixtures from a directory on disk")
    func loadsFromDirectory() throws {
        let directory = try TemporaryFixtures(["answer.json": "{\"value\": 42}"])
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)
        #expect(try fixtures.jsonDictionary(named: "answer")["value"] as? Int == 42)
        #expect(fixtures.searchLocation == "directory \(directory.url.path)")
    }

    @Test("A directory that does not exist fails saying so, for a fixture and for the listing")
    func missingDirectory() {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("FixturesTests-missing-\(UUID().uuidString)")
        let fixtures = FixtureLoader(directory: url)
        let loadError = #expect(throws: FixtureError.self) { try fixtures.data(named: "book.json") }
        #expect(loadError?.kind == .directoryNotFound)
        #expect(
            loadError?.message == "Fixture \"book.json\" not found: the fixtures directory does not exist "
                + "(directory \(url.path)). Create it, or bind the loader to the directory that holds the fixtures.")
        let listError = #expect(throws: FixtureError.self) { try fixtures.names() }
        #expect(listError?.message.hasPrefix("Cannot list fixtures: the fixtures directory does not exist") == true)
    }

    @Test("JSON holding bytes that are not UTF-8 is reported at the first such byte")
    func jsonNotUTF8() throws {
        let directory = try TemporaryFixtures([:])
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        defer { directory.remove() }
        try Data([0x7B, 0x0A, 0x22, 0x61, 0x22, 0x3A, 0x20, 0x22, 0xE9, 0x22, 0x7D]).write(
            to: directory.url.appendingPathComponent("latin1.json"))
        let fixtures = FixtureLoader(directory: directory.url)
        let error = #expect(throws: FixtureError.self) { try fixtures.jsonObject(named: "latin1.json") }
        #expect(error?.kind == .invalidJSON(line: 2, column: 7, reason: "the byte 0xE9 is not valid UTF-8, and JSON must be UTF-8"))
    }

    @Test("An empty directory says it holds no fixtures")
    func emptyDirectory() throws {
        let directory = try TemporaryFixtures([:])
        try FileManager.default.createDirectory(at: directory.url, withIntermediateDirectories: true)
        defer { directory.remove() }
        let error = #expect(throws: FixtureError.self) { try FixtureLoader(directory: directory.url).data(named: "book.json") }
        #expect(error?.message == "No fixture named \"book.json\" in directory \(directory.url.path). The directory holds no fixtures.")
    }
}

@Suite("FixtureLoader(bundle:subdirectory:)")
struct FixtureLoaderBundleTests {
    @Test("Reads from the subdirectory of the bundle's resources")
    func subdirectory() {
        let fixtures = FixtureLoader(bundle: .module)
        #expect(fixtures.directory.lastPathComponent == "Fixtures")
        #expect(fixtures.searchLocation.hasPrefix("bundle \"\(Bundle.module.bundleURL.lastPathComponent)\", subdirectory \"Fixtures\" ("))
    }

    @Test("Without a subdirectory the resources folder itself is read, and fixtures are named with their folder")
    func noSubdirectory() throws {
        let fixtures = FixtureLoader(bundle: .module, subdirectory: nil)
        #expect(fixtures.searchLocation.contains("no subdirectory"))
        #expect(try fixtures.data(named: "Fixtures/greeting.txt") == Data("Hello, café\n".utf8))
    }

    @Test("A wrong subdirectory fails listing what the bundle holds and how to set resources up")
    func wrongSubdirectory() {
        let fixtures = FixtureLoader(bundle: .module, subdirectory: "Fixture")
        let error = #expect(throws: FixtureError.self) { try fixtures.data(named: "catalog.json") }
        #expect(error?.kind == .directoryNotFound)
        #expect(error?.message.contains("The bundle's resources hold: ") == true)
        #expect(error?.message.contains("\"Fixtures\"") == true)
        #expect(error?.message.contains("declare `resources: [.copy(\"Fixtures\")]` on the test target") == true)
    }
}

@Suite("FixtureLoader caching")
struct FixtureLoaderCachingTests {
    @Test("A loaded fixture is served from the cache even after the file changes")
    func servesCachedBytes() throws {
        let directory = try TemporaryFixtures(["value.txt": "first"])
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)
        _ = try fixtures.string(named: "value.txt")
        try directory.write("second", to: "value.txt")
        #expect(try fixtures.string(named: "value.txt") == "first")
    }

    @Test("Copies of a loader share its cache")
    func copiesShareCache() throws {
        let directory = try TemporaryFixtures(["value.txt": "first"])
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)
        let copy = fixtures
        _ = try fixtures.string(named: "value.txt")
        try directory.write("second", to: "value.txt")
        #expect(try copy.string(named: "value.txt") == "first")
    }

    @Test("removeCachedData() makes the next load read the file again")
    func removeCachedData() throws {
        let directory = try TemporaryFixtures(["value.txt": "first"])
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url)
        _ = try fixtures.string(named: "value.txt")
        try directory.write("second", to: "value.txt")
        fixtures.removeCachedData()
        #expect(try fixtures.string(named: "value.txt") == "second")
    }

    @Test("With caching off every load reads the file")
    func cachingOff() throws {
        let directory = try TemporaryFixtures(["value.txt": "first"])
        defer { directory.remove() }
        let fixtures = FixtureLoader(directory: directory.url, cachesData: false)
        _ = try fixtures.string(named: "value.txt")
        try directory.write("second", to: "value.txt")
        #expect(try fixtures.string(named: "value.txt") == "second")
    }

    @Test("Loading the same fixtures from many tasks at once gives every task the same bytes")
    func concurrentLoads() async throws {
        let fixtures = FixtureLoader(bundle: .module)
        let expected = try Data(contentsOf: fixtures.directory.appendingPathComponent("catalog.json"))
        let results = await withTaskGroup(of: Data?.self) { group in
            for _ in 0..<64 {
                group.addTask { try? fixtures.data(named: "catalog.json") }
            }
            var all: [Data?] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 64)
        #expect(results.allSatisfy { $0 == expected })
    }
}
