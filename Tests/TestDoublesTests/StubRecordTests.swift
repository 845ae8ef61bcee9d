import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing

@Suite("A stub's ordered record of calls")
struct StubRecordTests {
    @Test("expectInOrder passes when the calls came in that order, with others between")
    func inOrderPasses() {
        let mailbox = SpyTestMailboxStub()
        mailbox.countSpy.returns(2)
        mailbox.moveSpy.returns(true)
        _ = mailbox.count()
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        _ = mailbox.count()

        let failures = FailureReporter.collectFailures {
            mailbox.expectInOrder(
                .call(mailbox.moveSpy, with: 3, "Inbox", false),
                .call(mailbox.countSpy))
        }

        #expect(failures.isEmpty)
    }

    @Test("expectInOrder lists the stub's calls in order, with arguments, when the order differs")
    func inOrderFailsWithListing() {
        let mailbox = SpyTestMailboxStub()
        mailbox.countSpy.returns(2)
        mailbox.moveSpy.returns(true)
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        _ = mailbox.count()

        withKnownIssue {
            mailbox.expectInOrder(.call(mailbox.countSpy), .call(mailbox.moveSpy))
        } matching: { issue in
            issue.isFailure(
                containing: "Expected calls on SpyTestMailboxStub in order count() → move(identifier:to:copy:), "
                    + "but move(identifier:to:copy:) was not called after count() (call #2).\n"
                    + "Calls on SpyTestMailboxStub, in order:\n"
                    + "  1. move(identifier:to:copy:) with (3, \"Inbox\", false)\n"
                    + "  2. count() with no arguments",
                line: #line - 8
            )
        }
    }

    @Test("expectNoOtherCalls names the calls no expectation matched, in order")
    func noOtherCallsFails() {
        let mailbox = SpyTestMailboxStub()
        mailbox.countSpy.returns(2)
        mailbox.moveSpy.returns(true)
        _ = mailbox.count()
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        mailbox.countSpy.expectCalledOnce()

        withKnownIssue {
            mailbox.expectNoOtherCalls()
        } matching: { issue in
            issue.isFailure(
                containing: "Expected no other calls on SpyTestMailboxStub, but 1 of its 2 calls matched no expectation:\n"
                    + "  1. count() with no arguments\n"
                    + "  2. move(identifier:to:copy:) with (3, \"Inbox\", false)   ← not verified",
                line: #line - 6
            )
        }
    }

    @Test("expectNoOtherCalls passes once every call was verified, by the spy or the stub")
    func noOtherCallsPasses() {
        let mailbox = SpyTestMailboxStub()
        mailbox.countSpy.returns(2)
        mailbox.moveSpy.returns(true)
        _ = mailbox.count()
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        _ = mailbox.move(identifier: 4, to: "Archive", copy: true)

        let failures = FailureReporter.collectFailures {
            mailbox.moveSpy.expectCalled(with: 4, "Archive", true)
            mailbox.expectInOrder(.call(mailbox.countSpy), .call(mailbox.moveSpy, with: 3, "Inbox", false))
            mailbox.expectNoOtherCalls()
        }

        #expect(failures.isEmpty)
    }

    @Test("a main-actor stub is checked on the main actor, main-actor spies included")
    @MainActor
    func mainActorStubInOrder() {
        let delegate = SpyTestDelegateStub()
        let screen = SpyTestScreen(title: "Dune")
        delegate.didLog("opened")
        delegate.didShow(screen)

        let failures = FailureReporter.collectFailures {
            delegate.expectInOrder(.call(delegate.didLogSpy, with: "opened"), .call(delegate.didShowSpy))
            delegate.expectNoOtherCalls()
        }

        #expect(failures.isEmpty)
    }

    @Test("a main-actor stub checked off the main actor says where to check it")
    func mainActorStubOffMainActor() async {
        let delegate = await SpyTestDelegateStub()

        withKnownIssue {
            delegate.expectNoOtherCalls()
        } matching: { issue in
            issue.isFailure(
                containing: "SpyTestDelegateStub has main-actor spies, which can be read only on the main actor; "
                    + "check its calls from the main actor (mark the test @MainActor)",
                line: #line - 5
            )
        }
    }
}

extension StubRecordTests {
    @Test("a SpyingStub without spies says so at the caller's line")
    func stubWithoutSpies() {
        let stub = SpyTestEmptyStub()

        withKnownIssue {
            stub.expectNoOtherCalls()
        } matching: { issue in
            issue.isFailure(
                containing: "SpyTestEmptyStub has no spies among its stored properties; a SpyingStub checks the calls of "
                    + "its MethodSpy and MainActorMethodSpy properties",
                line: #line - 5
            )
        }
    }

