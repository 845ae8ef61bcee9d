import StubGeneratorFixtureStubs
import StubGeneratorFixtures
import TestSupportKit
import TestSupportTesting
import Testing

/// The generated stubs of the awkward fixture protocols, used through their protocols.
@Suite("Generated stubs of awkward protocols")
struct FixtureStubsTests {
    @Test("overloads record into the spy named after their labels")
    func overloadsRecordSeparately() async {
        let stub = OverloadedStub()
        stub.findIdSpy.returns(["seven"])
        stub.findSpy.returns(["Swift"])
        let overloaded: any Overloaded = stub

        _ = overloaded.find(id: 7)
        _ = await overloaded.find("swift")

        #expect(stub.findIdSpy.calls == [7])
        #expect(stub.findSpy.calls == ["swift"])
        #expect(stub.findNameSpy.callCount == 0)
    }

    @Test("inout, variadic and multi-parameter calls are recorded")
    func parameterShapesAreRecorded() async {
        let stub = ParameterShapesStub()
        stub.sumSpy.returns(6)
        var value = 41

        stub.increment(&value)
        let sum = stub.sum(1, 2, 3)
        await stub.move(from: "a", to: "b", animated: true)

        #expect(stub.incrementSpy.calls == [41])
        #expect(sum == 6)
        #expect(stub.sumSpy.calls == [[1, 2, 3]])
        #expect(stub.moveSpy.lastCall?.1 == "b")
    }

    @Test("an inout parameter receives the value its spy answers, and keeps its own when the spy answers nil")
    func inoutReceivesAnswer() {
        let stub = ParameterShapesStub()
        var unchanged = 1
        var changed = 1

        stub.increment(&unchanged)
        stub.incrementSpy.returns(42)
        stub.increment(&changed)

        #expect(unchanged == 1)
        #expect(changed == 42)
        #expect(stub.incrementSpy.calls == [1, 1])
    }

    @Test("a delegate that is not Sendable gets a main-actor stub whose spies keep the view")
    @MainActor
    func mainActorConformanceKeepsNonSendableValues() {
        let stub = FixtureViewDelegateStub()
        let view = FixtureView(title: "Shelf")
        let delegate: any FixtureViewDelegate = stub

        delegate.view(view, didSelectItemAt: 2)

        #expect(stub.viewSpy.lastCall?.0 === view)
        #expect(stub.viewSpy.lastCall?.1 == 2)
    }

    @Test("an initializer requirement records its arguments on the instance it makes")
    func initializerRequirementRecords() {
        func make<Made: Initializable>(_ type: Made.Type) -> Made { Made(name: "Ada") }

        let stub = make(InitializableStub.self)

        #expect(stub.initSpy.calls == ["Ada"])
    }

    @Test("a main-actor completion handler receiving a view is kept and completed by the test")
    @MainActor
    func mainActorCompletionIsCompleted() {
        let stub = ViewPickingStub()
        let view = FixtureView(title: "Cover")
        var picked: [FixtureView?] = []

        stub.pickViewSpy.holdCompletions()
        stub.pickView(from: [view]) { picked.append($0) }
        stub.pickViewSpy.completeLast(with: view)

        #expect(picked.count == 1)
        #expect(picked.first??.title == "Cover")
    }

    @Test("a typed-throws requirement throws the configured error with its type")
    func typedThrowsThrowsTypedError() {
        let stub = EffectsStub(parseFallbackError: .failed, errorFallback: .failed)
        stub.parseSpy.throws(.failed)

        #expect(throws: AwkwardError.failed) { try stub.parse("x") }
    }

    @Test("a read-write property and subscript record their sets")
    func settersAreRecorded() {
        let stub = MembersStub()
        var members: any Members = stub

        members.count = 3
        members[1, 2] = 0.5

        #expect(stub.countSetSpy.calls == [3])
        #expect(stub.subscriptRowColumnSetSpy.lastCall?.2 == 0.5)
    }

    @Test("an inherited requirement is implemented by the inheriting protocol's stub")
    func inheritedRequirementIsStubbed() {
        let stub = GreeterStub()
        stub.nameSpy.returns("Ada")

        #expect((stub as any Named).name == "Ada")
    }

