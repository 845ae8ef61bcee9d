import Testing

/// Where a trait's end-of-test failures point when no better line is known: the test's own
/// declaration, so a check that runs after the test's body fails that test at a line of the user's file.
package enum EndOfTestReport {
    /// The test's declaration as a call site.
    package static func site(of test: Test) -> CallSite {
        let location = test.sourceLocation
        return CallSite(fileID: location.fileID, filePath: location.filePath, line: location.line, column: location.column)
    }
}
