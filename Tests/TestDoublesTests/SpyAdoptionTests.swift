import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing

@Suite("Spy default answers and strict fallbacks")
struct SpyDefaultAnswerTests {
    @Test("a default answer answers unconfigured calls silently")
    func defaultAnswerIsSilent() {
        let navigator = SpyTestNavigatorStub()

        let failures = FailureReporter.collectFailures {
            #expect(navigator.titles() == [])
        }

        #expect(failures.isEmpty)
    }

    @Test("a throwing spy with a default answer returns it without throwing or failing")
    func throwingSpyDefaultAnswer() throws {
        let spy = ThrowingSpy<Int, [String]>("titles(page:)", defaultAnswer: ["Dune"])

        var titles: [String]?
        let failures = try FailureReporter.collectFailures { titles = try spy.call(1) }

        #expect(titles == ["Dune"])
        #expect(failures.isEmpty)
    }

    @Test("reset keeps the default answer")
    func resetKeepsDefaultAnswer() {
        let navigator = SpyTestNavigatorStub()
        navigator.titlesSpy.returns(["Dune"])
        navigator.titlesSpy.reset()

        let failures = FailureReporter.collectFailures {
            #expect(navigator.titles() == [])
        }

        #expect(failures.isEmpty)
    }

    @Test("a strict spy fails an unconfigured call at the stub's line and names the test")
    func strictSpyFailsAndNamesTest() {
        let navigator = SpyTestNavigatorStub()

        withKnownIssue {
            _ = navigator.rating(for: "Dune")
        } matching: { issue in
            issue.isFailure(
                containing: "rating(for:) was called with \"Dune\" but has no answer configured; configure one in the test "
                    + "with returns(_:), answers(_:) or throws(_:), or create the spy with defaultAnswer: to answer "
                    + "unconfigured calls silently; returned the fallback 0 (the spy was created in the test "
                    + "\"a strict spy fails an unconfigured call at the stub's line and names the test\")",
                line: 16,
                fileID: "TestDoublesTests/SpyAdoptionDoubles.swift"
            )
        }
    }
}

@Suite("Spy names")
struct SpyNameTests {
    @Test("an unnamed spy takes its name from the stub method that calls it")
    func nameFromCallingMethod() {
        let navigator = SpyTestNavigatorStub()
        navigator.ratingSpy.returns(5)

        _ = navigator.rating(for: "Dune")

        #expect(navigator.ratingSpy.method == "rating(for:)")
    }

    @Test("before any call, an unnamed spy is named after the stub that declares it")
    func nameFromDeclaringType() {
        let navigator = SpyTestNavigatorStub()

        #expect(navigator.ratingSpy.method == "a spy of SpyTestNavigatorStub")
    }
}

@Suite("Spies for methods with several arguments")
struct SpyArgumentsTests {
    @Test("expectCalledOnce(with:) takes each argument and passes when they match")
    func severalArgumentsMatch() {
        let navigator = SpyTestNavigatorStub()
        navigator.navigate(to: .detail(7), animated: true)

        let failures = FailureReporter.collectFailures {
            navigator.navigateSpy.expectCalledOnce(with: .detail(7), true)
        }

        #expect(failures.isEmpty)
    }

    @Test("a differing argument is named by the method's label, with the expected value in the headline")
    func differingArgumentNamedByLabel() {
        let navigator = SpyTestNavigatorStub()
        navigator.navigate(to: .detail(7), animated: false)

        withKnownIssue {
            navigator.navigateSpy.expectCalledOnce(with: .detail(7), true)
        } matching: { issue in
            issue.isFailure(
                containing: "Expected navigate(to:animated:) to be called once with (to: detail(7), animated: true), "
                    + "but it was called with (to: detail(7), animated: false)\n  call #1 differs:\n"
                    + "    animated: expected true, got false",
                line: #line - 6
            )
        }
    }

    @Test("expectCalled(with:) finds the call among several")
    func expectCalledWithFindsCall() {
        let navigator = SpyTestNavigatorStub()
        navigator.navigate(to: .list, animated: false)
        navigator.navigate(to: .detail(3), animated: true)

        let failures = FailureReporter.collectFailures {
            navigator.navigateSpy.expectCalled(with: .detail(3), true)
            navigator.navigateSpy.expectCalls([(.list, false), (.detail(3), true)])
        }

        #expect(failures.isEmpty)
    }

    @Test("expectCalled(with:) reports the closest call's differing argument")
    func expectCalledWithReportsClosest() {
        let navigator = SpyTestNavigatorStub()
        navigator.navigate(to: .detail(3), animated: true)

        let failures = FailureReporter.collectFailures {
            navigator.navigateSpy.expectCalled(with: .detail(4), true)
        }

        #expect(
            failures.map(\.message) == [
                "Expected navigate(to:animated:) to be called with (to: detail(4), animated: true), but its 1 call had "
                    + "other arguments:\n  #1 (to: detail(3), animated: true)\nCall #1 differs:\n    to: expected detail(4), got detail(3)"
            ])
    }
}

