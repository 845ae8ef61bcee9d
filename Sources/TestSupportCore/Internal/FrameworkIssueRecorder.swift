import Foundation
import Testing
import XCTest

/// Hands a failure to the test frameworks: the single place the package calls `XCTFail` or
/// `Issue.record`.
enum FrameworkIssueRecorder {
    static func record(_ failure: TestFailure) {
        if Test.current != nil {
            recordIssue(failure)
            return
        }
        // Off a Swift Testing task, or in XCTest: each framework ignores the other's call, so
        // calling both yields exactly one failure in whichever one is running.
        if let staticPath = failure.location.staticFilePath {
            XCTFail(failure.message, file: staticPath, line: UInt(failure.location.line))
        } else {
            XCTFail("\(failure.location): \(failure.message)")
        }
        recordIssue(failure)
        if !TestProcess.isRunningTests {
            FileHandle.standardError.write(Data("error: \(failure.location): \(failure.message)\n".utf8))
        }
    }

    private static func recordIssue(_ failure: TestFailure) {
        let location = SourceLocation(
            fileID: failure.location.fileID,
            filePath: failure.location.filePath,
            line: failure.location.line,
            column: failure.location.column
        )
        #if compiler(>=6.3)
        Issue.record(Comment(rawValue: failure.message), severity: .error, sourceLocation: location)
        #else
        Issue.record(Comment(rawValue: failure.message), sourceLocation: location)
        #endif
    }
}
