import XCTest

/// A failure as XCTest received it, captured by ``FailureRecordingTestCase``.
public struct RecordedXCTestFailure: Sendable, Equatable {
    /// The failure's description, as XCTest formats it (`failed - <message>`).
    public var description: String
    /// The file XCTest attributes the failure to.
    public var filePath: String
    /// The line XCTest attributes the failure to.
    public var line: Int
}

/// A test case that can capture the failures XCTest receives, so the package's own tests can
/// assert on a helper's message and line through the real XCTest path.
///
/// It overrides `recordFailure(withDescription:inFile:atLine:expected:)`, which XCTest calls for
/// every `XCTFail`, on Linux and on Apple platforms.
open class FailureRecordingTestCase: XCTestCase {
    private var isCapturing = false
    private var captured: [RecordedXCTestFailure] = []

    /// Runs `body` and returns the XCTest failures it produced instead of failing the test.
    ///
    /// - Parameter body: The code expected to fail.
    /// - Returns: The captured failures, in order.
    public func capturingXCTestFailures(_ body: () throws -> Void) rethrows -> [RecordedXCTestFailure] {
        isCapturing = true
        captured = []
        defer { isCapturing = false }
        try body()
        return captured
    }

    /// Runs the asynchronous `body` and returns the XCTest failures it produced instead of
    /// failing the test.
    ///
    /// - Parameter body: The code expected to fail.
    /// - Returns: The captured failures, in order.
    @MainActor
    public func capturingXCTestFailures(_ body: @MainActor () async throws -> Void) async rethrows -> [RecordedXCTestFailure] {
        isCapturing = true
        captured = []
        defer { isCapturing = false }
        try await body()
        return captured
    }

    #if canImport(ObjectiveC)
    override open func record(_ issue: XCTIssue) {
        guard isCapturing else { return super.record(issue) }
        captured.append(
            RecordedXCTestFailure(
                description: issue.compactDescription,
                filePath: issue.sourceCodeContext.location?.fileURL.path ?? "",
                line: issue.sourceCodeContext.location?.lineNumber ?? 0
            )
        )
    }
    #else
    override open func recordFailure(withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool) {
        guard isCapturing else {
            return super.recordFailure(withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
        }
        captured.append(RecordedXCTestFailure(description: description, filePath: filePath, line: lineNumber))
    }
    #endif
}
