import TestSupportCore
import TestSupportTesting
import XCTest

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
final class WaitForConditionXCTests: FailureRecordingTestCase {
    func test_waitUntil_conditionNeverHolds_failsAtCallersLine() async {
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            await waitForCondition("the upload to finish", timeout: .zero) { false }
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("Timed out waiting for the upload to finish") == true, "\(failures)")
    }

    func test_waitUntil_conditionHolds_returnsTrueWithoutFailure() async {
        let failures = await capturingXCTestFailures {
            let held = await waitForCondition { true }
            XCTAssertTrue(held)
        }

        XCTAssertEqual(failures, [])
    }
}
