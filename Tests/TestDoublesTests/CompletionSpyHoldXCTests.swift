import TestDoubles
import TestSupportCore
import TestSupportTesting
import XCTest

final class CompletionSpyHoldXCTests: FailureRecordingTestCase {
    override class func setUp() {
        super.setUp()
        // Created on the main thread, it makes the package follow XCTest's cases from this
        // class's first test on, as it does from any earlier test that used it.
        _ = OffTaskFailureReporter()
    }

    @MainActor
    func test_call_unconfiguredWhileAwaited_reportsAtOnceAtStubLine() async throws {
        let creationLine = #line + 1
        let mailbox = SpyTestMailboxStub()
        let spy = mailbox.loadSpy

        var loading: Task<Result<String, SpyTestError>, Never>?
        let failures = await capturingXCTestFailures {
            loading = Task { @MainActor in await loadThroughSpy(spy, id: 3) }
            // The call runs off the main actor; it counts for this wait only once its report is made.
            await spy.waitForCalls(1)
        }
        spy.completeLast(with: .success("Dune"))  // lets the waiting code finish

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failure.description.contains(
                "load(id:completion:) of the generated SpyTestMailboxStub was called with 3 but has no answer configured, "
                    + "so its completion handler is held and the code waiting for it cannot go on; configure a completion "
                    + "in the test with returns(_:) or answers(_:), or call holdCompletions() and complete it from the test "
                    + "with completeLast(with:)"
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, creationLine)
        let loaded = await loading?.value
        XCTAssertEqual(loaded, .success("Dune"))
    }

    func test_holdCompletions_handlerNeverCompleted_reportsAtTeardownAtHoldLine() throws {
        let mailbox = SpyTestMailboxStub()
        let holdLine = #line + 1
        mailbox.loadSpy.holdCompletions()
        mailbox.load(id: 1) { _ in }

        // What this case's teardown runs, run now so that its failure can be captured.
        let failures = capturingXCTestFailures { RunningTest.runXCTestEndOfTestChecks() }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failure.description.contains(
                "load(id:completion:) holds 1 completion handler that was never called; complete it with "
                    + "completeLast(with:), or hold with holdCompletions(allowingPendingAtEnd: true) if the test leaves it "
                    + "pending on purpose"
            ),
            failure.description
        )
        XCTAssertEqual(failure.line, holdLine)
    }

    func test_holdCompletions_allowingPendingAtEnd_teardownPasses() {
        let mailbox = SpyTestMailboxStub()
        mailbox.loadSpy.holdCompletions(allowingPendingAtEnd: true)
        mailbox.load(id: 1) { _ in }

        let failures = capturingXCTestFailures { RunningTest.runXCTestEndOfTestChecks() }

        XCTAssertEqual(failures, [])
        XCTAssertEqual(mailbox.loadSpy.waitingCompletionCount, 1)
    }

    func test_holdCompletions_handlerCompleted_teardownPasses() {
        let mailbox = SpyTestMailboxStub()
        mailbox.loadSpy.holdCompletions()
        mailbox.load(id: 1) { _ in }
        mailbox.loadSpy.completeLast(with: .success("Dune"))

        let failures = capturingXCTestFailures { RunningTest.runXCTestEndOfTestChecks() }

        XCTAssertEqual(failures, [])
    }
}

/// A stub made in `setUp()`: its unanswered calls point at `setUp()`, and name the running test.
final class SetUpStubUnansweredCallXCTests: FailureRecordingTestCase {
    private static let creationLine = #line + 5
    private var mailbox: SpyTestMailboxStub!

    override func setUp() {
        super.setUp()
        mailbox = SpyTestMailboxStub()
    }

    override class func setUp() {
        super.setUp()
        _ = OffTaskFailureReporter()  // follow XCTest's cases from this class's first test on
    }

    func test_call_stubFromSetUp_namesRunningTestAndCall() throws {
        _ = capturingXCTestFailures { _ = mailbox.count() }

        let failures = capturingXCTestFailures { _ = mailbox.count() }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains("returned the fallback 0; it was the 2nd call, in the test \"\(name)\""), failure.description)
        XCTAssertEqual(failure.line, Self.creationLine)
    }
}
