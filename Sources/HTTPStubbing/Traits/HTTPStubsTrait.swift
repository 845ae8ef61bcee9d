#if compiler(>=6.1)
import Testing
import TestSupportCore

extension HTTPStubRegistry {
    @TaskLocal static var taskRegistry: HTTPStubRegistry?

    /// The registry the HTTP stubs trait provides to the running test, or none outside such a test.
    ///
    /// The trait is `.httpStubs`.
    ///
    /// ```swift
    /// @Test(.httpStubs)
    /// func loadsFirstPage() async throws {
    ///     let stubs = try #require(HTTPStubRegistry.current)
    ///     stubs.stub(.get("/books"), with: .json("[]"))
    /// }
    /// ```
    public static var current: HTTPStubRegistry? { taskRegistry }
}

/// A Swift Testing trait that gives each test a fresh stub registry and fails the test for every
/// request no stub answered.
///
/// The test gets the registry from ``HTTPStubRegistry/current``; the check runs once the test's
/// body has returned.
///
/// XCTest cases and code without the trait keep using `withHTTPStubs { stubs in … }`.
public struct HTTPStubsTrait: TestTrait, SuiteTrait, TestScoping {
    let followsRedirects: Bool

    /// Applies to every test in a suite that carries it.
    public var isRecursive: Bool { true }

    /// Runs the test with its own registry, then verifies it.
    ///
    /// - Parameters:
    ///   - test: The test or suite.
    ///   - testCase: The test case, or `nil` for a suite.
    ///   - function: The test's body.
    public func provideScope(
        for test: Test,
        testCase: Test.Case?,
        performing function: @Sendable () async throws -> Void
    ) async throws {
        guard testCase != nil else { return try await function() }
        // The registry reports unhandled requests (found on URLSession threads) to this handler,
        // which keeps them for the end of the test: they then fail the test at its declaration.
        let unhandled = Locked<[TestFailure]>([])
        let registry = FailureReporter.withHandler({ failure in unhandled.withLock { $0.append(failure) } }) {
            HTTPStubRegistry(followsRedirects: followsRedirects)
        }
        // Runs when the body returns or throws.
        defer {
            registry.expectNoUnhandledRequests()
            let site = EndOfTestReport.site(of: test)
            for failure in unhandled.value {
                FailureReporter.report("HTTP stubs at the end of the test: \(failure.message)", at: site)
            }
        }
        try await HTTPStubRegistry.$taskRegistry.withValue(registry) {
            try await function()
        }
    }
}

extension Trait where Self == HTTPStubsTrait {
    /// Gives each test a fresh stub registry and fails it for every unhandled request when its body
    /// returns.
    ///
    /// The test gets its ``HTTPStubRegistry`` from ``HTTPStubRegistry/current``.
    public static var httpStubs: Self { HTTPStubsTrait(followsRedirects: true) }

    /// Gives each test a fresh stub registry that follows redirects or not, and fails it for every
    /// unhandled request.
    ///
    /// The test gets its ``HTTPStubRegistry`` from ``HTTPStubRegistry/current``; the check runs
    /// when its body returns.
    ///
    /// - Parameter followsRedirects: Whether the registry follows redirects itself.
    public static func httpStubs(followsRedirects: Bool) -> Self { HTTPStubsTrait(followsRedirects: followsRedirects) }
}
#endif
