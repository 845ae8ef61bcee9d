import Testing

/// Where a trait's end-of-test failures point when no better line is known: the test's own
/// declaration, so a check that runs after the test's body fails that test at a line of the user's file.
package enum EndOfTestReport {
    /// The test's declaration as a call site.
    package static func site(of test: Test) -> CallSite {
        let location = test.sourceLocation
        #if compiler(>=6.3)
        let filePath = location.filePath
        #else
        let filePath = location._filePath  // Swift Testing before 6.3 has no public `filePath`
        #endif
        return CallSite(fileID: location.fileID, filePath: filePath, line: location.line, column: location.column)
    }
}
