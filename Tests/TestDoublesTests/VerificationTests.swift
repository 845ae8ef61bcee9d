import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing

@Suite("expectCalledOnce, expectCalled(times:), expectNotCalled")
struct VerificationCountTests {
    @Test("expectCalledOnce passes after one call")
    func expectCalledOncePasses() {
        let spy = Spy<Int, Void>("remove(id:)")
        spy.call(1)

        let failures = FailureReporter.collectFailures { spy.expectCalledOnce() }

        #expect(failures.isEmpty)
    }

    @Test("expectCalledOnce reports the count and lists the calls")
    func expectCalledOnceReportsCount() {
        let spy = Spy<Int, Void>("remove(id:)")
        spy.call(1)
        spy.call(2)

        let line = #line + 1
        let failures = FailureReporter.collectFailures { spy.expectCalledOnce() }

        #expect(failures.map(\.message) == ["Expected remove(id:) to be called once, but it was called 2 times:\n  #1 1\n  #2 2"])
        #expect(failures.map(\.location.line) == [line])
    }

    @Test("expectCalledOnce reports a spy that was never called")
    func expectCalledOnceReportsNoCalls() {
        let spy = Spy<Void, Void>("refresh()")

        let failures = FailureReporter.collectFailures { spy.expectCalledOnce() }

        #expect(failures.map(\.message) == ["Expected refresh() to be called once, but it was called 0 times"])
    }

    @Test("expectCalled(times:) reports through Swift Testing at the caller's line")
    func expectCalledTimesReportsThroughSwiftTesting() {
        let spy = Spy<Int, Void>("remove(id:)")
        spy.call(4)

        withKnownIssue {
            spy.expectCalled(times: 3)
        } matching: { issue in
            issue.isFailure(containing: "Expected remove(id:) to be called 3 times, but it was called once:\n  #1 4", line: #line - 2)
        }
    }

    @Test("expectNotCalled passes when there were no calls")
    func expectNotCalledPasses() {
        let spy = Spy<Int, Void>("remove(id:)")

        let failures = FailureReporter.collectFailures { spy.expectNotCalled() }

        #expect(failures.isEmpty)
    }

    @Test("expectNotCalled reports the calls made")
    func expectNotCalledReportsCalls() {
        let spy = Spy<String, Void>("log(_:)")
        spy.call("boom")

        let failures = FailureReporter.collectFailures { spy.expectNotCalled() }

        #expect(failures.map(\.message) == ["Expected log(_:) not to be called, but it was called once:\n  #1 \"boom\""])
    }
}

@Suite("expectCalled(with:), expectCalledOnce(with:), expectCalls(_:), expectCalled(matching:where:)")
struct VerificationArgumentTests {
    let dune = SpyTestBook(title: "Dune", pages: 412)

    @Test("expectCalled(with:) passes when any call matches")
    func expectCalledWithPasses() {
        let spy = Spy<SpyTestBook, Void>("save(_:)")
        spy.call(SpyTestBook(title: "Emma", pages: 300))
        spy.call(dune)

        let failures = FailureReporter.collectFailures { spy.expectCalled(with: dune) }

        #expect(failures.isEmpty)
    }

    @Test("expectCalled(with:) shows how the closest call differs, property by property")
    func expectCalledWithShowsDiff() {
        let spy = Spy<SpyTestBook, Void>("save(_:)")
        spy.call(SpyTestBook(title: "Emma", pages: 300))
        spy.call(SpyTestBook(title: "Dune", pages: 400))

        let line = #line + 1
        let failures = FailureReporter.collectFailures { spy.expectCalled(with: dune) }

        #expect(
            failures.map(\.message) == [
                """
                Expected save(_:) to be called with SpyTestBook(title: "Dune", pages: 412), but its 2 calls had other arguments:
                  #1 SpyTestBook(title: "Emma", pages: 300)
                  #2 SpyTestBook(title: "Dune", pages: 400)
                Call #2 differs:
                    pages: expected 412, got 400
                """
            ])
        #expect(failures.map(\.location.line) == [line])
    }

    @Test("expectCalled(with:) reports a spy that was never called")
    func expectCalledWithReportsNoCalls() {
        let spy = Spy<Int, Void>("remove(id:)")

        let failures = FailureReporter.collectFailures { spy.expectCalled(with: 3) }

        #expect(failures.map(\.message) == ["Expected remove(id:) to be called with 3, but it was never called"])
    }

