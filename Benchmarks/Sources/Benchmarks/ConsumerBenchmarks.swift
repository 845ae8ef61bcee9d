import Foundation

/// What a team feels of the package in its own test target, measured on two generated consumer
/// packages with the same 1,000 tests (half XCTest, half Swift Testing): one whose tests each
/// create a registry with three stubs, make a request through its session, and use a spy and a
/// manual queue; and a bare one whose tests check the same values with no package code and no
/// dependency. Both rows run `swift`, as a team does: a clean build of the test target, and
/// `swift test` of the built suite.
let consumerComparisons: [Comparison] = [
    Comparison(
        name: "Build: clean build of a 1,000-test consumer importing TestSupportKit vs the same without it",
        subjectLabel: "swift build --build-tests, imports TestSupportKit",
        baselineLabel: "swift build --build-tests, no import",
        operations: 1,
        subject: { try await ConsumerPackage.withPackageCode.cleanBuild() },
        baseline: { try await ConsumerPackage.bare.cleanBuild() },
        maxPairs: 3,
        warmsUp: false
    ),
    Comparison(
        name: "Suite: swift test of 1,000 tests, each with a registry, stubs, a request, a spy and a queue, vs bare",
        subjectLabel: "swift test, package per-test setup",
        baselineLabel: "swift test, same tests without it",
        operations: ConsumerPackage.testCount,
        subject: { try await ConsumerPackage.withPackageCode.runTests() },
        baseline: { try await ConsumerPackage.bare.runTests() }
    ),
]

/// One of the two generated consumer packages, written under the benchmarks' build folder.
enum ConsumerPackage: String {
    case withPackageCode = "package"
    case bare

    /// How many tests each package has: half in XCTest, half in Swift Testing.
    static let testCount = 1_000
    private static let testsPerFile = 100

    /// The library's folder, two above this file's `Sources/Benchmarks`.
    private static let libraryFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private var folder: URL {
        Self.libraryFolder.appendingPathComponent("Benchmarks/.build/consumers/\(rawValue)")
    }

    /// Deletes the package's build folder and times `swift build --build-tests` from nothing,
    /// the library's modules included.
    func cleanBuild() async throws -> Elapsed {
        try write()
        try? FileManager.default.removeItem(at: folder.appendingPathComponent(".build"))
        return try await measure { try swift(["build", "--build-tests"]) }
    }

    /// Times `swift test --skip-build` of the built suite, building it first if needed (untimed).
    func runTests() async throws -> Elapsed {
        try write()
        try swift(["build", "--build-tests"])
        return try await measure { try swift(["test", "--skip-build"]) }
    }

    private func swift(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + arguments + ["--package-path", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ConsumerError(message: "swift \(arguments.joined(separator: " ")) in \(rawValue) exited \(process.terminationStatus)")
        }
    }

    /// Writes the manifest and the test files, each only when its text changed, so a built
    /// package stays built.
    private func write() throws {
        var files = ["Package.swift": manifest]
        let half = Self.testCount / 2
        for first in stride(from: 0, to: half, by: Self.testsPerFile) {
            let numbers = first..<min(first + Self.testsPerFile, half)
            files["Tests/ConsumerTests/XCTests\(first / Self.testsPerFile).swift"] = xcTestFile(numbers)
            files["Tests/ConsumerTests/SwiftTests\(first / Self.testsPerFile).swift"] = swiftTestingFile(numbers.map { $0 + half })
        }
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            if (try? String(contentsOf: url, encoding: .utf8)) == text { continue }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    private var manifest: String {
        let library = Self.libraryFolder
        let dependency = self == .bare ? "" : #".package(path: "\#(library.path)")"#
        let product = self == .bare ? "" : #".product(name: "TestSupportKit", package: "\#(library.lastPathComponent)")"#
        return """
            // swift-tools-version: 6.2
            import PackageDescription

            let package = Package(
                name: "Consumer",
                platforms: [.macOS(.v13)],
                dependencies: [\(dependency)],
                targets: [.testTarget(name: "ConsumerTests", dependencies: [\(product)])],
                swiftLanguageModes: [.v6]
            )

            """
    }

    private var imports: String {
        self == .bare
            ? "import Foundation\n"
            : "import Foundation\nimport TestSupportKit\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n"
    }

    private func xcTestFile(_ numbers: Range<Int>) -> String {
        let tests = numbers.map { number in
            let body = #"{"id":\#(number)}"#
            return self == .bare
                ? """
                    func test_book\(number)() async throws {
                        let body = Data(#"\(body)"#.utf8)
                        var saved: [Int] = []
                        saved.append(\(number))
                        XCTAssertEqual(String(decoding: body, as: UTF8.self), #"\(body)"#)
                        XCTAssertEqual(saved, [\(number)])
                    }
                """
                : """
                    func test_book\(number)() async throws {
                        let stubs = HTTPStubRegistry()
                        stubs.stub(.get("/books/\(number)"), with: .json(#"\(body)"#))
                        stubs.stub(.post("/books"), with: .status(201))
                        stubs.stub(.get("/authors"), with: .json("[]"))
                        let save = Spy<Int, Int>("save(id:)", defaultAnswer: 1)
                        let queue = ManualDispatchQueue()
                        let url = try XCTUnwrap(URL(string: "https://api.example/books/\(number)"))
                        let (data, _) = try await stubs.session.data(from: url)
                        queue.async { _ = save.call(\(number)) }
                        _ = queue.runAll()
                        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"\(body)"#)
                        save.expectCalled(times: 1)
                        stubs.expectRequested(.get("/books/\(number)"))
                    }
                """
        }
        return imports + "import XCTest\n\nfinal class Books\(numbers.lowerBound)Tests: XCTestCase {\n"
            + tests.joined(separator: "\n\n") + "\n}\n"
    }

    private func swiftTestingFile(_ numbers: [Int]) -> String {
        let tests = numbers.map { number in
            let body = #"{"id":\#(number)}"#
            return self == .bare
                ? """
                    @Test func book\(number)() async throws {
                        let body = Data(#"\(body)"#.utf8)
                        var saved: [Int] = []
                        saved.append(\(number))
                        #expect(String(decoding: body, as: UTF8.self) == #"\(body)"#)
                        #expect(saved == [\(number)])
                    }
                """
                : """
                    @Test func book\(number)() async throws {
                        let stubs = HTTPStubRegistry()
                        stubs.stub(.get("/books/\(number)"), with: .json(#"\(body)"#))
                        stubs.stub(.post("/books"), with: .status(201))
                        stubs.stub(.get("/authors"), with: .json("[]"))
                        let save = Spy<Int, Int>("save(id:)", defaultAnswer: 1)
                        let queue = ManualDispatchQueue()
                        let url = try #require(URL(string: "https://api.example/books/\(number)"))
                        let (data, _) = try await stubs.session.data(from: url)
                        queue.async { _ = save.call(\(number)) }
                        _ = queue.runAll()
                        #expect(String(decoding: data, as: UTF8.self) == #"\(body)"#)
                        save.expectCalled(times: 1)
                        stubs.expectRequested(.get("/books/\(number)"))
                    }
                """
        }
        return imports + "import Testing\n\n@Suite struct Books\(numbers.first ?? 0)Tests {\n"
            + tests.joined(separator: "\n\n") + "\n}\n"
    }
}

/// A `swift` command of a consumer package that failed.
struct ConsumerError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
