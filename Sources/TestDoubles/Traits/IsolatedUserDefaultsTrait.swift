#if compiler(>=6.1)
import Foundation
import Testing
import TestSupportCore

extension IsolatedUserDefaults {
    // `IsolatedUserDefaults` is not Sendable; the task-local holds it in the package's lock box.
    @TaskLocal static var taskDefaults: Locked<IsolatedUserDefaults>?

    /// The suite the isolated user defaults trait provides to the running test, or none outside
    /// such a test.
    ///
    /// The trait is `.isolatedUserDefaults`.
    ///
    /// ```swift
    /// @Test(.isolatedUserDefaults)
    /// func goalSurvivesRelaunch() throws {
    ///     let defaults = try #require(IsolatedUserDefaults.current).defaults
    ///     ReadingSettings(store: defaults).dailyGoalPages = 30
    /// }
    /// ```
    public static var current: IsolatedUserDefaults? { taskDefaults?.value }
}

/// A Swift Testing trait that gives each test its own uniquely named user defaults suite and
/// removes it when the test ends.
///
/// A `UserDefaults` suite, read from ``IsolatedUserDefaults/current``; it is removed whether the
/// test passed or failed.
///
/// XCTest cases keep using `makeIsolatedUserDefaults()`.
public struct IsolatedUserDefaultsTrait: TestTrait, SuiteTrait, TestScoping {
    /// Applies to every test in a suite that carries it.
    public var isRecursive: Bool { true }

    /// Runs the test with its own suite, then removes the suite.
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
        let suite = IsolatedUserDefaults()
        defer { suite.remove() }
        try await IsolatedUserDefaults.$taskDefaults.withValue(Locked(suite)) {
            try await function()
        }
    }
}

extension Trait where Self == IsolatedUserDefaultsTrait {
    /// Gives each test its own user defaults suite, removed when the test ends.
    ///
    /// A `UserDefaults` suite, read from ``IsolatedUserDefaults/current``.
    public static var isolatedUserDefaults: Self { IsolatedUserDefaultsTrait() }
}
#endif
