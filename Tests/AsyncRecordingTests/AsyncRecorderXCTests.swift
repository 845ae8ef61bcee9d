import AsyncRecording
import Foundation
import TestSupportTesting
import XCTest

final class AsyncRecorderXCTests: FailureRecordingTestCase {
    func test_next_valueSentLater_returnsIt() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream)
        continuation.yield(42)

        let value = await recorder.next()

        XCTAssertEqual(value, 42)
    }

    func test_expectValues_mismatch_failsAtCallersLineWithBothValues() async {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let recorder = AsyncRecorder(stream, label: "statuses")
        continuation.yield("idle")
        continuation.yield("failed")
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            await recorder.expectValues(["idle", "loaded"])
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(
            failures.first?.description.contains(
                #"Expected values ["idle", "loaded"] from statuses, got ["idle", "failed"] (first difference at index 1"#
            ) ?? false,
            failures.first?.description ?? "no failure"
        )
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_next_timeout_failsAtCallersLineListingValuesSoFar() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "page numbers")
        continuation.yield(1)
        _ = await recorder.next()
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            _ = await recorder.next(timeout: .zero)
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains(
                "Timed out after 0 s waiting for the next value from page numbers; values so far: [1] (all handed out)"
            ) ?? false,
            failures.first?.description ?? "no failure"
        )
    }

    func test_failure_sequenceFinished_failsSayingItFinished() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "uploads")
        continuation.finish()
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            _ = await recorder.failure()
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("Expected uploads to fail, but it finished; no values so far") ?? false,
            failures.first?.description ?? "no failure"
        )
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_values_noNotificationPosted_failsAtCallersLineNamingTheNotification() async {
        let center = NotificationCenter()
        let recorder = AsyncRecorder(notificationsNamed: Notification.Name("SyncDidFinish"), center: center)
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            _ = await recorder.values(count: 2, timeout: .zero)
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains(
                "Timed out after 0 s waiting for 2 values from notifications named SyncDidFinish; got only []; no values so far"
            ) ?? false,
            failures.first?.description ?? "no failure"
        )
    }
}