    @Test("a subclass stub's record includes its superclass's spies, and a predicate matches non-Equatable input")
    func superclassSpiesAndPredicate() {
        let stub = SpyTestDerivedStub()
        stub.openSpy.call("Dune")
        stub.closeSpy.call()

        let failures = FailureReporter.collectFailures {
            stub.expectInOrder(.call(stub.openSpy, matching: "a title starting with D") { $0.hasPrefix("D") }, .call(stub.closeSpy))
            stub.expectNoOtherCalls()
        }

        #expect(failures.isEmpty)
    }
}

@Suite("Several-argument spies, as generated")
struct GeneratedArgumentsTests {
    @Test("expectCalledOnce(with:) checks a generated spy's arguments one by one")
    func severalArgumentsPass() {
        let mailbox = SpyTestMailboxStub()
        mailbox.moveSpy.returns(true)
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)

        let failures = FailureReporter.collectFailures { mailbox.moveSpy.expectCalledOnce(with: 3, "Inbox", false) }

        #expect(failures.isEmpty)
    }

    @Test("a differing argument of a generated spy is named by the method's label")
    func severalArgumentsLabelled() {
        let mailbox = SpyTestMailboxStub()
        mailbox.moveSpy.returns(true)
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)

        withKnownIssue {
            mailbox.moveSpy.expectCalledOnce(with: 3, "Inbox", true)
        } matching: { issue in
            issue.isFailure(
                containing: "Expected move(identifier:to:copy:) to be called once with (identifier: 3, to: \"Inbox\", copy: true), "
                    + "but it was called with (identifier: 3, to: \"Inbox\", copy: false)\n  call #1 differs:\n"
                    + "    copy: expected true, got false",
                line: #line - 6
            )
        }
    }

    @Test("an unconfigured call of a generated stub is reported where the test created the stub, without advice to edit it")
    func generatedOriginAdvice() {
        let creationLine = #line + 1
        let mailbox = SpyTestMailboxStub()

        withKnownIssue {
            _ = mailbox.count()
        } matching: { issue in
            issue.isFailure(
                containing: "count() of the generated SpyTestMailboxStub was called with no arguments but has no answer "
                    + "configured; configure one in the test with returns(_:), answers(_:) or throws(_:), or generate the "
                    + "stub with --default-answers to answer unconfigured calls silently; returned the fallback 0",
                line: creationLine
            )
        }
    }
}

@Suite("Completion-handler spies")
struct CompletionSpyTests {
    @Test("completeLast(with:) calls the waiting handler, which need not be Sendable")
    func completeLastCallsHandler() {
        let mailbox = SpyTestMailboxStub()
        let results = SpyTestLoadResults()
        mailbox.loadSpy.holdCompletions()
        mailbox.load(id: 1) { results.received.append($0) }
        #expect(results.received.isEmpty)

        mailbox.loadSpy.completeLast(with: .success("Dune"))

        #expect(results.received == [.success("Dune")])
        mailbox.loadSpy.expectCalledOnce(with: 1)
    }

    @Test("a configured answer completes each call at once")
    func configuredAnswerCompletesAtOnce() {
        let mailbox = SpyTestMailboxStub()
        let results = SpyTestLoadResults()
        mailbox.loadSpy.returns(.failure(SpyTestError(code: 7)))

        mailbox.load(id: 1) { results.received.append($0) }

        #expect(results.received == [.failure(SpyTestError(code: 7))])
        #expect(mailbox.loadSpy.waitingCompletionCount == 0)
    }

    @Test("completeLast(with:) with no call waiting reports at the caller's line")
    func completeLastWithoutWaitingCall() {
        let mailbox = SpyTestMailboxStub()

        withKnownIssue {
            mailbox.loadSpy.completeLast(with: .success("Dune"))
        } matching: { issue in
            issue.isFailure(
                containing: "completeLast(with:) found no call of load(id:completion:) waiting for its completion handler: "
                    + "it was never called",
                line: #line - 5
            )
        }
    }

    @Test("a main-actor completion spy completes a handler holding main-actor state")
    @MainActor
    func mainActorCompletion() {
        let delegate = SpyTestDelegateStub()
        var picked: [String] = []
        delegate.didPickSpy.holdCompletions()
        delegate.didPick("Dune") { picked.append($0.title) }

        delegate.didPickSpy.completeLast(with: SpyTestScreen(title: "Dune"))

        #expect(picked == ["Dune"])
    }
}