    @Test("an associated type is chosen by the stub's generic argument")
    func associatedTypeIsGeneric() {
        let stub = ContainerStub<String>()

        stub.add("book")

        #expect(stub.addSpy.calls == ["book"])
    }

    @Test("an actor-constrained protocol's stub is an actor")
    func actorStubAnswers() async {
        let stub = CounterStub()
        stub.incrementSpy.returns(2)

        #expect(await stub.increment() == 2)
    }

    @Test("a main-actor protocol's stub records on the main actor")
    @MainActor
    func mainActorStubRecords() async throws {
        let stub = MainActorScreenStub()

        stub.title = "Shelf"
        try await stub.reload()

        #expect(stub.titleSetSpy.calls == ["Shelf"])
        #expect(stub.reloadSpy.callCount == 1)
    }

    @Test("a generic method records a description of its generic argument")
    func genericArgumentIsDescribed() {
        let stub = GenericMethodsStub()

        stub.log(42)

        #expect(stub.logSpy.calls == ["42"])
    }

    @Test("an internal protocol's stub, generated with internal access, answers through the protocol")
    func internalProtocolStubAnswers() async {
        let stub = InternalServiceStub()
        stub.pingSpy.returns(true)

        #expect(await stub.ping())
        #expect(stub.pingSpy.callCount == 1)
    }

    @Test("a stub generated with default answers completes each unconfigured call at once with its default")
    func lenientStubCompletesAtOnce() {
        let stub = InternalCallbacksStub(loadCountAnswer: .success(0))
        let synced = CompletionRecorder<Void>()
        let enabled = CompletionRecorder<Bool>()
        let found = CompletionRecorder<String?>()
        let count = CompletionRecorder<Result<Int, ServiceError>>()

        stub.sync { synced.handler(()) }
        stub.isEnabled("dark-mode", completion: enabled.handler)
        stub.lookup("theme", completion: found.handler)
        stub.loadCount(completion: count.handler)

        #expect(synced.callCount == 1)
        #expect(enabled.values == [false])
        #expect(found.values == [nil])
        #expect(count.values == [.success(0)])
    }

    @Test("a stub generated with default answers holds a call only after holdCompletions(), for the test to complete")
    func lenientStubHoldsWhenAsked() {
        let stub = InternalCallbacksStub(loadCountAnswer: .success(0))
        let count = CompletionRecorder<Result<Int, ServiceError>>()
        stub.loadCountSpy.holdCompletions()

        stub.loadCount(completion: count.handler)
        #expect(count.callCount == 0)
        stub.loadCountSpy.completeLast(with: .success(7))

        #expect(count.values == [.success(7)])
    }
}

/// A generated stub used the way a test uses a hand-written one: configured, called, a completion
/// handler completed, a several-argument call verified, the stub's calls checked in order.
@Suite("A generated stub in use")
struct GeneratedStubInUseTests {
    @Test("a generated stub answers, completes a recorded handler and verifies a several-argument call")
    func configureCallCompleteVerify() {
        let mailbox = MailboxStub()
        mailbox.moveSpy.returns(true)
        var received: [Result<String, ServiceError>] = []

        let moved = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        mailbox.loadSpy.holdCompletions()
        mailbox.load(id: 7) { received.append($0) }
        mailbox.loadSpy.completeLast(with: .success("Hello"))

        #expect(moved)
        #expect(received == [.success("Hello")])
        mailbox.moveSpy.expectCalledOnce(with: 3, "Inbox", false)
        mailbox.loadSpy.expectCalledOnce(with: 7)
    }

    @Test("a generated stub checks its calls in order across methods, and that no other call was made")
    func orderedRecordAndNoOtherCalls() {
        let mailbox = MailboxStub()
        mailbox.moveSpy.returns(true)

        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        mailbox.loadSpy.returns(.success("Hello"))
        mailbox.load(id: 7) { _ in }

        mailbox.expectInOrder(.call(mailbox.moveSpy, with: 3, "Inbox", false), .call(mailbox.loadSpy, with: 7))
        mailbox.expectNoOtherCalls()
    }

