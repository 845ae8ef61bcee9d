import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing

@Suite("MainActorMethodSpy.suspendCalls and asynchronous answers")
@MainActor
struct MainActorSpySuspensionTests {
    @Test("a main-actor call is held until released, and gets the answer configured while it waited")
    func heldCallGetsAnswerConfiguredWhileWaiting() async {
        let spy = MainActorSpy<SpyTestScreen, Int>("show(_:)", strictFallback: -1)
        let suspension = spy.suspendCalls()

        let show = Task { await spy.call(SpyTestScreen(title: "Dune")) }
        await suspension.waitUntilSuspended()
        let callsMidFlight = spy.callCount
        spy.returns(4)
        suspension.release()

        #expect(await show.value == 4)
        #expect(callsMidFlight == 1)
    }

    @Test("reset releases the main-actor calls held")
    func resetReleasesHeldCalls() async {
        let spy = MainActorSpy<SpyTestScreen, Int>("show(_:)", defaultAnswer: 0)
        let suspension = spy.suspendCalls()

        let show = Task { await spy.call(SpyTestScreen(title: "Dune")) }
        await suspension.waitUntilSuspended()
        spy.reset()

        #expect(await show.value == 0)
        #expect(suspension.isReleased)
    }

    @Test("a synchronous main-actor call while suspended is reported at the caller's line and answered at once")
    func synchronousCallWhileSuspendedIsReported() {
        let spy = MainActorSpy<SpyTestScreen, Int>("show(_:)", defaultAnswer: 3)
        spy.suspendCalls()
        var answer = 0

        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            answer = spy.call(SpyTestScreen(title: "Dune"))
        }

        #expect(answer == 3)
        #expect(
            failures.map(\.message) == [
                "show(_:) was called synchronously while its calls are suspended; only asynchronous calls can be held, "
                    + "so this one was answered at once"
            ])
        #expect(failures.map(\.location.line) == [line])
    }

    @Test("an asynchronous main-actor answer closure is awaited with a value that is not Sendable")
    func asyncClosureIsAwaited() async {
        let spy = MainActorSpy<SpyTestScreen, String>("title(of:)", strictFallback: "")
        spy.answers { (screen: SpyTestScreen) async -> String in
            await Task.yield()
            return screen.title.uppercased()
        }

        let title = await spy.call(SpyTestScreen(title: "Dune"))

        #expect(title == "DUNE")
    }
}
