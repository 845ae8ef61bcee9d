import Foundation
import TestSupportKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Replaying a HAR cassette beside plain stubs answering the same requests, in the same run:
/// 100 URLs, each recorded 20 times, against 100 stubs of method, path and query.
let httpReplayComparisons: [Comparison] = [
    Comparison(
        name: "HTTP replay: GET from a 2,000-entry cassette vs plain stubs",
        subjectLabel: "cassette replay",
        baselineLabel: "100 plain stubs",
        operations: HTTPReplayBenchmark.requestCount,
        subject: { try await HTTPReplayBenchmark.replayRun() },
        baseline: { try await HTTPReplayBenchmark.plainStubRun() }
    )
]

enum HTTPReplayBenchmark {
    static let requestCount = 2_000
    static let urlCount = 100

    private static func urls() -> [URL] {
        (0..<requestCount).compactMap { URL(string: "https://api.example.com/books?page=\($0 % urlCount)&size=20") }
    }

    /// A cassette file holding every request once, in order, written before timing starts.
    private static func cassetteFile() throws -> URL {
        let body = Data(#"{"books":[]}"#.utf8)
        let cassette = HTTPCassette(
            interactions: urls().map {
                HTTPCassette.Interaction(url: $0, responseHeaders: ["Content-Type": "application/json"], responseBody: body)
            })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-benchmark-\(UUID().uuidString).har")
        try cassette.harData().write(to: file)
        return file
    }

    static func replayRun() async throws -> Elapsed {
        let file = try cassetteFile()
        defer { try? FileManager.default.removeItem(at: file) }
        let stubs = HTTPStubRegistry()
        stubs.useCassette(at: file, mode: .none)
        return try await send(urls(), through: stubs.session)
    }

    static func plainStubRun() async throws -> Elapsed {
        let stubs = HTTPStubRegistry()
        for page in 0..<urlCount {
            stubs.stub(
                .get("https://api.example.com/books").query(exactly: ["page": "\(page)", "size": "20"]), with: .json(#"{"books":[]}"#))
        }
        return try await send(urls(), through: stubs.session)
    }

    private static func send(_ urls: [URL], through session: URLSession) async throws -> Elapsed {
        try await measure {
            for url in urls {
                _ = try await session.data(for: URLRequest(url: url))
            }
        }
    }
}
