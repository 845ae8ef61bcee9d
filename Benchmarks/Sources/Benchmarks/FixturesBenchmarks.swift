import Foundation
import TestSupportKit

/// Comparisons for the Fixtures module: loading and decoding a ~1 MB JSON catalog page through
/// `FixtureLoader` (cold: a new loader per load; cached: bytes kept by the loader) beside plain
/// `Data(contentsOf:)` + `JSONDecoder`.
///
/// The benchmark has no test bundle, so each run writes the fixture into a fresh temporary
/// directory, binds the loader to that directory, and removes the directory when it is done.
let fixturesComparisons: [Comparison] = [
    Comparison(
        name: "Fixtures: load + decode 1 MB JSON, cold",
        subjectLabel: "FixtureLoader, new per load",
        baselineLabel: "Data(contentsOf:) + JSONDecoder",
        operations: FixturesBenchmark.operations,
        subject: {
            try await FixturesBenchmark.withFixtureDirectory { directory in
                try await measure {
                    for _ in 0..<FixturesBenchmark.operations {
                        let loader = FixtureLoader(directory: directory, makeDecoder: { FixturesBenchmark.decoder() })
                        try FixturesBenchmark.check(loader.decode(CatalogPage.self, named: FixturesBenchmark.fileName))
                    }
                }
            }
        },
        baseline: { try await FixturesBenchmark.plainDecode() }
    ),
    Comparison(
        name: "Fixtures: load + decode 1 MB JSON, cached",
        subjectLabel: "FixtureLoader, bytes cached",
        baselineLabel: "Data(contentsOf:) + JSONDecoder",
        operations: FixturesBenchmark.operations,
        subject: {
            try await FixturesBenchmark.withFixtureDirectory { directory in
                let loader = FixtureLoader(directory: directory, makeDecoder: { FixturesBenchmark.decoder() })
                _ = try loader.data(named: FixturesBenchmark.fileName)
                return try await measure {
                    for _ in 0..<FixturesBenchmark.operations {
                        try FixturesBenchmark.check(loader.decode(CatalogPage.self, named: FixturesBenchmark.fileName))
                    }
                }
            }
        },
        baseline: { try await FixturesBenchmark.plainDecode() }
    ),
    Comparison(
        name: "Fixtures: read 1 MB bytes, cached",
        subjectLabel: "FixtureLoader.data(named:)",
        baselineLabel: "Data(contentsOf:)",
        operations: FixturesBenchmark.operations * 10,
        subject: {
            try await FixturesBenchmark.withFixtureDirectory { directory in
                let loader = FixtureLoader(directory: directory)
                _ = try loader.data(named: FixturesBenchmark.fileName)
                return try await measure {
                    for _ in 0..<(FixturesBenchmark.operations * 10) {
                        FixturesBenchmark.check(bytes: try loader.data(named: FixturesBenchmark.fileName))
                    }
                }
            }
        },
        baseline: {
            try await FixturesBenchmark.withFixtureDirectory { directory in
                let url = directory.appendingPathComponent(FixturesBenchmark.fileName)
                return try await measure {
                    for _ in 0..<(FixturesBenchmark.operations * 10) {
                        FixturesBenchmark.check(bytes: try Data(contentsOf: url))
                    }
                }
            }
        }
    ),
]

/// The generated fixture and the set-up shared by the fixture comparisons.
enum FixturesBenchmark {
    static let operations = 5
    static let fileName = "catalog-large.json"
    static let bookCount = 5_000

    /// A catalog page of `bookCount` books encoded as pretty-printed JSON (about 1 MB), built once.
    static let json: Data = {
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let books = (0..<bookCount).map { index in
            Book(
                id: UUID(),
                title: "Book number \(index) of the benchmark catalog",
                author: "Author \(index % 97)",
                status: ReadingStatus.allCases[index % ReadingStatus.allCases.count],
                addedAt: start.addingTimeInterval(Double(index) * 3_600)
            )
        }
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(CatalogPage(books: books, nextPage: 2))) ?? Data()
    }()

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// Writes the fixture into a new temporary directory, runs `body` with the directory, and
    /// removes the directory afterwards.
    static func withFixtureDirectory(_ body: (URL) async throws -> Elapsed) async throws -> Elapsed {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("FixturesBenchmark-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try json.write(to: directory.appendingPathComponent(fileName))
        return try await body(directory)
    }

    /// The baseline: read the file and decode it with a plain decoder, as tests do by hand.
    static func plainDecode() async throws -> Elapsed {
        try await withFixtureDirectory { directory in
            let url = directory.appendingPathComponent(fileName)
            return try await measure {
                for _ in 0..<operations {
                    let data = try Data(contentsOf: url)
                    check(try decoder().decode(CatalogPage.self, from: data))
                }
            }
        }
    }

    /// Keeps the decoded page observable so the work cannot be optimised away.
    static func check(_ page: CatalogPage) {
        if page.books.count != bookCount {
            FileHandle.standardError.write(Data("unexpected book count \(page.books.count)\n".utf8))
        }
    }

    /// Keeps the bytes observable so the work cannot be optimised away.
    static func check(bytes: Data) {
        if bytes.count != json.count {
            FileHandle.standardError.write(Data("unexpected byte count \(bytes.count)\n".utf8))
        }
    }
}

/// The benchmark's catalog page: the shape of a typical API page of books, decoded as an app
/// decodes it (ISO 8601 dates, a nested array, an enum).
struct CatalogPage: Codable, Equatable, Sendable {
    var books: [Book]
    var nextPage: Int?
}

/// One book of the benchmark's catalog page.
struct Book: Codable, Equatable, Sendable {
    var id: UUID
    var title: String
    var author: String
    var status: ReadingStatus
    var addedAt: Date
}

/// Where a reader is with a book.
enum ReadingStatus: String, Codable, Sendable, CaseIterable {
    case wantToRead = "want_to_read"
    case reading
    case finished
}
