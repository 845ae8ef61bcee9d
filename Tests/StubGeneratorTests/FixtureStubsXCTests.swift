import StubGeneratorFixtureStubs
import StubGeneratorFixtures
import TestSupportKit
import TestSupportTesting
import XCTest

/// The generated stubs of the awkward fixture protocols, used from XCTest.
final class FixtureStubsXCTests: XCTestCase {
    func test_find_onGeneratedOverloadStub_recordsIntoLabelledSpy() {
        let stub = OverloadedStub()
        stub.findNameSpy.returns(["Ada Lovelace"])

        _ = stub.find(name: "Ada")

        XCTAssertEqual(stub.findNameSpy.calls, ["Ada"])
    }

    func test_increment_withAnsweredValue_givesCallerTheAnswer() {
        let stub = ParameterShapesStub()
        stub.incrementSpy.returns(42)
        var value = 1

        stub.increment(&value)

        XCTAssertEqual(value, 42)
        XCTAssertEqual(stub.incrementSpy.calls, [1])
    }

    @MainActor
    func test_viewDidSelect_onMainActorDelegateStub_keepsTheView() {
        let stub = FixtureViewDelegateStub()
        let view = FixtureView(title: "Shelf")
        let delegate: any FixtureViewDelegate = stub

        delegate.view(view, didSelectItemAt: 2)

        XCTAssertTrue(stub.viewSpy.lastCall?.0 === view)
        XCTAssertEqual(stub.viewSpy.lastCall?.1, 2)
    }

    func test_initNameRequirement_madeThroughTheProtocol_recordsTheName() {
        func make<Made: Initializable>(_ type: Made.Type) -> Made { Made(name: "Ada") }

        let stub = make(InitializableStub.self)

        XCTAssertEqual(stub.initSpy.calls, ["Ada"])
    }

    @MainActor
    func test_pickView_completedByTheTest_givesTheHandlerTheView() {
        let stub = ViewPickingStub()
        let view = FixtureView(title: "Cover")
        var picked: [FixtureView?] = []

        stub.pickViewSpy.holdCompletions()
        stub.pickView(from: [view]) { picked.append($0) }
        stub.pickViewSpy.completeLast(with: view)

        XCTAssertEqual(picked.count, 1)
        XCTAssertTrue(picked.first ?? nil === view)
    }

    func test_parse_whenTypedSpyThrows_throwsTypedError() {
        let stub = EffectsStub(parseFallbackError: .failed, errorFallback: .failed)
        stub.parseSpy.throws(.failed)

        XCTAssertThrowsError(try stub.parse("x")) { error in XCTAssertEqual(error as? AwkwardError, .failed) }
    }

    func test_errorForCode_withConfiguredAnswer_returnsIt() {
        let stub = EffectsStub(parseFallbackError: .failed, errorFallback: .failed)
        stub.errorSpy.returns(.failed)

        XCTAssertEqual(stub.error(forCode: 1), .failed)
    }

    func test_load_withCompletion_recordsIdWithoutClosure() {
        let stub = ParameterShapesStub()
        stub.loadSpy.holdCompletions(allowingPendingAtEnd: true)

        stub.load(id: 3) { _ in }

        XCTAssertEqual(stub.loadSpy.calls, [3])
    }

    func test_remote_whenSpyThrows_propagatesError() async {
        let stub = MembersStub()
        stub.remoteSpy.throws(AwkwardError.failed)

        do {
            _ = try await stub.remote
            XCTFail("expected remote to throw")
        } catch {
            XCTAssertEqual(error as? AwkwardError, .failed)
        }
    }

    func test_ping_onInternalProtocolStub_answersConfiguredValue() async {
        let stub = InternalServiceStub()
        stub.pingSpy.returns(true)

        let answer = await stub.ping()

        XCTAssertTrue(answer)
    }

    func test_completionMethods_onStubWithDefaultAnswers_completeAtOnceWithDefaults() {
        let stub = InternalCallbacksStub(loadCountAnswer: .success(0))
        let synced = CompletionRecorder<Void>()
        let enabled = CompletionRecorder<Bool>()
        let found = CompletionRecorder<String?>()
        let count = CompletionRecorder<Result<Int, ServiceError>>()

        stub.sync { synced.handler(()) }
        stub.isEnabled("dark-mode", completion: enabled.handler)
        stub.lookup("theme", completion: found.handler)
        stub.loadCount(completion: count.handler)

        XCTAssertEqual(synced.callCount, 1)
        XCTAssertEqual(enabled.values, [false])
        XCTAssertEqual(found.values, [nil])
        XCTAssertEqual(count.values, [.success(0)])
    }

