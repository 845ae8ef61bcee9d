import TestDoubles
import TestSupportTesting
import Testing

@Suite("Inverted waits: no call, no value within a time")
struct InvertedWaitTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("expectNoCalls(within:) returns the moment a call arrives, failing at the caller's line")
    func spyReturnsWhenCallArrives() async {
        let spy = Spy<Int, Void>("remove(id:)")
        // The window is far longer than the task's bound: the check can only end in time by
        // returning when the call arrives, before or during the wait.
        let line = #line + 4
        await withKnownIssue {
            let check = Task {
                async let caller: Void = spy.call(4)
                await spy.expectNoCalls(within: .seconds(600))
                await caller
            }
            await check.value(within: .seconds(5))
        } matching: { issue in
            issue.isFailure(containing: "Expected no call to remove(id:) within 600 s, got 1 call:\n  #1 4", line: line)
        }
    }

    @Test("expectNoCalls(within:) on a spy already called fails at once")
    func spyAlreadyCalledFailsAtOnce() async {
        let spy = Spy<Int, Void>("remove(id:)")
        await spy.call(4)

        await withKnownIssue {
            await spy.expectNoCalls(within: .seconds(600))
        } matching: { issue in
            issue.isFailure(containing: "Expected no call to remove(id:) within 600 s, got 1 call:\n  #1 4", line: #line - 2)
        }
    }

    @Test("expectNoCalls(within:) passes when no call arrives within the time")
    func spyPassesWithoutCall() async {
        let spy = Spy<Int, Void>("remove(id:)")
        await spy.call(4)
        spy.clearRecorded()

        await spy.expectNoCalls(within: .milliseconds(10))

        #expect(spy.callCount == 0)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("a main-actor spy's expectNoCalls(within:) returns the moment a call arrives")
    @MainActor
    func mainActorSpyReturnsWhenCallArrives() async {
        let spy = MainActorSpy<String, Void>("show(_:)")
        let line = #line + 4
        await withKnownIssue {
            let check = Task { @MainActor in
                Task { @MainActor in spy.call("Dune") }
                await spy.expectNoCalls(within: .seconds(600))
            }
            await check.value(within: .seconds(5))
        } matching: { issue in
            issue.isFailure(containing: "Expected no call to show(_:) within 600 s, got 1 call:\n  #1 \"Dune\"", line: line)
        }
    }

    @Test("a main-actor spy's expectNoCalls(within:) passes when no call arrives")
    @MainActor
    func mainActorSpyPassesWithoutCall() async {
        let spy = MainActorSpy<String, Void>("show(_:)")

        await spy.expectNoCalls(within: .milliseconds(10))

        #expect(!spy.wasCalled)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("CompletionRecorder.expectNoValue(within:) returns the moment the handler is called")
    func recorderReturnsWhenCalled() async {
        let done = CompletionRecorder<Int>("the cover's completion handler")
        let line = #line + 4
        await withKnownIssue {
            let check = Task {
                Task { done.handler(42) }
                await done.expectNoValue(within: .seconds(600))
            }
            await check.value(within: .seconds(5))
        } matching: { issue in
            issue.isFailure(containing: "Expected the cover's completion handler not to be called within 600 s, got 42", line: line)
        }
    }

    @Test("CompletionRecorder.expectNoValue(within:) passes when the handler stays uncalled")
    func recorderPassesWithoutValue() async {
        let done = CompletionRecorder<Int>()

        await done.expectNoValue(within: .milliseconds(10))

        #expect(done.callCount == 0)
    }
}
