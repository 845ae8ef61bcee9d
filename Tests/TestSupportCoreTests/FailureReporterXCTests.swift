import Foundation
import TestSupportCore
import TestSupportTesting
import XCTest

final class FailureReporterXCTests: FailureRecordingTestCase {
    func test_report_insideXCTestCase_failsAtCallersFileAndLine() {
        let line = #line + 2
        let failures = capturingXCTestFailures {
            FailureReporter.report("Expected 2 calls, saw 1")
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertEqual(failures.first?.filePath, #filePath)
        XCTAssertTrue(failures.first?.description.contains("Expected 2 calls, saw 1") == true, "\(failures)")
    }

    func test_report_fromHelperWithDefaultedLocation_failsAtHelpersCaller() {
        let line = #line + 2
        let failures = capturingXCTestFailures {
            expectPositive(-3)
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("Expected a positive number, got -3") == true, "\(failures)")
    }

    func test_report_fromDispatchThreadDuringTest_failsTheRunningTest() {
        let line = #line + 3
        let failures = capturingXCTestFailures {
            let done = DispatchSemaphore(value: 0)
            let location = CallSite()
            DispatchQueue.global().async {
                FailureReporter.report("found on a Dispatch thread", at: location)
                done.signal()
            }
            done.wait()
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("found on a Dispatch thread") == true, "\(failures)")
    }

    func test_withHandler_whileInstalled_receivesFailuresInsteadOfXCTest() {
        let received = Locked<[TestFailure]>([])

        let failures = capturingXCTestFailures {
            FailureReporter.withHandler({ failure in received.withLock { $0.append(failure) } }) {
                FailureReporter.report("redirected")
            }
        }

        XCTAssertEqual(failures, [])
        XCTAssertEqual(received.value.map(\.message), ["redirected"])
    }

    func test_collectFailures_asyncBody_returnsFailuresInOrder() async {
        let failures = await FailureReporter.collectFailures {
            await Task.yield()
            FailureReporter.report("first")
            FailureReporter.report("second")
        }

        XCTAssertEqual(failures.map(\.message), ["first", "second"])
    }
}

/// A helper written the way every public helper of the package is: location defaulted at its
/// call site and passed on.
// snippet: expect-positive
func expectPositive(
    _ value: Int,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    guard value <= 0 else { return }
    FailureReporter.report(
        "Expected a positive number, got \(value)",
        at: CallSite(
            fileID: fileID, filePath: filePath, line: line, column: column)
    )
}
// end-snippet