@Suite("Bounded failure messages")
struct SpyBoundedMessageTests {
    @Test("a listing shows ten calls and counts the rest")
    func listingIsBounded() {
        let spy = Spy<Int, Void>("remove(id:)")
        for id in 1...25 { spy.call(id) }

        let failures = FailureReporter.collectFailures { spy.expectNotCalled() }

        let expectedLines =
            ["Expected remove(id:) not to be called, but it was called 25 times:"]
            + (1...10).map { "  #\($0) \($0)" } + ["  … and 15 more"]
        #expect(failures.map(\.message) == [expectedLines.joined(separator: "\n")])
    }
}

@Suite("MainActorSpy")
@MainActor
struct MainActorSpyTests {
    @Test("records non-Sendable inputs and answers with non-Sendable outputs")
    func recordsNonSendableValues() {
        let router = SpyTestRouterStub()
        let screen = SpyTestScreen(title: "Dune")
        router.makeScreenSpy.returns(screen)

        let made = router.makeScreen(named: "dune")
        router.present(made)

        #expect(made === screen)
        #expect(router.presentSpy.calls.map(\.title) == ["Dune"])
        router.makeScreenSpy.expectCalledOnce(with: "dune")
    }

    @Test("clearRecorded forgets the calls and keeps the configured answer")
    func clearCallsKeepsAnswer() {
        let router = SpyTestRouterStub()
        let screen = SpyTestScreen(title: "Dune")
        router.makeScreenSpy.returns(screen)
        _ = router.makeScreen(named: "dune")

        router.makeScreenSpy.clearRecorded()
        let made = router.makeScreen(named: "emma")

        #expect(made === screen)
        #expect(router.makeScreenSpy.calls == ["emma"])
    }

    @Test("an unconfigured strict call fails at the stub's line")
    func strictCallFails() {
        let router = SpyTestRouterStub()

        withKnownIssue {
            _ = router.makeScreen(named: "dune")
        } matching: { issue in
            issue.isFailure(
                containing: "makeScreen(named:) was called with \"dune\" but has no answer configured",
                line: 37,
                fileID: "TestDoublesTests/SpyAdoptionDoubles.swift"
            )
        }
    }

    @Test("expectCalled(matching:) checks non-Equatable inputs and lists the calls")
    func matchingListsCalls() {
        let router = SpyTestRouterStub()
        router.present(SpyTestScreen(title: "Emma"))

        withKnownIssue {
            router.presentSpy.expectCalled(matching: "Dune's screen") { $0.title == "Dune" }
        } matching: { issue in
            issue.isFailure(
                containing: "Expected present(_:) to be called with Dune's screen, but none of its 1 call matched",
                line: #line - 4
            )
        }
    }

    @Test("expectCalls checks a main-actor method's several arguments, call by call")
    func expectCallsPassesForSeveralArguments() {
        let router = SpyTestRouterStub()
        router.show(.list, animated: false)
        router.show(.detail(3), animated: true)

        let failures = FailureReporter.collectFailures {
            router.showSpy.expectCalls([(.list, false), (.detail(3), true)])
        }

        #expect(failures.isEmpty)
    }

    @Test("expectCalls names a main-actor call whose arguments differ, at the caller's line")
    func expectCallsReportsDifferingCall() {
        let router = SpyTestRouterStub()
        router.show(.list, animated: false)
        router.show(.detail(3), animated: false)

        withKnownIssue {
            router.showSpy.expectCalls([(.list, false), (.detail(3), true)])
        } matching: { issue in
            issue.isFailure(
                containing: "Expected show(_:animated:) to be called 2 times with [(list, animated: false), (detail(3), animated: true)], "
                    + "but some calls had other arguments\n  call #2 differs:\n    animated: expected true, got false",
                line: #line - 5
            )
        }
    }
}

@Suite("RecordingStore shapes and non-Equatable actions")
struct RecordingStoreShapeTests {
    @Test("a (State, Action) -> State reducer changes the state")
    func functionalReducer() {
        let store = RecordingStore<Int, Int>(initialState: 0) { state, action in state + action }

        store.dispatch(2)
        store.dispatch(3)

        #expect(store.state == 5)
    }

    @Test("an (inout State, Action) reducer changes the state")
    func inoutReducer() {
        let store = RecordingStore<Int, Int>(initialState: 1) { (state: inout Int, action: Int) in state *= action }

        store.dispatch(4)

        #expect(store.state == 4)
    }

    @Test("expectDispatched(_:where:) matches class actions by type and predicate")
    func typeAndPredicateMatch() {
        let store = RecordingStore<any SpyTestAction, Void>()
        store.dispatch(SpyTestRefresh())
        store.dispatch(SpyTestLoadPage(page: 2))

        let failures = FailureReporter.collectFailures {
            store.expectDispatched(SpyTestLoadPage.self, "page 2") { $0.page == 2 }
            store.expectNotDispatched(SpyTestLoadPage.self) { $0.page == 3 }
        }

        #expect(failures.isEmpty)
    }

