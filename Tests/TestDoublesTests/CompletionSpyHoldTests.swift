#if compiler(>=6.1)
import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing

/// Awaits a completion spy's call as code under test does, through a continuation.
func loadThroughSpy(_ spy: CompletionSpy<Int, Result<String, SpyTestError>>, id: Int) async -> Result<String, SpyTestError> {
    await withCheckedContinuation { continuation in spy.call(id) { continuation.resume(returning: $0) } }
}

@Suite("Completion spies: unanswered, held and left pending")
struct CompletionSpyHoldTests {
    @Test("code awaiting an unconfigured completion stub shows the cause when the call happens, at the stub's line")
    @MainActor
    func unansweredCallReportsAtOnce() async {
        let creationLine = #line + 1
        let mailbox = SpyTestMailboxStub()
        let spy = mailbox.loadSpy

        var loading: Task<Result<String, SpyTestError>, Never>?
        await withKnownIssue {
            loading = Task { @MainActor in await loadThroughSpy(spy, id: 3) }
            // The call reports as it is recorded, on the main actor, before this wait can resume.
            await spy.waitForCalls(1)
        } matching: { issue in
            issue.isFailure(
                containing: "load(id:completion:) of the generated SpyTestMailboxStub was called with 3 but has no answer "
                    + "configured, so its completion handler is held and the code waiting for it cannot go on; configure a "
                    + "completion in the test with returns(_:) or answers(_:), or call holdCompletions() and complete it "
                    + "from the test with completeLast(with:)",
                line: creationLine
            )
        }
        spy.completeLast(with: .success("Dune"))  // lets the waiting code finish
        #expect(await loading?.value == .success("Dune"))
    }

    @Test("a held call stays silent until the test completes it")
    func heldCallIsSilent() {
        let mailbox = SpyTestMailboxStub()
        mailbox.loadSpy.holdCompletions()
        var received: [Result<String, SpyTestError>] = []

        let failures = FailureReporter.collectFailures {
            mailbox.load(id: 1) { received.append($0) }
            mailbox.loadSpy.completeLast(with: .success("Dune"))
        }

        #expect(failures.isEmpty)
        #expect(received == [.success("Dune")])
    }

    @Test("returns(nil) no longer holds a call: it reports, naming holdCompletions()")
    func nilAnswerReports() {
        let spy = CompletionSpy<Int, String>("title(for:completion:)")
        spy.returns(nil)

        withKnownIssue {
            spy.call(1) { _ in }
        } matching: { issue in
            issue.isFailure(
                containing: "title(for:completion:) was answered with nil, which its completion handler cannot receive, so "
                    + "the handler is held; to hold calls on purpose, call holdCompletions(); to complete with nil, "
                    + "configure .some(nil)",
                line: #line - 6
            )
        }
        #expect(spy.waitingCompletionCount == 1)
    }

    @Test("a held handler never completed fails the test at its end, at the line that asked to hold")
    func heldHandlerFailsAtEnd() async throws {
        let test = try #require(Test.current)
        let holdLine = #line + 4
        try await withKnownIssue {
            try await EndOfTestChecksTrait.endOfTestChecks.provideScope(for: test, testCase: Test.Case.current) {
                let mailbox = SpyTestMailboxStub()
                mailbox.loadSpy.holdCompletions()
                mailbox.load(id: 1) { _ in }
            }
        } matching: { issue in
            issue.isFailure(
                containing: "load(id:completion:) holds 1 completion handler that was never called; complete it with "
                    + "completeLast(with:), or hold with holdCompletions(allowingPendingAtEnd: true) if the test leaves "
                    + "it pending on purpose",
                line: holdLine
            )
        }
    }

    @Test("a test that leaves a handler pending on purpose says so when it holds, and its end passes")
    func pendingAllowedPasses() async throws {
        let test = try #require(Test.current)
        // A failure of the end-of-test check would fail this test.
        try await EndOfTestChecksTrait.endOfTestChecks.provideScope(for: test, testCase: Test.Case.current) {
            let mailbox = SpyTestMailboxStub()
            mailbox.loadSpy.holdCompletions(allowingPendingAtEnd: true)
            mailbox.load(id: 1) { _ in }
            #expect(mailbox.loadSpy.waitingCompletionCount == 1)
        }
    }

    @Test("a main-actor completion spy's held handler fails the test at its end")
    @MainActor
    func mainActorHeldHandlerFailsAtEnd() async throws {
        let test = try #require(Test.current)
        let holdLine = #line + 4
        try await withKnownIssue {
            try await EndOfTestChecksTrait.endOfTestChecks.provideScope(for: test, testCase: Test.Case.current) { @MainActor in
                let delegate = SpyTestDelegateStub()
                delegate.didPickSpy.holdCompletions()
                delegate.didPick("Dune") { _ in }
                delegate.didPick("Emma") { _ in }
            }
        } matching: { issue in
            issue.isFailure(containing: "didPick(_:completion:) holds 2 completion handlers that were never called", line: holdLine)
        }
    }
}

@Suite("Unanswered calls of a stub made in a suite's stored property")
struct StoredStubUnansweredCallTests {
    static let creationLine = #line + 1
    let mailbox = SpyTestMailboxStub()

    @Test("the message names the running test and which call it was")
    func namesRunningTestAndCall() {
        for ordinal in ["1st", "2nd"] {
            withKnownIssue {
                _ = mailbox.count()
            } matching: { issue in
                issue.isFailure(
                    containing: "; it was the \(ordinal) call, in the test \"the message names the "
                        + "running test and which call it was\"",
                    line: Self.creationLine
                )
            }
        }
    }

    @Test("a stub created in the test's body gets no such note")
    func bodyStubHasNoNote() {
        let local = SpyTestMailboxStub()
        let failures = FailureReporter.collectFailures { _ = local.count() }
        #expect(failures.count == 1)
        #expect(failures.allSatisfy { !$0.message.contains("it was the 1st call") })
    }
}
#endif