    @Test("expectCalledOnce(with:) reports a second call as unexpected")
    func expectCalledOnceWithReportsExtraCall() {
        let spy = Spy<Int, Void>("remove(id:)")
        spy.call(3)
        spy.call(4)

        let failures = FailureReporter.collectFailures { spy.expectCalledOnce(with: 3) }

        #expect(
            failures.map(\.message) == [
                "Expected remove(id:) to be called once with 3, but it was called 2 times\n  call #2 unexpected: 4"
            ])
    }

    @Test("expectCalls reports each differing, missing call")
    func expectCallsReportsDifferences() {
        let spy = Spy<SpyTestBook, Void>("save(_:)")
        spy.call(SpyTestBook(title: "Dune", pages: 412))
        spy.call(SpyTestBook(title: "Emma", pages: 1))

        let failures = FailureReporter.collectFailures {
            spy.expectCalls([dune, SpyTestBook(title: "Emma", pages: 300), dune])
        }

        #expect(
            failures.map(\.message) == [
                """
                Expected save(_:) to be called 3 times with [SpyTestBook(title: "Dune", pages: 412), \
                SpyTestBook(title: "Emma", pages: 300), SpyTestBook(title: "Dune", pages: 412)], but it was called 2 times
                  call #2 differs:
                    pages: expected 300, got 1
                  call #3 missing: expected SpyTestBook(title: "Dune", pages: 412)
                """
            ])
    }

    @Test("expectCalledOnce(with:) says the expected and the actual value in its headline")
    func expectCallsSameCountNamesArguments() {
        let spy = Spy<String, Void>("log(_:)")
        spy.call("a")

        let failures = FailureReporter.collectFailures { spy.expectCalls(["b"]) }

        #expect(
            failures.map(\.message) == [
                "Expected log(_:) to be called once with \"b\", but it was called with \"a\"\n  call #1 differs:\n    expected \"b\", got \"a\""
            ])
    }

    @Test("expectCalled(matching:where:) checks inputs that are not Equatable")
    func expectCalledMatchingChecksTuples() {
        let spy = Spy<(String, Int), Void>("store(_:for:)")
        spy.call(("a", 1))

        let failures = FailureReporter.collectFailures {
            spy.expectCalled(matching: "key b") { $0.0 == "b" }
        }

        #expect(
            failures.map(\.message) == [
                "Expected store(_:for:) to be called with key b, but none of its 1 call matched:\n  #1 (\"a\", 1)"
            ])
    }
}

@Suite("expectInOrder")
struct VerificationOrderTests {
    @Test("expectInOrder passes when the spies were called in order")
    func expectInOrderPasses() async throws {
        let catalog = SpyTestCatalogStub()
        catalog.fetchSpy.returns(SpyTestBook(title: "Dune", pages: 412))

        _ = try await catalog.fetch(id: 1)
        try await catalog.save(SpyTestBook(title: "Dune", pages: 412))
        _ = try await catalog.fetch(id: 1)

        let failures = FailureReporter.collectFailures {
            expectInOrder(catalog.fetchSpy, catalog.saveSpy, catalog.fetchSpy)
        }
        #expect(failures.isEmpty)
    }

    @Test("expectInOrder reports the first call out of order and lists every call")
    func expectInOrderReportsViolation() async throws {
        let catalog = SpyTestCatalogStub()
        catalog.fetchSpy.returns(SpyTestBook(title: "Dune", pages: 412))
        try await catalog.save(SpyTestBook(title: "Dune", pages: 412))
        _ = try await catalog.fetch(id: 1)

        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            expectInOrder(catalog.fetchSpy, catalog.saveSpy)
        }

        #expect(
            failures.map(\.message) == [
                """
                Expected calls in order fetch(id:) → save(_:), but save(_:) was not called after fetch(id:) (call #2).
                Calls seen, in order:
                  1. save(_:) with SpyTestBook(title: "Dune", pages: 412)
                  2. fetch(id:) with 1
                """
            ])
        #expect(failures.map(\.location.line) == [line])
    }

    @Test("expectInOrder reports a spy that was never called")
    func expectInOrderReportsMissingSpy() {
        let first = Spy<Void, Void>("open()")
        let second = Spy<Void, Void>("close()")

        let failures = FailureReporter.collectFailures { expectInOrder(second, first) }

        #expect(
            failures.map(\.message) == [
                "Expected calls in order close() → open(), but close() was never called.\nNo calls were recorded."
            ])
    }

    @Test("expectInOrder orders calls made from different tasks")
    func expectInOrderAcrossTasks() async {
        let first = Spy<Int, Void>("first(_:)")
        let second = Spy<Int, Void>("second(_:)")

        await Task.detached { await first.call(1) }.value
        await Task.detached { await second.call(2) }.value

        withKnownIssue {
            expectInOrder(second, first)
        } matching: { issue in
            issue.isFailure(containing: "but first(_:) was not called after second(_:) (call #2)", line: #line - 2)
        }
    }
}
