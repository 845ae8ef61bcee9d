import Foundation
import TestSupportKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Replaying HAR cassettes: loading a large cassette beside decoding the same file into plain
/// `Decodable` structs, cold (a file no registry has read) and again (a second registry on the same
/// file); and replaying 100 recorded interactions beside the same interactions as plain stubs.
let httpReplayComparisons: [Comparison] = [
    Comparison(
        name: "HTTP replay: load a 10,000-entry cassette + first match, new file, vs plain Decodable",
        subjectLabel: "useCassette + 1 GET",
        baselineLabel: "JSONDecoder into structs",
        operations: 1,
        subject: { try await HTTPReplayBenchmark.loadRun(cached: false) },
        baseline: { try await HTTPReplayBenchmark.plainDecodeRun() }
    ),
    Comparison(
        name: "HTTP replay: load a 10,000-entry cassette + first match, same file again, vs plain Decodable",
        subjectLabel: "useCassette + 1 GET",
        baselineLabel: "JSONDecoder into structs",
        operations: 1,
        subject: { try await HTTPReplayBenchmark.loadRun(cached: true) },
        baseline: { try await HTTPReplayBenchmark.plainDecodeRun() }
    ),
    Comparison(
        name: "HTTP replay: GET 100 recorded interactions vs the same as 100 plain indexed stubs",
        subjectLabel: "cassette replay",
        baselineLabel: "100 plain stubs",
        operations: HTTPReplayBenchmark.rounds * HTTPReplayBenchmark.urlCount,
        subject: { try await HTTPReplayBenchmark.replayRun() },
        baseline: { try await HTTPReplayBenchmark.plainStubRun() }
    ),
    Comparison(
        name: "HTTP replay: CPU time per GET, 100 recorded interactions vs the same as 100 plain indexed stubs",
        subjectLabel: "cassette replay, CPU",
        baselineLabel: "100 plain stubs, CPU",
        operations: HTTPReplayBenchmark.rounds * HTTPReplayBenchmark.urlCount,
        subject: { try await HTTPReplayBenchmark.replayRun(cpuTime: true) },
        baseline: { try await HTTPReplayBenchmark.plainStubRun(cpuTime: true) }
    ),
    Comparison(
        name: "HTTP record: write a 1,000-interaction cassette, default redaction and scan vs none",
        subjectLabel: "redacting: .default",
        baselineLabel: "redacting: .none, Authorization allowed",
        operations: HTTPReplayBenchmark.recordCount,
        subject: { try await HTTPReplayBenchmark.recordRun(redaction: .default) },
        baseline: { try await HTTPReplayBenchmark.recordRun(redaction: .none.allowing("Authorization")) },
        maxPairs: 3
    ),
]

enum HTTPReplayBenchmark {
    static let urlCount = 100
    static let rounds = 60
    static let largeEntryCount = 10_000

    private static func url(_ page: Int) -> URL? {
        URL(string: "https://api.example.com/books?page=\(page)&size=20")
    }