    func test_holdCompletions_onStubWithDefaultAnswers_holdsUntilTheTestCompletes() {
        let stub = InternalCallbacksStub(loadCountAnswer: .success(0))
        let count = CompletionRecorder<Result<Int, ServiceError>>()
        stub.loadCountSpy.holdCompletions()

        stub.loadCount(completion: count.handler)
        XCTAssertEqual(count.callCount, 0)
        stub.loadCountSpy.completeLast(with: .success(7))

        XCTAssertEqual(count.values, [.success(7)])
    }
}

/// A generated stub used from XCTest: configured, called, a completion handler completed, a
/// several-argument call verified, the stub's calls checked in order.
final class GeneratedStubInUseXCTests: FailureRecordingTestCase {
    func test_mailboxStub_configuredCalledAndCompleted_verifiesSeveralArguments() {
        let mailbox = MailboxStub()
        mailbox.moveSpy.returns(true)
        var received: [Result<String, ServiceError>] = []

        let moved = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        mailbox.loadSpy.holdCompletions()
        mailbox.load(id: 7) { received.append($0) }
        mailbox.loadSpy.completeLast(with: .success("Hello"))

        XCTAssertTrue(moved)
        XCTAssertEqual(received, [.success("Hello")])
        mailbox.moveSpy.expectCalledOnce(with: 3, "Inbox", false)
        mailbox.loadSpy.expectCalledOnce(with: 7)
    }

    func test_expectInOrder_callsAcrossMethods_passesWithNoOtherCalls() {
        let mailbox = MailboxStub()
        mailbox.moveSpy.returns(true)

        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        mailbox.loadSpy.returns(.success("Hello"))
        mailbox.load(id: 7) { _ in }

        mailbox.expectInOrder(.call(mailbox.moveSpy, with: 3, "Inbox", false), .call(mailbox.loadSpy, with: 7))
        mailbox.expectNoOtherCalls()
    }

    func test_expectNoOtherCalls_unverifiedCall_failsListingTheCalls() {
        let mailbox = MailboxStub()
        mailbox.moveSpy.returns(true)
        mailbox.countSpy.returns(2)
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        _ = mailbox.count()
        mailbox.moveSpy.expectCalledOnce(with: 3, "Inbox", false)
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            mailbox.expectNoOtherCalls()
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains(
                "Expected no other calls on MailboxStub, but 1 of its 2 calls matched no expectation:\n"
                    + "  1. move(identifier:to:copy:) with (identifier: 3, folder: \"Inbox\", copy: false)\n"
                    + "  2. count() with no arguments   ← not verified"
            ) ?? false
        )
    }

    func test_moveSpy_severalArguments_readByLabelInReadAndPredicate() {
        let mailbox = MailboxStub()
        mailbox.moveSpy.returns(true)

        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)

        XCTAssertEqual(mailbox.moveSpy.lastCall?.folder, "Inbox")
        mailbox.moveSpy.expectCalled(matching: "to Inbox") { $0.folder == "Inbox" }
    }

    func test_expectCalledOnce_valuesOfOtherTypesThanLabelledCall_failsAtItsLine() {
        let mailbox = MailboxStub()
        mailbox.moveSpy.returns(true)
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            mailbox.moveSpy.expectCalledOnce(with: 3, "Inbox", 0)
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains(
                "expectCalledOnce(with:) was given (Int, String, Int), but move(identifier:to:copy:) records "
                    + "(identifier: Int, folder: String, copy: Bool); pass its arguments in order, each of its type"
            ) ?? false
        )
    }

    func test_read_answeredWithAnotherType_failsAtTheLineThatCreatedTheStub() throws {
        let creationLine = #line + 1
        let cache = CacheReadingStub()
        cache.readSpy.returns("forty-two")
        var value: Int?

        let failures = try capturingXCTestFailures {
            value = try cache.read(for: "count", as: Int.self)
        }

        XCTAssertNil(value)
        XCTAssertEqual(failures.map(\.line), [creationLine])
        XCTAssertTrue(
            failures.first?.description.contains(
                "read(for:as:) of the generated CacheReadingStub was asked for Int, but its configured answer is "
                    + "String \"forty-two\"; configure an answer of type Int"
            ) ?? false
        )
    }

    func test_count_unconfiguredOnGeneratedStub_failsAtTheLineThatCreatedTheStub() {
        let creationLine = #line + 1
        let mailbox = MailboxStub()

        let failures = capturingXCTestFailures {
            _ = mailbox.count()
        }

        XCTAssertEqual(failures.map(\.line), [creationLine])
        XCTAssertTrue(
            failures.first?.description.contains(
                "count() of the generated MailboxStub was called with no arguments but has no answer configured; "
                    + "configure one in the test with returns(_:), answers(_:) or throws(_:), or generate the stub with "
                    + "--default-answers to answer unconfigured calls silently"
            ) ?? false
        )
    }
}
