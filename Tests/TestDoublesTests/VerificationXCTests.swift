import TestDoubles
import TestSupportTesting
import XCTest

final class VerificationXCTests: FailureRecordingTestCase {
    func test_expectCalledOnce_afterTwoCalls_reportsCountAtCallerLine() throws {
        let spy = Spy<Int, Void>("remove(id:)")
        spy.call(1)
        spy.call(2)

        let line = #line + 1
        let failures = capturingXCTestFailures { spy.expectCalledOnce() }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(
            failure.description.contains("Expected remove(id:) to be called once, but it was called 2 times:\n  #1 1\n  #2 2"),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }

    func test_expectCalledWith_differentArguments_reportsPropertyDiff() throws {
        let spy = Spy<SpyTestBook, Void>("save(_:)")
        spy.call(SpyTestBook(title: "Dune", pages: 400))

        let line = #line + 1
        let failures = capturingXCTestFailures { spy.expectCalled(with: SpyTestBook(title: "Dune", pages: 412)) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(failure.description.contains("Call #1 differs:\n    pages: expected 412, got 400"), failure.description)
        XCTAssertEqual(failure.line, line)
    }

    func test_expectNotCalled_withoutCalls_reportsNothing() {
        let spy = Spy<Int, Void>("remove(id:)")

        let failures = capturingXCTestFailures { spy.expectNotCalled() }

        XCTAssertEqual(failures, [])
    }

    func test_expectInOrder_reversedCalls_reportsOrderAtCallerLine() throws {
        let open = Spy<Void, Void>("open()")
        let close = Spy<Void, Void>("close()")
        close.call()
        open.call()

        let line = #line + 1
        let failures = capturingXCTestFailures { expectInOrder(open, close) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains("Expected calls in order open() → close(), but close() was not called after open() (call #2)."),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }
}
