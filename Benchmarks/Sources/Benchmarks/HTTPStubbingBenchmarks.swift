import Foundation
import TestSupportKit

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stubbed requests through a real `URLSession`: the registry (100 stubs matching method, path
/// and query) beside the floor (a bare one-closure `URLProtocol`) and beside a loopback HTTP
/// server; and the time for an unhandled request to reach the client as a `URLError`.
let httpStubbingComparisons: [Comparison] = [
    Comparison(
        name: "HTTP GET via URLSession, 100 stubs vs bare URLProtocol",
        subjectLabel: "HTTPStubRegistry",
        baselineLabel: "bare URLProtocol",
        operations: HTTPStubbingBenchmark.requestCount,
        subject: { try await HTTPStubbingBenchmark.registryRun() },
        baseline: { try await HTTPStubbingBenchmark.bareStubRun() }
    ),
    Comparison(
        name: "HTTP GET via URLSession, 100 stubs vs bare URLProtocol, 8 tasks",
        subjectLabel: "HTTPStubRegistry",
        baselineLabel: "bare URLProtocol",
        operations: HTTPStubbingBenchmark.requestCount,
        subject: { try await HTTPStubbingBenchmark.registryRun(tasks: 8) },
        baseline: { try await HTTPStubbingBenchmark.bareStubRun(tasks: 8) }
    ),
    Comparison(
        name: "HTTP GET via URLSession, 100 stubs vs loopback server",
        subjectLabel: "HTTPStubRegistry",
        baselineLabel: "python3 http.server",
        operations: HTTPStubbingBenchmark.loopbackRequestCount,
        subject: { try await HTTPStubbingBenchmark.registryRun(requests: HTTPStubbingBenchmark.loopbackRequestCount) },
        baseline: { try await HTTPStubbingBenchmark.loopbackRun() }
    ),
    Comparison(
        name: "HTTP GET via URLSession, all 100 stubs scanned vs bare URLProtocol",
        subjectLabel: "HTTPStubRegistry",
        baselineLabel: "bare URLProtocol",
        operations: HTTPStubbingBenchmark.requestCount,
        subject: { try await HTTPStubbingBenchmark.fullScanRun(stubs: 100) },
        baseline: { try await HTTPStubbingBenchmark.bareStubRun() }
    ),
    Comparison(
        name: "HTTP CPU time per GET, 100 stubs vs bare URLProtocol",
        subjectLabel: "HTTPStubRegistry, CPU",
        baselineLabel: "bare URLProtocol, CPU",
        operations: HTTPStubbingBenchmark.requestCount,
        subject: { try await HTTPStubbingBenchmark.registryRun(cpuTime: true) },
        baseline: { try await HTTPStubbingBenchmark.bareStubRun(cpuTime: true) }
    ),
    Comparison(
        name: "HTTP CPU time per GET, all 100 stubs scanned vs bare URLProtocol",
        subjectLabel: "HTTPStubRegistry, CPU",
        baselineLabel: "bare URLProtocol, CPU",
        operations: HTTPStubbingBenchmark.requestCount,
        subject: { try await HTTPStubbingBenchmark.fullScanRun(stubs: 100, cpuTime: true) },
        baseline: { try await HTTPStubbingBenchmark.bareStubRun(cpuTime: true) }
    ),
    Comparison(
        name: "HTTP unhandled request until the client's URLError",
        subjectLabel: "HTTPStubRegistry, no stub",
        baselineLabel: "bare URLProtocol",
        operations: HTTPStubbingBenchmark.requestCount,
        subject: { try await HTTPStubbingBenchmark.unhandledRun() },
        baseline: { try await HTTPStubbingBenchmark.bareStubRun() }
    ),
]

/// How the registry's costs grow: stubs scanned per request, `verify` after each request as the
/// recorded requests grow, an unhandled request among many stubs, and registries created.
let httpStubbingScaleComparisons: [Comparison] =
    [1, 100, 1_000, 10_000].map { (count: Int) -> Comparison in
        Comparison(
            name: "HTTP scale: GET scanning all of \(count) stubs vs bare URLProtocol",
            subjectLabel: "HTTPStubRegistry",
            baselineLabel: "bare URLProtocol",
            operations: HTTPStubbingBenchmark.scaleRequestCount,
            subject: { try await HTTPStubbingBenchmark.fullScanRun(stubs: count, requests: HTTPStubbingBenchmark.scaleRequestCount) },
            baseline: { try await HTTPStubbingBenchmark.bareStubRun(requests: HTTPStubbingBenchmark.scaleRequestCount) },
            scale: .init(family: "HTTP scale: GET scanning all stubs", size: count)
        )
    }
    + [1_000, 10_000, 100_000].map { (count: Int) -> Comparison in
        Comparison(
            name: "HTTP scale: request + verify with \(count) recorded vs bare URLProtocol request",
            subjectLabel: "request, then verify",
            baselineLabel: "bare URLProtocol",
            operations: HTTPStubbingBenchmark.scaleRequestCount,
            subject: { try await HTTPStubbingBenchmark.verifyAfterEachRun(recorded: count) },
            baseline: { try await HTTPStubbingBenchmark.bareStubRun(requests: HTTPStubbingBenchmark.scaleRequestCount) },
            scale: .init(family: "HTTP scale: request + verify", size: count)
        )
    } + [
        Comparison(
            name: "HTTP scale: failing verify with 100000 recorded vs counting them by hand",
            subjectLabel: "verify message",
            baselineLabel: "filter + count",
            operations: 1,
            subject: { try await HTTPStubbingBenchmark.failingVerifyRun(recorded: 100_000).failing },
            baseline: { try await HTTPStubbingBenchmark.failingVerifyRun(recorded: 100_000).counting }
        )
    ]
    + [1, 100, 10_000].map { (count: Int) -> Comparison in
        Comparison(
            name: "HTTP scale: unhandled request among \(count) stubs vs bare URLProtocol",
            subjectLabel: "HTTPStubRegistry",
            baselineLabel: "bare URLProtocol",
            operations: HTTPStubbingBenchmark.scaleRequestCount,
            subject: { try await HTTPStubbingBenchmark.unhandledRun(stubs: count, requests: HTTPStubbingBenchmark.scaleRequestCount) },
            baseline: { try await HTTPStubbingBenchmark.bareStubRun(requests: HTTPStubbingBenchmark.scaleRequestCount) },
            scale: .init(family: "HTTP scale: unhandled request", size: count)
        )
    }
    + [1, 100, 10_000].map { (count: Int) -> Comparison in
        Comparison(
            name: "HTTP scale: \(count) registries created, used once, released vs URLSessions",
            subjectLabel: "HTTPStubRegistry",
            baselineLabel: "URLSession + bare",
            operations: count,
            subject: { try await HTTPStubbingBenchmark.registriesRun(count).duration },
            baseline: { try await HTTPStubbingBenchmark.sessionsRun(count).duration },
            scale: .init(family: "HTTP scale: registries created and released", size: count)
        )
    }

/// The minimal hand-written stub: one closure, no matching, no recording. The floor. It answers
/// what the registry's stubs answer (same status, header and body) so only the stubbing differs.
final class BareStubURLProtocol: URLProtocol {
    static let respond: @Sendable (URLRequest) -> (status: Int, headers: [String: String], body: Data) = { _ in
        (200, ["Content-Type": "application/json"], Data(#"{"books":[]}"#.utf8))
    }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        let (status, headers, body) = Self.respond(request)
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
        else {
            client?.urlProtocol(self, didFailWithError: URLError(.badURL))
            return
        }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: body)
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

enum HTTPStubbingBenchmark {
    static let requestCount = 2_000
    static let loopbackRequestCount = 100
    static let stubCount = 100

    struct BenchmarkError: Error, CustomStringConvertible {
        let description: String
    }

    /// Requests cycling over the 100 stubbed pages.
    private static func requests(_ count: Int, base: String = "https://api.example.com") -> [URLRequest] {
        (0..<count).compactMap { index in
            URL(string: "\(base)/books?page=\(index % stubCount)&size=20").map { URLRequest(url: $0) }
        }
    }

    static func registryRun(requests count: Int = requestCount, tasks: Int = 1, cpuTime: Bool = false) async throws -> Elapsed {
        let stubs = HTTPStubRegistry()
        for page in 0..<stubCount {
            stubs.stub(.get("/books").query(["page": "\(page)"]), with: .json(#"{"books":[]}"#))
        }
        return try await send(requests(count), through: stubs.session, tasks: tasks, cpuTime: cpuTime)
    }

    static func bareStubRun(requests count: Int = requestCount, tasks: Int = 1, cpuTime: Bool = false) async throws -> Elapsed {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [BareStubURLProtocol.self]
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        return try await send(requests(count), through: session, tasks: tasks, cpuTime: cpuTime)
    }

    static let scaleRequestCount = 500

    /// Every request matches only the first stub registered, so each one scans all `stubs`.
    static func fullScanRun(stubs count: Int, requests requestCount: Int = requestCount, cpuTime: Bool = false) async throws -> Elapsed {
        let stubs = HTTPStubRegistry()
        stubs.stub(.get("/books").query(["page": "0"]), with: .json(#"{"books":[]}"#))
        for page in 1..<max(count, 1) {
            stubs.stub(.get("/books").query(["page": "\(page)"]), with: .json(#"{"books":[]}"#))
        }
        let requests = (0..<requestCount).compactMap { _ in
            URL(string: "https://api.example.com/books?page=0&size=20").map { URLRequest(url: $0) }
        }
        return try await send(requests, through: stubs.session, tasks: 1, cpuTime: cpuTime)
    }

    /// `recorded` requests first (not timed), then `scaleRequestCount` rounds of one request and
    /// one `verify` of the running count: the verify must not rescan what it has counted.
    static func verifyAfterEachRun(recorded: Int) async throws -> Elapsed {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        let session = stubs.session
        let request = try requestFor("https://api.example.com/books?page=1")
        for _ in 0..<recorded {
            _ = try await session.data(for: request)
        }
        var expected = recorded
        stubs.expectRequested(.get("/books"), count: expected)
        let failures = Locked(0)
        let duration = try await FailureReporter.withHandler({ _ in failures.withLock { $0 += 1 } }) {
            try await measure {
                for _ in 0..<scaleRequestCount {
                    _ = try await session.data(for: request)
                    expected += 1
                    stubs.expectRequested(.get("/books"), count: expected)
                }
            }
        }
        guard failures.value == 0 else { throw BenchmarkError(description: "verify failed \(failures.value) times") }
        return duration
    }

    /// With `recorded` requests, the time of one failing `verify` (its message lists the closest
    /// ten) beside counting the matches by hand.
    static func failingVerifyRun(recorded: Int) async throws -> (failing: Elapsed, counting: Elapsed) {
        let stubs = HTTPStubRegistry()
        stubs.stub(.any, with: .ok)
        let session = stubs.session
        let request = try requestFor("https://api.example.com/books?page=1")
        for _ in 0..<recorded {
            _ = try await session.data(for: request)
        }
        let messageLength = Locked(0)
        let failing = await FailureReporter.withHandler({ failure in messageLength.withLock { $0 = failure.message.count } }) {
            await measure { stubs.expectRequested(.post("/books"), count: 1) }
        }
        var counted = 0
        let matcher = HTTPRequestMatcher.post("/books")
        let counting = await measure {
            counted = stubs.requests.filter { matcher.matches($0) }.count
        }
        guard messageLength.value > 0, messageLength.value < 5_000, counted == 0 else {
            throw BenchmarkError(description: "unexpected verify message of \(messageLength.value) characters")
        }
        return (failing, counting)
    }

    private static func requestFor(_ text: String) throws -> URLRequest {
        guard let url = URL(string: text) else { throw BenchmarkError(description: "bad URL \(text)") }
        return URLRequest(url: url)
    }

    /// Creates `count` registries one after another, each answering one request, each released.
    static func registriesRun(_ count: Int) async throws -> (duration: Elapsed, retainedBytes: Int) {
        let request = try requestFor("https://api.example.com/books")
        let before = MemoryUse.allocatedBytes()
        let duration = try await measure {
            for _ in 0..<count {
                let stubs = HTTPStubRegistry()
                stubs.stub(.any, with: .ok)
                _ = try await stubs.session.data(for: request)
            }
        }
        return (duration, MemoryUse.allocatedBytes() - before)
    }

    /// The baseline for ``registriesRun(_:)``: a session with the bare protocol per test.
    static func sessionsRun(_ count: Int) async throws -> (duration: Elapsed, retainedBytes: Int) {
        let request = try requestFor("https://api.example.com/books")
        let before = MemoryUse.allocatedBytes()
        let duration = try await measure {
            for _ in 0..<count {
                let configuration = URLSessionConfiguration.ephemeral
                configuration.protocolClasses = [BareStubURLProtocol.self]
                let session = URLSession(configuration: configuration)
                _ = try await session.data(for: request)
                session.finishTasksAndInvalidate()
            }
        }
        return (duration, MemoryUse.allocatedBytes() - before)
    }

    /// Sends `requests` through `session`, split evenly over `tasks` concurrent tasks, and times
    /// it: wall-clock time, or with `cpuTime` the process's CPU time over all threads, which moves
    /// less with the machine's load.
    private static func send(
        _ requests: [URLRequest], through session: URLSession, tasks: Int, cpuTime: Bool = false
    ) async throws -> Elapsed {
        let shares = (0..<tasks).map { task in stride(from: task, to: requests.count, by: tasks).map { requests[$0] } }
        let cpuBefore = processCPUNanoseconds()
        let wall = try await measure {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for share in shares {
                    group.addTask {
                        for request in share {
                            _ = try await session.data(for: request)
                        }
                    }
                }
                try await group.waitForAll()
            }
        }
        return cpuTime ? Elapsed(nanoseconds: UInt64(max(0, processCPUNanoseconds() - cpuBefore))) : wall
    }

    /// The process's CPU time over all its threads.
    static func processCPUNanoseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }

    static func unhandledRun(stubs stubCount: Int = 0, requests requestCount: Int = requestCount) async throws -> Elapsed {
        // A handler installed when the registry is created receives its failures, so the
        // benchmark does not print one per request.
        let stubs = FailureReporter.withHandler({ _ in }) { HTTPStubRegistry() }
        for index in 0..<stubCount {
            stubs.stub(.post("/books/\(index)"), with: .ok)
        }
        let session = stubs.session
        let requests = requests(requestCount)
        var errors = 0
        let duration = await measure {
            for request in requests {
                do {
                    _ = try await session.data(for: request)
                } catch {
                    errors += 1
                }
            }
        }
        guard errors == requests.count else {
            throw BenchmarkError(description: "expected \(requests.count) URLErrors, got \(errors)")
        }
        return duration
    }

    static func loopbackRun() async throws -> Elapsed {
        let server = try LoopbackServer.start()
        defer { server.stop() }
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        let requests = requests(loopbackRequestCount, base: "http://127.0.0.1:\(server.port)")
        return try await measure {
            for request in requests {
                let (_, response) = try await session.data(for: request)
                guard (response as? HTTPURLResponse)?.statusCode == 200 else {
                    throw BenchmarkError(description: "loopback server answered \(response)")
                }
            }
        }
    }
}

/// `python3 -m http.server` on 127.0.0.1, on a port it picks itself, serving one small file as
/// `/books`; killed by the benchmark when its run ends.
struct LoopbackServer {
    let process: Process
    let port: Int
    let directory: URL

    static func start() throws -> LoopbackServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("http-bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"books":[]}"#.utf8).write(to: directory.appendingPathComponent("books"))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "--directory", directory.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The server prints "Serving HTTP on 127.0.0.1 port NNNNN ..." once it listens.
        var text = ""
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, !text.contains(" port ") || !text.contains("\n") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: " port "),
            let port = Int(text[range.upperBound...].prefix { $0.isNumber })
        else {
            Self.stopProcess(process)
            throw HTTPStubbingBenchmark.BenchmarkError(description: "python3 http.server did not report a port: \(text)")
        }
        return LoopbackServer(process: process, port: port, directory: directory)
    }

    func stop() {
        Self.stopProcess(process)
        try? FileManager.default.removeItem(at: directory)
    }

    /// Kills the server with SIGKILL: a child started by `Process` on Linux can have SIGTERM
    /// blocked, and then `terminate()` never ends it (measured).
    private static func stopProcess(_ process: Process) {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}

/// The process's resident memory, for the registries' memory rows: read from /proc/self/statm
/// on Linux (0 elsewhere). Freed memory stays resident with glibc's allocator, so growth over
/// many registries bounds what each one leaves behind from above.
enum MemoryUse {
    static func allocatedBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * 4_096
    }

    /// Prints, for each count, the heap each registry leaves behind beside a plain URLSession's.
    static func printRegistryRetention(counts: [Int] = [1, 100, 10_000]) async {
        print("HTTP scale: resident memory growth per test, after the registry or session is released")
        for count in counts {
            do {
                let registries = try await HTTPStubbingBenchmark.registriesRun(count)
                let sessions = try await HTTPStubbingBenchmark.sessionsRun(count)
                let perRegistry = Double(registries.retainedBytes) / Double(count) / 1_024
                let perSession = Double(sessions.retainedBytes) / Double(count) / 1_024
                print(
                    String(
                        format: "  %6d created: HTTPStubRegistry %.2f KB each, URLSession + bare protocol %.2f KB each", count, perRegistry,
                        perSession))
            } catch {
                print("  \(count) created: failed: \(error)")
            }
        }
    }
}
