import TestDoubles
import TestSupportTesting
import XCTest

final class SpyAdoptionXCTests: FailureRecordingTestCase {
    func test_call_withDefaultAnswerAfterReset_answersSilently() {
        let navigator = SpyTestNavigatorStub()
        navigator.titlesSpy.returns(["Dune"])
        navigator.titlesSpy.reset()

        var titles: [String]?
        let failures = capturingXCTestFailures { titles = navigator.titles() }

        XCTAssertEqual(titles, [])
        XCTAssertEqual(failures, [])
    }

    func test_call_onStrictSpyWithoutAnswer_reportsAtStubLine() throws {
        let navigator = SpyTestNavigatorStub()

        let failures = capturingXCTestFailures { _ = navigator.rating(for: "Dune") }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failure.description.contains(
                "rating(for:) was called with \"Dune\" but has no answer configured; configure one in the test with "
                    + "returns(_:), answers(_:) or throws(_:), or create the spy with defaultAnswer: to answer "
                    + "unconfigured calls silently; returned the fallback 0"
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, 16)
    }

    func test_expectCalledOnceWith_severalArguments_namesDifferingArgumentAtCallerLine() throws {
        let navigator = SpyTestNavigatorStub()
        navigator.navigate(to: .list, animated: true)

        let line = #line + 1
        let failures = capturingXCTestFailures { navigator.navigateSpy.expectCalledOnce(with: .detail(1), true) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains(
                "Expected navigate(to:animated:) to be called once with (to: detail(1), animated: true), "
                    + "but it was called with (to: list, animated: true)\n  call #1 differs:\n    to: expected detail(1), got list"
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    @MainActor
    func test_mainActorSpy_expectCalledOnceWith_reportsHeadlineAtCallerLine() async throws {
        let router = SpyTestRouterStub()
        router.makeScreenSpy.returns(SpyTestScreen(title: "Dune"))
        _ = router.makeScreen(named: "emma")

        let line = #line + 1
        let failures = capturingXCTestFailures { router.makeScreenSpy.expectCalledOnce(with: "dune") }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains("Expected makeScreen(named:) to be called once with \"dune\", but it was called with \"emma\""),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    @MainActor
    func test_mainActorSpy_expectCallsWithSeveralArguments_namesDifferingCallAtCallerLine() async throws {
        let router = SpyTestRouterStub()
        router.show(.list, animated: false)
        router.show(.detail(3), animated: false)

        let line = #line + 1
        let failures = capturingXCTestFailures { router.showSpy.expectCalls([(.list, false), (.detail(3), true)]) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failure.description.contains(
                "Expected show(_:animated:) to be called 2 times with [(list, animated: false), (detail(3), animated: true)], "
                    + "but some calls had other arguments\n  call #2 differs:\n    animated: expected true, got false"
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    @MainActor
    func test_mainActorSpy_waitForCallsWithTimeout_reportsCallsSeenAtCallerLine() async throws {
        let router = SpyTestRouterStub()
        router.makeScreenSpy.returns(SpyTestScreen(title: "Emma"))
        _ = router.makeScreen(named: "emma")

        let line = #line + 1
        let failures = await capturingXCTestFailures { await router.makeScreenSpy.waitForCalls(2, timeout: .zero) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains(
                "Timed out after 0 s waiting for makeScreen(named:) to be called 2 times; it was called once:\n  #1 \"emma\""),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    func test_expectDispatchedOfType_withoutMatch_listsDispatchedActionsAtCallerLine() throws {
        let store = RecordingStore<any SpyTestAction, Void>()
        store.dispatch(SpyTestLoadPage(page: 1))

        let line = #line + 1
        let failures = capturingXCTestFailures { store.expectDispatched(SpyTestRefresh.self) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains(
                "Expected a dispatched SpyTestRefresh, but none of the 1 dispatched action did:\n  #1 SpyTestLoadPage(page: 1)"
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    func test_reducer_returningNewState_changesState() {
        let store = RecordingStore<Int, Int>(initialState: 10) { state, action in state - action }

        store.dispatch(4)

        XCTAssertEqual(store.state, 6)
    }
}
