import Foundation
import TestSupportCore
import XCTest

/// A real user defaults suite with a unique name, removed when the test is done, for tests that
/// need the real thing.
///
/// Its persistent domain is removed when the test is done, so nothing leaks into other tests or
/// later runs.
///
/// Prefer [`withIsolatedUserDefaults(_:)`](<doc:withIsolatedUserDefaults(fileID:filePath:line:column:_:)>)
/// (or `XCTestCase.makeIsolatedUserDefaults()`), which remove the suite for you:
///
/// ```swift
/// @Test func settingsSurviveARelaunch() {
///     withIsolatedUserDefaults { defaults in
///         ReadingSettings(store: defaults).dailyGoalPages = 30
///         #expect(ReadingSettings(store: defaults).dailyGoalPages == 30)
///     }
/// }
/// ```
public final class IsolatedUserDefaults {
    /// The suite's unique name.
    ///
    /// It has the form `TestSupportKit.isolated.<UUID>`.
    public let suiteName: String
    /// The suite.
    public let defaults: UserDefaults

    /// Creates a uniquely named, empty suite.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public init(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let name = "TestSupportKit.isolated.\(UUID().uuidString)"
        suiteName = name
        if let suite = UserDefaults(suiteName: name) {
            defaults = suite
        } else {
            FailureReporter.report(
                "Could not create a UserDefaults suite named '\(name)'; using a fresh UserDefaults() instead",
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            )
            defaults = UserDefaults()
        }
    }

    /// Removes the suite's persistent domain: every value written to it.
    public func remove() {
        defaults.removePersistentDomain(forName: suiteName)
    }
}

/// Runs a closure with a fresh, uniquely named user defaults suite and removes the suite when the
/// closure returns or throws.
///
/// `body` gets the `UserDefaults` suite:
///
/// ```swift
/// withIsolatedUserDefaults { defaults in
///     defaults.set(true, forKey: "hasCompletedOnboarding")
///     #expect(ReadingSettings(store: defaults).hasCompletedOnboarding)
/// }
/// ```
///
/// - Parameters:
///   - fileID: The caller's file ID.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
///   - body: The code that uses the suite.
/// - Returns: What `body` returns.
public func withIsolatedUserDefaults<R>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (UserDefaults) throws -> R
) rethrows -> R {
    let suite = IsolatedUserDefaults(fileID: fileID, filePath: filePath, line: line, column: column)
    defer { suite.remove() }
    return try body(suite.defaults)
}

/// Runs an asynchronous closure with a fresh, uniquely named user defaults suite and removes the
/// suite when it returns or throws.
///
/// `body` gets the `UserDefaults` suite:
///
/// - Parameters:
///   - isolation: The caller's actor; inferred.
///   - fileID: The caller's file ID.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
///   - body: The code that uses the suite.
/// - Returns: What `body` returns.
public func withIsolatedUserDefaults<R>(
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (UserDefaults) async throws -> R
) async rethrows -> R {
    let suite = IsolatedUserDefaults(fileID: fileID, filePath: filePath, line: line, column: column)
    defer { suite.remove() }
    return try await body(suite.defaults)
}

extension XCTestCase {
    /// A fresh, uniquely named user defaults suite that is removed when the test ends.
    ///
    /// Returns a real `UserDefaults` suite:
    ///
    /// ```swift
    /// final class ReadingSettingsTests: XCTestCase {
    ///     func test_dailyGoal_whenSaved_survivesRelaunch() {
    ///         let defaults = makeIsolatedUserDefaults()
    ///         ReadingSettings(store: defaults).dailyGoalPages = 30
    ///         XCTAssertEqual(ReadingSettings(store: defaults).dailyGoalPages, 30)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The suite.
    public func makeIsolatedUserDefaults(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> UserDefaults {
        let suite = IsolatedUserDefaults(fileID: fileID, filePath: filePath, line: line, column: column)
        let suiteName = suite.suiteName
        let defaults = suite.defaults
        addTeardownBlock { defaults.removePersistentDomain(forName: suiteName) }
        return defaults
    }
}
