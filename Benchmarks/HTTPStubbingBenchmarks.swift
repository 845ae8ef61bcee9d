import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import TestSupportKit

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
        name: "HTTP unhandled request until the client's URLError",
        subjectLabel: "HTTPStubRegistry, no stub",
        baselineLabel: "bare URLProtocol",
        operations: HTTPStubbingBenchmark.requestCount,
        subject: { try await HTTPStubbingBenchmark.unhandledRun() },
        baseline: { try await HTTPStubbingBenchmark.bareStubRun() }
    ),
]

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
              let response = HTTPURLResponse(url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers) else {
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

    static func registryRun(requests count: Int = requestCount, tasks: Int = 1) async throws -> Elapsed {
        let stubs = HTTPStubRegistry()
        for page in 0..<stubCount {
            stubs.stub(.get("/books").query(["page": "\(page)"]), with: .json(#"{"books":[]}"#))
        }
        return try await send(requests(count), through: stubs.session, tasks: tasks)
    }

    static func bareStubRun(tasks: Int = 1) async throws -> Elapsed {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [BareStubURLProtocol.self]
        configuration.urlCache = nil
        let session = URLSession(configuration: configuration)
        defer { session.finishTasksAndInvalidate() }
        return try await send(requests(requestCount), through: session, tasks: tasks)
    }

    /// Sends `requests` through `session`, split evenly over `tasks` concurrent tasks, and times it.
    private static func send(_ requests: [URLRequest], through session: URLSession, tasks: Int) async throws -> Elapsed {
        let shares = (0..<tasks).map { task in stride(from: task, to: requests.count, by: tasks).map { requests[$0] } }
        return try await measure {
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
    }

    static func unhandledRun() async throws -> Elapsed {
        // A handler installed when the registry is created receives its failures, so the
        // benchmark does not print one per request.
        let stubs = FailureReporter.withHandler({ _ in }) { HTTPStubRegistry() }
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
              let port = Int(text[range.upperBound...].prefix { $0.isNumber }) else {
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
