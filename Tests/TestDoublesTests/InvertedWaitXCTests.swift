import TestDoubles
import TestSupportTesting
import XCTest

final class InvertedWaitXCTests: FailureRecordingTestCase {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    func test_expectNoCalls_callArrivesDuringWindow_returnsAndReportsAtCallerLine() async throws {
        let spy = Spy<Int, Void>("remove(id:)")
        // The window is far longer than the task's bound: the check can only end in time by
        // returning when the call arrives.
        let line = #line + 4
        let failures = await capturingXCTestFailures {
            let check = Task { @MainActor in
                Task { await spy.call(4) }
                await spy.expectNoCalls(within: .seconds(600))
            }
            await check.value(within: .seconds(5))
        }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failure.description.contains("Expected no call to remove(id:) within 600 s, got 1 call:\n  #1 4"), failure.description)
        XCTAssertEqual(failure.line, line)
    }

    func test_expectNoCalls_noCall_passes() async {
        let spy = Spy<Int, Void>("remove(id:)")

        let failures = await capturingXCTestFailures { await spy.expectNoCalls(within: .milliseconds(10)) }

        XCTAssertEqual(failures, [])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    func test_mainActorExpectNoCalls_callArrivesDuringWindow_returnsAndReportsAtCallerLine() async throws {
        let spy = MainActorSpy<String, Void>("show(_:)")
        let line = #line + 4
        let failures = await capturingXCTestFailures {
            let check = Task { @MainActor in
                Task { @MainActor in spy.call("Dune") }
                await spy.expectNoCalls(within: .seconds(600))
            }
            await check.value(within: .seconds(5))
        }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains("Expected no call to show(_:) within 600 s, got 1 call:\n  #1 \"Dune\""), failure.description)
        XCTAssertEqual(failure.line, line)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    func test_recorderExpectNoValue_handlerCalledDuringWindow_returnsAndReportsAtCallerLine() async throws {
        let done = CompletionRecorder<Int>("the cover's completion handler")
        let line = #line + 4
        let failures = await capturingXCTestFailures {
            let check = Task { @MainActor in
                Task { done.handler(42) }
                await done.expectNoValue(within: .seconds(600))
            }
            await check.value(within: .seconds(5))
        }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains("Expected the cover's completion handler not to be called within 600 s, got 42"),
            failure.description)
        XCTAssertEqual(failure.line, line)
    }

    func test_recorderExpectNoValue_noCall_passes() async {
        let done = CompletionRecorder<Int>()

        let failures = await capturingXCTestFailures { await done.expectNoValue(within: .milliseconds(10)) }

        XCTAssertEqual(failures, [])
    }
}
