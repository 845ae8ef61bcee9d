#if compiler(>=6.1)
import Testing

extension LeakTracker {
    @TaskLocal static var taskTracker: LeakTracker?

    /// The tracker the leak-tracking trait provides to the running test, or none outside such a
    /// test.
    ///
    /// The trait is `.leakTracked`.
    ///
    /// ```swift
    /// @Test(.leakTracked)
    /// @MainActor func viewModelIsReleased() async {
    ///     let viewModel = BookListViewModel(repository: BookRepositoryStub())
    ///     LeakTracker.current?.track(viewModel)
    /// }
    /// ```
    public static var current: LeakTracker? { taskTracker }
}

/// A Swift Testing trait that gives each test a leak tracker and fails the test for every tracked
/// object still alive once its body returns.
///
/// The test gets the tracker from ``LeakTracker/current``; the check runs once the test's body has
/// returned.
///
/// XCTest cases keep using `trackForMemoryLeaks(_:)`.
public struct LeakTrackedTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test in a suite that carries it.
    public var isRecursive: Bool { true }

    /// Runs the test with its own tracker, then verifies it.
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
        let tracker = LeakTracker()
        // Runs when the body returns or throws; the body's locals are released by then. Each
        // leak fails this test at the line that tracked the object.
        defer { tracker.reportLeaks(checkedAt: .endOfTestBody) }
        try await LeakTracker.$taskTracker.withValue(tracker) {
            try await function()
        }
    }
}

extension Trait where Self == LeakTrackedTrait {
    /// Gives each test a leak tracker and fails it for every tracked object still alive when its
    /// body returns.
    ///
    /// The test gets its ``LeakTracker`` from ``LeakTracker/current``.
    public static var leakTracked: Self { LeakTrackedTrait() }
}
#endif