    @Test("a missing class action is reported with a readable list of what was dispatched")
    func missingActionListsDispatched() {
        let store = RecordingStore<any SpyTestAction, Void>()
        store.dispatch(SpyTestRefresh())
        store.dispatch(SpyTestLoadPage(page: 1))

        withKnownIssue {
            store.expectDispatched(SpyTestLoadPage.self, "page 2") { $0.page == 2 }
        } matching: { issue in
            issue.isFailure(
                containing: "Expected a dispatched SpyTestLoadPage matching page 2, but none of the 2 dispatched actions did:\n"
                    + "  #1 SpyTestRefresh()\n  #2 SpyTestLoadPage(page: 1)",
                line: #line - 5
            )
        }
    }
}

@Suite("MainActorSpy waiting")
@MainActor
struct MainActorSpyWaitingTests {
    @Test("waitForCalls resumes once a main-actor task makes the call")
    func waitForCallsResumes() async {
        let router = SpyTestRouterStub()

        Task { @MainActor in router.present(SpyTestScreen(title: "Dune")) }
        let arrived = await router.presentSpy.waitForCalls(1)

        #expect(arrived)
        #expect(router.presentSpy.callCount == 1)
    }

    @Test("waitForCalls with a timeout reports the calls seen at the caller's line")
    func waitForCallsReportsTimeout() async {
        let router = SpyTestRouterStub()
        router.makeScreenSpy.returns(SpyTestScreen(title: "Emma"))
        _ = router.makeScreen(named: "emma")

        let line = #line + 2
        await withKnownIssue {
            await router.makeScreenSpy.waitForCalls(2, timeout: .zero)
        } matching: { issue in
            issue.isFailure(
                containing: "Timed out after 0 s waiting for makeScreen(named:) to be called 2 times; it was called once:\n  #1 \"emma\"",
                line: line
            )
        }
    }
}

@Suite("MainActorSpy creation forms")
@MainActor
struct MainActorSpyFormTests {
    @Test("a throwing main-actor spy without an answer fails and throws SpyError.noAnswer")
    func throwingSpyIsStrict() {
        let spy = MainActorThrowingSpy<SpyTestScreen, Int>("rank(_:)")

        let failures = FailureReporter.collectFailures {
            #expect(throws: SpyError.noAnswer(method: "rank(_:)")) { try spy.call(SpyTestScreen(title: "Dune")) }
        }

        #expect(failures.map(\.message).first?.hasPrefix("rank(_:) was called with") == true)
    }

    @Test("a throwing main-actor spy returning nothing records and returns")
    func throwingVoidSpyAnswers() throws {
        let spy = MainActorThrowingSpy<SpyTestScreen, Void>("close(_:)")

        try spy.call(SpyTestScreen(title: "Dune"))

        #expect(spy.callCount == 1)
    }

    @Test("an unimplemented main-actor spy reports every call")
    func unimplementedReports() {
        let spy = MainActorSpy<SpyTestScreen, Void>.unimplemented("dismiss(_:)")

        let failures = FailureReporter.collectFailures { spy.call(SpyTestScreen(title: "Dune")) }

        #expect(
            failures.map(\.message) == [
                "Unimplemented: dismiss(_:) was called with SpyTestScreen(title: \"Dune\"), but this test declared it must not be called"
            ])
    }

    @Test("call() records a call without arguments from a synchronous and an asynchronous method")
    func callWithoutArguments() async {
        let spy = MainActorSpy<Void, Int>("pageCount()", defaultAnswer: 3)

        let callSynchronously: () -> Int = { spy.call() }
        let answers = [callSynchronously(), await spy.call()]

        #expect(answers == [3, 3])
        #expect(spy.callCount == 2)
    }

    @Test("unimplemented(fallbackError:) reports the call at the caller's line, then throws the error")
    func unimplementedWithFallbackErrorThrows() {
        let spy = MainActorMethodSpy<Void, Int, SpyTestError>.unimplemented("pageCount()", fallbackError: SpyTestError(code: 7))

        withKnownIssue {
            #expect(throws: SpyTestError(code: 7)) { try spy.call() }
        } matching: { issue in
            issue.isFailure(
                containing: "Unimplemented: pageCount() was called with no arguments, but this test declared it must not be "
                    + "called; threw SpyTestError(code: 7)",
                line: #line - 5)
        }
    }

    @Test("results(inOrder:) answers a failure, then a value")
    func resultsInOrder() throws {
        let spy = MainActorThrowingSpy<String, Int>("count(_:)")
        spy.results(inOrder: [.failure(SpyTestError(code: 1)), .success(3)])

        #expect(throws: SpyTestError(code: 1)) { try spy.call("a") }
        #expect(try spy.call("b") == 3)
    }
}
