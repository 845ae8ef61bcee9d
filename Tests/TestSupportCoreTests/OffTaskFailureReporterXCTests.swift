import Foundation
import TestSupportCore
import TestSupportTesting
import XCTest

final class OffTaskFailureReporterXCTests: FailureRecordingTestCase {
    func test_report_fromDispatchThreadDuringXCTest_failsTheRunningTestAtOnce() {
        let reporter = OffTaskFailureReporter()
        let line = #line + 1
        let location = CallSite()

        let failures = capturingXCTestFailures {
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                reporter.report("no stub for GET /books", at: location)
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("no stub for GET /books") == true, "\(failures)")
        XCTAssertEqual(reporter.pendingFailures, [])
    }

    func test_report_twoFailuresFromDispatchThread_keepsBothInOrder() {
        let reporter = OffTaskFailureReporter()
        let line = #line + 1
        let (first, second) = (CallSite(), CallSite())

        let failures = capturingXCTestFailures {
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                reporter.report("first: no stub for GET /books", at: first)
                reporter.report("second: no stub for GET /authors", at: second)
                done.signal()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 5), .success)
        }

        XCTAssertEqual(failures.map(\.line), [line, line])
        XCTAssertEqual(failures.count, 2)
        XCTAssertTrue(failures.first?.description.contains("first: no stub for GET /books") == true, "\(failures)")
        XCTAssertTrue(failures.last?.description.contains("second: no stub for GET /authors") == true, "\(failures)")
    }

    func test_flush_withNothingKept_reportsNothing() {
        let reporter = OffTaskFailureReporter()

        let failures = capturingXCTestFailures {
            reporter.flush()
        }

        XCTAssertEqual(failures, [])
    }
}
