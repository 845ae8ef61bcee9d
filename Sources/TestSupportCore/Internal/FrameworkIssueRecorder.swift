import Foundation
import Testing
import XCTest

/// Hands a failure to the test framework that runs the test: the single place the package calls
/// `XCTFail` or `Issue.record`.
///
/// Exactly one framework receives each failure. Calling both is not safe: since Swift 6.3 and
/// Xcode 26.4 the two frameworks forward each other's failures, so a failure recorded in both
/// would count twice.
enum FrameworkIssueRecorder {
    /// Where a failure goes.
    enum Route: Equatable, Sendable {
        /// `Issue.record`: a Swift Testing test, or a failure off every test's task.
        case swiftTesting
        /// `XCTFail`: an XCTest case is running.
        case xcTest
        /// Both, when nothing tells which framework runs the test (see ``route(…)``).
        case both
    }

    static func record(_ failure: TestFailure) {
        XCTestCaseTracker.shared.observeIfNeeded()
        let route = route(
            inSwiftTestingTest: Test.current != nil,
            xcTest: XCTestCaseTracker.shared.state,
            onMainThread: Thread.isMainThread
        )
        switch route {
        case .swiftTesting:
            recordIssue(failure)
        case .xcTest:
            recordXCTestFailure(failure)
        case .both:
            recordXCTestFailure(failure)
            recordIssue(failure)
        }
        if !TestProcess.isRunningTests {
            FileHandle.standardError.write(Data("error: \(failure.location): \(failure.message)\n".utf8))
        }
    }

    /// Chooses the framework for a failure.
    ///
    /// - A Swift Testing test on this task owns it.
    /// - Otherwise a running XCTest case does (XCTest attributes `XCTFail` from any thread to it).
    /// - Otherwise, when XCTest is known to be idle, Swift Testing records it: it comes from a
    ///   thread that no test's task covers, and fails the run rather than vanish.
    /// - Before the tracker has seen XCTest start or finish a case, the main thread means XCTest
    ///   (Swift Testing tests on the main actor have `Test.current`); anywhere else both
    ///   frameworks are called, since either could be running and each ignores the other's call
    ///   where they do not interoperate (Linux).
    static func route(inSwiftTestingTest: Bool, xcTest: XCTestCaseTracker.State, onMainThread: Bool) -> Route {
        if inSwiftTestingTest { return .swiftTesting }
        switch xcTest {
        case .running: return .xcTest
        case .idle: return .swiftTesting
        case .unknown: return onMainThread ? .xcTest : .both
        }
    }

    private static func recordXCTestFailure(_ failure: TestFailure) {
        if let staticPath = failure.location.staticFilePath {
            XCTFail(failure.message, file: staticPath, line: UInt(failure.location.line))
        } else {
            XCTFail("\(failure.location): \(failure.message)")
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
