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

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_next_shortTimeoutOnSilentSource_failsWellBeforeTheDefault() async {
        let (stream, _) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "prices")
        let clock = ContinuousClock()
        let start = clock.now
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            _ = await recorder.next(timeout: .milliseconds(50))
        }

        // Catches a unit mix-up (50 ms read as 50 s). A full parallel run on a loaded machine
        // delays a task by seconds, never by 30.
        XCTAssertLessThan(clock.now - start, .seconds(30))
        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("Timed out after 0.05 s waiting for the next value from prices; no values so far")
                ?? false,
            failures.first?.description ?? "no failure"
        )
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_next_cancelled_failsSayingItWasCancelled() async {
        let (stream, _) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "prices")
        let line = #line + 3
        let failures = await capturingXCTestFailures {
            let waiter = Task {
                _ = await recorder.next(timeout: .seconds(5))
            }
            waiter.cancel()
            _ = await waiter.value
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("Cancelled while waiting for the next value from prices; no values so far") ?? false,
            failures.first?.description ?? "no failure"
        )
    }

    func test_completion_sourceFailed_returnsTheFailureWithoutReporting() async {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let recorder = AsyncRecorder(stream)
        continuation.finish(throwing: URLError(.notConnectedToInternet))

        let failures = await capturingXCTestFailures {
            guard case .failure(let error)? = await recorder.completion() else { return XCTFail("Expected a failure") }
            XCTAssertEqual((error as? URLError)?.code, .notConnectedToInternet)
        }

        XCTAssertEqual(failures.count, 0)
    }

    func test_singleValue_twoValues_failsAtCallersLineListingThem() async {
        let recorder = AsyncRecorder(
            AsyncStream { continuation in
                continuation.yield(1)
                continuation.yield(2)
                continuation.finish()
            }, label: "answers")
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            _ = await recorder.singleValue()
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("Expected exactly one value from answers before it finished, got 2: [1, 2]") ?? false,
            failures.first?.description ?? "no failure"
        )
    }

    func test_lastValue_sourceFinished_returnsTheLastWithoutHandingOut() async {
        let recorder = AsyncRecorder(
            AsyncStream { continuation in
                continuation.yield("idle")
                continuation.yield("loaded")
                continuation.finish()
            })

        let last = await recorder.lastValue()

        XCTAssertEqual(last, "loaded")
        let first = await recorder.firstValues(1)
        XCTAssertEqual(first, ["idle"])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_expectNoValue_valueArrives_failsAtCallersLineNamingIt() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "alerts")
        continuation.yield(9)
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            _ = await recorder.expectNoValue(within: .seconds(3))
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("Expected no value from alerts within 3 s, got 9; values so far: [9] (0 handed out)")
                ?? false,
            failures.first?.description ?? "no failure"
        )
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_expectNoCompletion_sourceFails_failsAtCallersLineNamingTheError() async {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let recorder = AsyncRecorder(stream, label: "uploads")
        continuation.finish(throwing: URLError(.timedOut))
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            _ = await recorder.expectNoCompletion(within: .seconds(3))
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("Expected uploads not to end within 3 s, but it failed with") ?? false,
            failures.first?.description ?? "no failure"
        )
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_completion_sourceStillRunning_failsAtCallersLineListingValues() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "prices")
        continuation.yield(3)
        _ = await recorder.firstValues(1, timeout: .seconds(5))
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            _ = await recorder.completion(timeout: .zero)
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("Timed out after 0 s waiting for prices to end; values so far: [3] (0 handed out)")
                ?? false,
            failures.first?.description ?? "no failure"
        )
    }

    func test_firstValues_sourceFinishedWithFewer_failsAtCallersLineSayingSo() async {
        let recorder = AsyncRecorder(
            AsyncStream { continuation in
                continuation.yield(1)
                continuation.finish()
            }, label: "pages")
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            _ = await recorder.firstValues(2)
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains(
                "Expected the first 2 values from pages, but it finished; got only [1]; values so far: [1] (0 handed out)") ?? false,
            failures.first?.description ?? "no failure"
        )
    }

    func test_lastValue_sourceFailed_failsAtCallersLineNamingTheError() async {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let recorder = AsyncRecorder(stream, label: "downloads")
        continuation.finish(throwing: URLError(.timedOut))
        let line = #line + 2
        let failures = await capturingXCTestFailures {
            _ = await recorder.lastValue()
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("Expected downloads to finish, but it failed with") ?? false,
            failures.first?.description ?? "no failure"
        )
    }
}
