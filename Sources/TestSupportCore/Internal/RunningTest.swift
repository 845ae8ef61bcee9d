import Testing

/// What the package knows about the test running on this task: its name, where it is declared,
/// and a way to run a check at its end.
///
/// Swift Testing tells through `Test.current`; XCTest through the cases the package saw start.
package enum RunningTest {
    /// The running test's name, and its declaration in Swift Testing; `nil` when no test is known.
    package static var current: (name: String, declaration: CallSite?)? {
        if let test = Test.current { return (test.displayName ?? test.name, EndOfTestReport.site(of: test)) }
        return XCTestCaseTracker.shared.runningTestName.map { ($0, nil) }
    }

    /// Adds a check to run in the teardown of the running XCTest case.
    ///
    /// - Parameter check: Code that reports through ``FailureReporter``.
    /// - Returns: `false` when no XCTest case is known to be running, or its teardown has begun.
    package static func addXCTestEndOfTestCheck(_ check: @escaping @Sendable () -> Void) -> Bool {
        XCTestCaseTracker.shared.observeIfNeeded()
        return XCTestCaseTracker.shared.addEndOfTestCheck(check)
    }

    /// Runs the checks added to the running XCTest case now, instead of in its teardown; for the
    /// package's own tests of those checks.
    package static func runXCTestEndOfTestChecks() {
        XCTestCaseTracker.shared.runEndOfTestChecks()
    }
}
