import TestDoubles
import TestSupportTesting
import XCTest

final class StubRecordXCTests: FailureRecordingTestCase {
    func test_expectInOrder_reversedCalls_listsStubCallsAtCallerLine() throws {
        let mailbox = SpyTestMailboxStub()
        mailbox.countSpy.returns(2)
        mailbox.moveSpy.returns(true)
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        _ = mailbox.count()

        let line = #line + 1
        let failures = capturingXCTestFailures { mailbox.expectInOrder(.call(mailbox.countSpy), .call(mailbox.moveSpy)) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failure.description.contains(
                "but move(identifier:to:copy:) was not called after count() (call #2).\n"
                    + "Calls on SpyTestMailboxStub, in order:\n"
                    + "  1. move(identifier:to:copy:) with (3, \"Inbox\", false)\n"
                    + "  2. count() with no arguments"
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    func test_expectNoOtherCalls_unverifiedCall_namesItAtCallerLine() throws {
        let mailbox = SpyTestMailboxStub()
        mailbox.countSpy.returns(2)
        _ = mailbox.count()
        _ = mailbox.count()
        mailbox.countSpy.expectCalled(times: 2)
        mailbox.loadSpy.returns(.success("Dune"))
        mailbox.load(id: 1) { _ in }

        let line = #line + 1
        let failures = capturingXCTestFailures { mailbox.expectNoOtherCalls() }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains(
                "Expected no other calls on SpyTestMailboxStub, but 1 of its 3 calls matched no expectation:\n"
                    + "  1. count() with no arguments\n  2. count() with no arguments\n"
                    + "  3. load(id:completion:) with 1   ← not verified"
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    func test_expectNoOtherCalls_everyCallVerified_reportsNothing() {
        let mailbox = SpyTestMailboxStub()
        mailbox.moveSpy.returns(true)
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)
        mailbox.loadSpy.returns(.success("Dune"))
        mailbox.load(id: 1) { _ in }

        let failures = capturingXCTestFailures {
            mailbox.moveSpy.expectCalledOnce(with: 3, "Inbox", false)
            mailbox.loadSpy.expectCalled(times: 1)
            mailbox.expectNoOtherCalls()
        }

        XCTAssertEqual(failures, [])
    }

    func test_expectCalledOnce_generatedSpyDifferingArgument_namesLabelAtCallerLine() throws {
        let mailbox = SpyTestMailboxStub()
        mailbox.moveSpy.returns(true)
        _ = mailbox.move(identifier: 3, to: "Inbox", copy: false)

        let line = #line + 1
        let failures = capturingXCTestFailures { mailbox.moveSpy.expectCalledOnce(with: 3, "Archive", false) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains(
                "Expected move(identifier:to:copy:) to be called once with (identifier: 3, to: \"Archive\", copy: false), "
                    + "but it was called with (identifier: 3, to: \"Inbox\", copy: false)\n  call #1 differs:\n"
                    + "    to: expected \"Archive\", got \"Inbox\""
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    func test_call_generatedStubUnconfigured_reportsAtStubCreationLineWithoutEditAdvice() throws {
        let line = #line + 1
        let mailbox = SpyTestMailboxStub()

        let failures = capturingXCTestFailures { _ = mailbox.move(identifier: 1, to: "Inbox", copy: true) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains(
                "move(identifier:to:copy:) of the generated SpyTestMailboxStub was called with (1, \"Inbox\", true) but has no "
                    + "answer configured; configure one in the test with returns(_:), answers(_:) or throws(_:), or generate the "
                    + "stub with --default-answers to answer unconfigured calls silently"
            ),
            failure.description
        )
        XCTAssertFalse(failure.description.contains("defaultAnswer:"), failure.description)
        XCTAssertEqual(failure.line, line)
    }

    func test_expectNoOtherCalls_stubWithoutSpies_saysSoAtCallerLine() throws {
        let stub = SpyTestEmptyStub()

        let line = #line + 1
        let failures = capturingXCTestFailures { stub.expectNoOtherCalls() }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(failure.description.contains("SpyTestEmptyStub has no spies among its stored properties"), failure.description)
        XCTAssertEqual(failure.line, line)
    }

    @MainActor
    func test_expectNoOtherCalls_mainActorStubOnMainActor_readsMainActorSpies() throws {
        let delegate = SpyTestDelegateStub()
        delegate.didShow(SpyTestScreen(title: "Dune"))

        let line = #line + 1
        let failures = capturingXCTestFailures { delegate.expectNoOtherCalls() }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains("  1. didShow(_:) with SpyTestScreen(title: \"Dune\")   ← not verified"), failure.description)
        XCTAssertEqual(failure.line, line)
    }
}

final class CompletionSpyXCTests: FailureRecordingTestCase {
    func test_completeLast_waitingCall_callsItsHandler() async {
        let mailbox = SpyTestMailboxStub()
        let done = CompletionRecorder<Result<String, SpyTestError>>()
        mailbox.loadSpy.holdCompletions()
        mailbox.load(id: 1, completion: done.handler)

        mailbox.loadSpy.completeLast(with: .success("Dune"))

        let value = await done.value()
        XCTAssertEqual(value, .success("Dune"))
    }

    func test_completeLast_everyCallCompleted_reportsAtCallerLine() throws {
        let mailbox = SpyTestMailboxStub()
        mailbox.loadSpy.returns(.success("Dune"))
        mailbox.load(id: 1) { _ in }

        let line = #line + 1
        let failures = capturingXCTestFailures { mailbox.loadSpy.completeLast(with: .success("Emma")) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains(
                "completeLast(with:) found no call of load(id:completion:) waiting for its completion handler: "
                    + "it was called once and each call was completed already"
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_value_handlerNeverCalled_reportsTimeoutAtCallerLine() async throws {
        let done = CompletionRecorder<Int>()

        let line = #line + 1
        let failures = await capturingXCTestFailures { _ = await done.value(timeout: .zero) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains("Timed out after 0 s waiting for the completion handler to be called; it was never called"),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }
}
