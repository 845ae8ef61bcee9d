#if compiler(>=6.1)
import DispatchQueueInterface
import Testing
import TestSupportCore

/// The checks registered for the end of the running test by the end-of-test checks trait.
///
/// The trait is `.endOfTestChecks`.
public final class EndOfTestChecks: Sendable {
    @TaskLocal static var taskChecks: EndOfTestChecks?

    private let checks = Locked<[@Sendable () -> Void]>([])

    init() {}

    /// The checks of the running test, or none outside a test with the end-of-test checks trait.
    ///
    /// The trait is `.endOfTestChecks`.
    public static var current: EndOfTestChecks? { taskChecks }

    /// Adds a check to run once the test's body has returned; its failures fail the test.
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// EndOfTestChecks.current?.add { keychain.expectAllInjectedFaultsUsed() }
    /// ```
    ///
    /// - Parameter check: Code that reports failures through the package's helpers or `#expect`.
    public func add(_ check: @escaping @Sendable () -> Void) {
        checks.withLock { $0.append(check) }
    }

    func runAll() {
        for check in checks.value { check() }
    }

    /// Registers `check` with the running test, or reports at the caller's line that the test
    /// needs the trait.
    static func register(_ what: String, at site: CallSite, _ check: @escaping @Sendable () -> Void) {
        guard let current else {
            FailureReporter.report(
                "\(what) needs the test to have the .endOfTestChecks trait, as in @Test(.endOfTestChecks); "
                    + "outside Swift Testing, call the check yourself at the end of the test",
                at: site
            )
            return
        }
        current.add(check)
    }
}

extension ManualDispatchQueue {
    /// Checks, when the test ends, that no block is left waiting and no misuse was recorded.
    ///
    /// Needs the `.endOfTestChecks` trait.
    ///
    /// ```swift
    /// @Test(.endOfTestChecks)
    /// func debouncesQueries() {
    ///     let queue = ManualDispatchQueue(label: "search").checkedAtEndOfTest()
    ///     // …
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The queue itself, for chaining at creation.
    @discardableResult
    public func checkedAtEndOfTest(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Self {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        EndOfTestChecks.register("checkedAtEndOfTest()", at: site) { [self] in
            self.expectNoPendingWork(fileID: fileID, filePath: filePath, line: line, column: column)
            self.expectNoMisuse(fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return self
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension TestClock {
    /// Checks, when the test ends, that no task is left sleeping on the clock.
    ///
    /// Needs the `.endOfTestChecks` trait.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The clock itself, for chaining at creation.
    @discardableResult
    public func checkedAtEndOfTest(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Self {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        EndOfTestChecks.register("checkedAtEndOfTest()", at: site) { [self] in
            self.expectNoPendingSleepers(fileID: fileID, filePath: filePath, line: line, column: column)
        }
        return self
    }
}

/// A Swift Testing trait that runs the end-of-test checks registered during each test once its body
/// has returned, failing that test.
///
/// The checks are registered with `checkedAtEndOfTest()` on a `ManualDispatchQueue` or
/// ``TestClock``, or with ``EndOfTestChecks/add(_:)``.
public struct EndOfTestChecksTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test in a suite that carries it.
    public var isRecursive: Bool { true }

    /// Runs the test, then its registered checks.
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
        let checks = EndOfTestChecks()
        defer { checks.runAll() }  // when the body returns or throws
        try await EndOfTestChecks.$taskChecks.withValue(checks) {
            try await function()
        }
    }
}

extension Trait where Self == EndOfTestChecksTrait {
    /// Runs each test's registered end-of-test checks (no pending work on its queues, no
    /// sleepers left on its clocks) once its body returns.
    public static var endOfTestChecks: Self { EndOfTestChecksTrait() }
}
#endif