    private static let body = Data(#"{"books":[{"title":"Dune","author":"Frank Herbert"}],"nextPage":null}"#.utf8)

    // MARK: Loading a large cassette

    /// A 10,000-entry cassette as the cassette writes it: every entry a distinct URL, with
    /// request and response headers and a JSON body.
    private static let largeCassette: Data = HTTPCassette(
        interactions: (0..<largeEntryCount).compactMap { page in
            url(page).map {
                var request = URLRequest(url: $0)
                request.allHTTPHeaderFields = ["Accept": "application/json", "User-Agent": "Benchmarks/1"]
                return HTTPCassette.Interaction(
                    request: request,
                    responseHeaders: ["Content-Type": "application/json", "Cache-Control": "no-cache"], responseBody: body)
            }
        }
    ).harData()

    private static let largeFile: URL = {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-benchmark-large-\(UUID().uuidString).har")
        try? largeCassette.write(to: file)
        return file
    }()

    /// A new registry loads the cassette and answers one request: a new file each run when not
    /// `cached`, so nothing read before can be reused; the same file each run when `cached`.
    static func loadRun(cached: Bool) async throws -> Elapsed {
        let file: URL
        if cached {
            file = largeFile
        } else {
            file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-benchmark-\(UUID().uuidString).har")
            try largeCassette.write(to: file)
        }
        defer { if !cached { try? FileManager.default.removeItem(at: file) } }
        guard let first = url(0) else { throw URLError(.badURL) }
        // The registry is made before and released after the timed region: neither is loading.
        let stubs = HTTPStubRegistry()
        let session = stubs.session
        let elapsed = try await measure {
            stubs.useCassette(at: file, mode: .none)
            _ = try await session.data(for: URLRequest(url: first))
        }
        withExtendedLifetime(stubs) {}
        return elapsed
    }

    /// The HAR fields a cassette reads, as plain `Decodable` structs.
    private struct PlainHAR: Decodable {
        struct Log: Decodable { let entries: [Entry] }
        struct Entry: Decodable {
            let request: Request
            let response: Response
        }
        struct Header: Decodable {
            let name: String
            let value: String
        }
        struct Request: Decodable {
            let method: String
            let url: String
            let headers: [Header]
        }
        struct Content: Decodable {
            let text: String?
            let encoding: String?
        }
        struct Response: Decodable {
            let status: Int
            let headers: [Header]
            let content: Content
        }
        let log: Log
    }

    /// The floor: reading the same file and decoding it into plain structs.
    static func plainDecodeRun() async throws -> Elapsed {
        let file = largeFile
        return try await measure {
            let document = try JSONDecoder().decode(PlainHAR.self, from: Data(contentsOf: file))
            guard document.log.entries.count == largeEntryCount else { throw URLError(.cannotDecodeContentData) }
        }
    }

    // MARK: Recording 1,000 interactions

    static let recordCount = 1_000

    /// Records `recordCount` requests into a new cassette through a stubbed backend: each request
    /// carries a bearer token and an API key, each response issues a new opaque token, as a
    /// credential flow does. `.default` redacts them all, everywhere, and scans each interaction
    /// before the file is written; the baseline writes them as they are, with the bearer header
    /// allowed so that the scan refuses nothing.
    static func recordRun(redaction: HTTPRedaction) async throws -> Elapsed {
        let backend = HTTPStubRegistry()
        backend.stub(.any) { request in
            let page = request.queryValue("page") ?? "0"
            return .json(#"{"access_token":"opaque-token-\#(page)-a1b2c3d4e5","expires_in":3600,"books":[{"title":"Dune"}]}"#)
        }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("record-benchmark-\(UUID().uuidString).har")
        defer { try? FileManager.default.removeItem(at: file) }
        let stubs = HTTPStubRegistry()
        let session = stubs.session
        var requests: [URLRequest] = []
        for page in 0..<recordCount {
            guard let url = URL(string: "https://api.example.com/books?page=\(page)&api_key=key-\(page)-f6e5d4c3b2") else {
                throw URLError(.badURL)
            }
            var request = URLRequest(url: url)
            request.setValue("Bearer opaque-token-\(page - 1)-a1b2c3d4e5", forHTTPHeaderField: "Authorization")
            requests.append(request)
        }
        let elapsed = try await measure {
            stubs.useCassette(at: file, mode: .all, options: .init(redacting: redaction, recordingThrough: backend.session))
            for request in requests { _ = try await session.data(for: request) }
        }
        withExtendedLifetime((stubs, backend)) {}
        return elapsed
    }

    // MARK: Replaying 100 interactions

    /// A cassette file holding each of the 100 requests once, written before timing starts.
    private static let smallFile: URL = {
        let cassette = HTTPCassette(
            interactions: (0..<urlCount).compactMap { page in
                url(page).map {
                    HTTPCassette.Interaction(
                        request: URLRequest(url: $0), responseHeaders: ["Content-Type": "application/json"], responseBody: body)
                }
            })
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("replay-benchmark-small-\(UUID().uuidString).har")
        try? cassette.harData().write(to: file)
        return file
    }()

    /// Each round: a registry replays the cassette (set up untimed), then the 100 requests, timed.
    static func replayRun(cpuTime: Bool = false) async throws -> Elapsed {
        var total = Elapsed(nanoseconds: 0)
        for _ in 0..<rounds {
            let stubs = HTTPStubRegistry()
            stubs.useCassette(at: smallFile, mode: .none)
            total = total + (try await send(through: stubs.session, cpuTime: cpuTime))
        }
        return total
    }

    /// Each round: the same 100 interactions as plain stubs, each answering once, as a replayed
    /// recording does.
    static func plainStubRun(cpuTime: Bool = false) async throws -> Elapsed {
        var total = Elapsed(nanoseconds: 0)
        for _ in 0..<rounds {
            let stubs = HTTPStubRegistry()
            for page in 0..<urlCount {
                stubs.stub(
                    .get("https://api.example.com/books?page=\(page)&size=20"), times: 1,
                    with: .data(body, headers: ["Content-Type": "application/json"]))
            }
            total = total + (try await send(through: stubs.session, cpuTime: cpuTime))
        }
        return total
    }

    /// Sends the 100 requests one after another and returns the wall-clock time, or with
    /// `cpuTime` the process's CPU time over all threads, which moves less with the machine's load.
    private static func send(through session: URLSession, cpuTime: Bool) async throws -> Elapsed {
        let urls = (0..<urlCount).compactMap(url)
        let cpuBefore = HTTPStubbingBenchmark.processCPUNanoseconds()
        let wall = try await measure {
            for url in urls {
                _ = try await session.data(for: URLRequest(url: url))
            }
        }
        return cpuTime ? Elapsed(nanoseconds: UInt64(max(0, HTTPStubbingBenchmark.processCPUNanoseconds() - cpuBefore))) : wall
    }
}
