import TestDoubles
import TestSupportTesting
import XCTest

final class SpyXCTests: FailureRecordingTestCase {
    func test_call_withoutAnswer_reportsMethodAtCallingLine() throws {
        let spy = Spy<Int, String>("title(for:)", strictFallback: "")

        let line = #line + 1
        let failures = capturingXCTestFailures { _ = spy.call(3) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failure.description.contains(
                "title(for:) was called with 3 but has no answer configured; "
                    + "configure one in the test with returns(_:), answers(_:) or throws(_:), or create the spy with defaultAnswer: to answer unconfigured calls silently; returned the fallback \"\""
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
        XCTAssertTrue(failure.filePath.hasSuffix("SpyXCTests.swift"))
    }

    func test_call_unimplemented_reportsUnimplementedMethod() throws {
        let spy: Spy<String, Int> = .unimplemented("rating(for:)", fallback: 0)

        let line = #line + 1
        let failures = capturingXCTestFailures { _ = spy.call("dune") }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains(
                "Unimplemented: rating(for:) was called with \"dune\", but this test declared it must not be called"),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    @MainActor
    func test_mainActorCall_withoutArguments_recordsAndAnswers() async {
        let spy = MainActorSpy<Void, Int>("pageCount()", defaultAnswer: 3)

        let callSynchronously: () -> Int = { spy.call() }
        let answers = [callSynchronously(), await spy.call()]

        XCTAssertEqual(answers, [3, 3])
        XCTAssertEqual(spy.callCount, 2)
    }

    @MainActor
    func test_mainActorCall_synchronousWhileSuspended_reportsAtCallerLineAndAnswers() throws {
        let spy = MainActorSpy<SpyTestScreen, Int>("show(_:)", defaultAnswer: 3)
        spy.suspendCalls()
        var answer = 0

        let line = #line + 1
        let failures = capturingXCTestFailures { answer = spy.call(SpyTestScreen(title: "Dune")) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failure.description.contains(
                "show(_:) was called synchronously while its calls are suspended; only asynchronous calls can be held, "
                    + "so this one was answered at once"),
            failure.description)
        XCTAssertEqual(failure.line, line)
        XCTAssertEqual(answer, 3)
    }

    @MainActor
    func test_mainActorUnimplemented_fallbackError_reportsAtCallerLineAndThrows() throws {
        let spy = MainActorMethodSpy<Void, Int, SpyTestError>.unimplemented("pageCount()", fallbackError: SpyTestError(code: 7))
        var thrown: SpyTestError?

        let line = #line + 2
        let failures = capturingXCTestFailures {
            do { _ = try spy.call() } catch { thrown = error as? SpyTestError }
        }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failure.description.contains(
                "Unimplemented: pageCount() was called with no arguments, but this test declared it must not be called; "
                    + "threw SpyTestError(code: 7)"),
            failure.description)
        XCTAssertEqual(failure.line, line)
        XCTAssertEqual(thrown, SpyTestError(code: 7))
    }

    func test_call_withValue_returnsValueWithoutFailure() {
        let spy = Spy<Void, Int>("count()", strictFallback: 0)
        spy.returns(4)
        var answer = 0

        let failures = capturingXCTestFailures { answer = spy.call() }

        XCTAssertEqual(answer, 4)
        XCTAssertEqual(failures, [])
    }

    @MainActor
    func test_suspendCalls_whileHeld_letsTestObserveLoading() async {
        let catalog = SpyTestCatalogStub()
        catalog.fetchSpy.returns(SpyTestBook(title: "Dune", pages: 412))
        let loader = SpyTestLoader(catalog: catalog)
        let suspension = catalog.fetchSpy.suspendCalls()

        let load = Task { await loader.load() }
        await suspension.waitUntilSuspended()
        XCTAssertTrue(loader.isLoading)

        suspension.release()
        await load.value
        XCTAssertFalse(loader.isLoading)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @MainActor
    func test_waitUntilSuspended_whenNoCallArrives_reportsTimeoutAtCallerLine() async throws {
        let catalog = SpyTestCatalogStub()
        let suspension = catalog.fetchSpy.suspendCalls()

        let line = #line + 1
        let failures = await capturingXCTestFailures { await suspension.waitUntilSuspended(timeout: .zero) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(failure.description.contains("Timed out after 0 s waiting for 1 call to fetch(id:) to suspend"), failure.description)
        XCTAssertEqual(failure.line, line)
    }
}