    @Test("a call no expectation matched fails the generated stub's no-other-calls check, listing the calls")
    func unverifiedCallFailsNoOtherCalls() {
        let mailbox = MailboxStub()
        mailbox.moveSpy.returns(true)
        mailbox.countSpy.returns(2)
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        _ = mailbox.count()
        mailbox.moveSpy.expectCalledOnce(with: 3, "Inbox", false)

        withKnownIssue {
            mailbox.expectNoOtherCalls()
        } matching: { issue in
            issue.isFailure(
                containing: "Expected no other calls on MailboxStub, but 1 of its 2 calls matched no expectation:\n"
                    + "  1. move(identifier:to:copy:) with (identifier: 3, folder: \"Inbox\", copy: false)\n"
                    + "  2. count() with no arguments   ← not verified",
                line: #line - 6
            )
        }
    }

    @Test("a generated stub's several-argument call reads by label, in a read and in a predicate")
    func severalArgumentsReadByLabel() {
        let mailbox = MailboxStub()
        mailbox.moveSpy.returns(true)

        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)

        #expect(mailbox.moveSpy.lastCall?.folder == "Inbox")
        mailbox.moveSpy.expectCalled(matching: "to Inbox") { $0.folder == "Inbox" }
        mailbox.moveSpy.expectCalled(with: 3, "Inbox", false)
    }

    @Test("values of other types than a labelled call's fail the check at its line, naming both")
    func labelledCheckWithWrongTypesFails() {
        let mailbox = MailboxStub()
        mailbox.moveSpy.returns(true)
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)

        withKnownIssue {
            mailbox.moveSpy.expectCalledOnce(with: 3, "Inbox", 0)
        } matching: { issue in
            issue.isFailure(
                containing: "expectCalledOnce(with:) was given (Int, String, Int), but move(identifier:to:copy:) records "
                    + "(identifier: Int, folder: String, copy: Bool); pass its arguments in order, each of its type",
                line: #line - 5
            )
        }
    }

    @Test("a generic requirement answers the configured value as the type asked for")
    func genericAnswerOfTheRightTypeIsReturned() throws {
        let cache = CacheReadingStub()
        cache.readSpy.returns(42)

        #expect(try cache.read(for: "count", as: Int.self) == 42)
    }

    @Test("a generic requirement answered with another type fails where the stub was created, naming both types")
    func genericAnswerOfTheWrongTypeFails() throws {
        let creationLine = #line + 1
        let cache = CacheReadingStub()
        cache.readSpy.returns("forty-two")

        var value: Int? = 0

        try withKnownIssue {
            value = try cache.read(for: "count", as: Int.self)
        } matching: { issue in
            issue.isFailure(
                containing: "read(for:as:) of the generated CacheReadingStub was asked for Int, but its configured answer is "
                    + "String \"forty-two\"; configure an answer of type Int",
                line: creationLine
            )
        }
        #expect(value == nil)
    }

    @Test("a strict stub's unconfigured optional generic result fails before it answers nil")
    func unconfiguredOptionalGenericResultFails() {
        let creationLine = #line + 1
        let reader = KeyValueReadingStub()

        withKnownIssue {
            #expect(reader.value(forKey: "count", as: Int.self) == nil)
        } matching: { issue in
            issue.isFailure(containing: "value(forKey:as:) of the generated KeyValueReadingStub was called with", line: creationLine)
        }
    }

    @Test("stubs of Hashable and Equatable protocols are equal only to themselves")
    func hashableStubsCompareByIdentity() {
        let first = AccountStub()
        let second = AccountStub()
        let rule = FilterRuleStub()

        #expect(Set([first, first, second]).count == 2)
        #expect(first == first && first != second)
        #expect(rule == rule && rule != FilterRuleStub())
    }

    @Test("an unconfigured call of a generated stub is reported where the test created it, naming the stub and method")
    func unconfiguredCallLandsAtCreation() {
        let creationLine = #line + 1
        let mailbox = MailboxStub()

        withKnownIssue {
            _ = mailbox.count()
        } matching: { issue in
            issue.isFailure(
                containing: "count() of the generated MailboxStub was called with no arguments but has no answer configured; "
                    + "configure one in the test with returns(_:), answers(_:) or throws(_:), or generate the stub with "
                    + "--default-answers to answer unconfigured calls silently",
                line: creationLine
            )
        }
    }
}
