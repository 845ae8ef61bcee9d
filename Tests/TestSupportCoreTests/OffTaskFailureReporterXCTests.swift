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
            done.wait()
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("no stub for GET /books") == true, "\(failures)")
        XCTAssertEqual(reporter.pendingFailures, [])
    }

    func test_flush_withNothingKept_reportsNothing() {
        let reporter = OffTaskFailureReporter()

        let failures = capturingXCTestFailures {
            reporter.flush()
        }

        XCTAssertEqual(failures, [])
    }
}
