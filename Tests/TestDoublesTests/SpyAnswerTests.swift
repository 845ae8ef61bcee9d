import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing

@Suite("MethodSpy answers")
struct SpyAnswerTests {
    @Test("returns answers every call with the value")
    func returnsAnswersEveryCall() {
        let spy = Spy<Void, Int>("count()", strictFallback: 0)
        spy.returns(5)

        #expect([spy.call(), spy.call()] == [5, 5])
    }

    @Test("returns(inOrder:) answers in order, then repeats the last value")
    func returnsInOrderRepeatsLast() {
        let spy = Spy<Void, Int>("count()", strictFallback: 0)
        spy.returns(inOrder: [1, 2])

        #expect([spy.call(), spy.call(), spy.call(), spy.call()] == [1, 2, 2, 2])
    }

    @Test("returns(inOrder:afterLast: .reportFailure) reports the extra call and returns the fallback")
    func returnsInOrderReportsExhaustion() {
        let spy = Spy<Void, Int>("count()", strictFallback: -1)
        spy.returns(inOrder: [1, 2], afterLast: .reportFailure)
        var answers: [Int] = []

        let failures = FailureReporter.collectFailures {
            answers = [spy.call(), spy.call(), spy.call()]
        }

        #expect(answers == [1, 2, -1])
        #expect(
            failures.map(\.message) == [
                "count() was called 3 times but only 2 answers were configured (afterLast: .reportFailure); "
                    + "returned the fallback -1"
            ])
    }

    @Test("an empty answer sequence is reported at the configuring line")
    func emptySequenceIsReported() {
        let spy = Spy<Void, Int>("count()", strictFallback: 0)

        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            spy.returns(inOrder: [])
        }

        #expect(failures.map(\.message) == ["An answer sequence for count() needs at least one answer; got an empty list"])
        #expect(failures.map(\.location.line) == [line])
    }

    @Test("results(inOrder:) fails first, then succeeds")
    func resultsInOrderFailThenSucceed() async throws {
        let catalog = SpyTestCatalogStub()
        let book = SpyTestBook(title: "Dune", pages: 412)
        catalog.fetchSpy.results(inOrder: [.failure(SpyTestError(code: 1)), .success(book)])

        await #expect(throws: SpyTestError(code: 1)) { try await catalog.fetch(id: 1) }
        let second = try await catalog.fetch(id: 1)

        #expect(second == book)
    }

    @Test("configuring a new sequence starts it from its first answer")
    func newSequenceStartsFromFirst() {
        let spy = Spy<Void, Int>("count()", strictFallback: 0)
        spy.returns(inOrder: [1, 2])
        _ = spy.call()

        spy.returns(inOrder: [7, 8])

        #expect(spy.call() == 7)
    }

    @Test("throws answers every call with the error")
    func throwsAnswersWithError() async {
        let catalog = SpyTestCatalogStub()
        catalog.fetchSpy.throws(SpyTestError(code: 404))

        await #expect(throws: SpyTestError(code: 404)) { try await catalog.fetch(id: 1) }
    }

    @Test("a Void-returning throwing spy throws the configured error")
    func voidThrowingSpyThrows() {
        let catalog = SpyTestCatalogStub()
        catalog.validateSpy.throws(SpyTestError(code: 2))

        #expect(throws: SpyTestError(code: 2)) { try catalog.validate(SpyTestBook(title: "", pages: 0)) }
    }

    @Test("answers computes the answer from the input")
    func answersComputesFromInput() async throws {
        let catalog = SpyTestCatalogStub()
        catalog.fetchSpy.answers { id in SpyTestBook(title: "Book \(id)", pages: id * 10) }

        let book = try await catalog.fetch(id: 4)

        #expect(book == SpyTestBook(title: "Book 4", pages: 40))
    }

    @Test("an answer closure that calls the same spy again does not deadlock")
    func reentrantClosureDoesNotDeadlock() {
        let spy = Spy<Int, Int>("factorial(_:)", strictFallback: 0)
        spy.answers { number in number <= 1 ? 1 : number * spy.call(number - 1) }

        #expect(spy.call(5) == 120)
        #expect(spy.calls == [5, 4, 3, 2, 1])
    }

    @Test("an answer closure may read the spy's calls")
    func closureMayReadCalls() {
        let spy = Spy<String, Int>("track(_:)", strictFallback: 0)
        spy.answers { _ in spy.callCount }

        #expect([spy.call("a"), spy.call("b")] == [1, 2])
    }

    @Test("an asynchronous answer closure is awaited by an asynchronous call")
    func asyncClosureIsAwaited() async {
        let catalog = SpyTestCatalogStub()
        catalog.searchSpy.answers { (query: String) async -> [String] in
            await Task.yield()
            return [query.uppercased()]
        }

        let results = await catalog.search("dune")

        #expect(results == ["DUNE"])
    }

    @Test("an asynchronous answer reached from a synchronous call is reported and the fallback returned")
    func asyncClosureFromSyncCallIsReported() {
        let spy = Spy<String, Int>("length(_:)", strictFallback: -1)
        spy.answers { (text: String) async -> Int in text.count }
        var answer = 0

        let failures = FailureReporter.collectFailures {
            answer = spy.call("abc")
        }

        #expect(answer == -1)
        #expect(
            failures.map(\.message) == [
                "length(_:) has an asynchronous answer but was called synchronously; configure it with a synchronous closure; "
                    + "returned the fallback -1"
            ])
    }
}

@Suite("MethodSpy without an answer")
struct SpyFallbackTests {
    @Test("an unconfigured throwing spy reports the method and throws SpyError.noAnswer")
    func unconfiguredThrowingSpyThrows() async {
        let catalog = SpyTestCatalogStub()

        let failures = await FailureReporter.collectFailures {
            await #expect(throws: SpyError.noAnswer(method: "fetch(id:)")) { try await catalog.fetch(id: 9) }
        }

        #expect(
            failures.map(\.message) == [
                "fetch(id:) was called with 9 but has no answer configured; "
                    + "configure one in the test with returns(_:), answers(_:) or throws(_:), or create the spy with defaultAnswer: to answer unconfigured calls silently; threw SpyError.noAnswer"
                    + " (the spy was created in the test \"an unconfigured throwing spy reports the method and throws SpyError.noAnswer\")"
            ])
    }

    @Test("an unconfigured spy's failure points at the calling line")
    func unconfiguredSpyPointsAtCallingLine() {
        let spy = Spy<Int, String>("title(for:)", strictFallback: "")

        withKnownIssue {
            _ = spy.call(3)
        } matching: { issue in
            issue.isFailure(containing: "title(for:) was called with 3 but has no answer configured", line: #line - 2)
        }
    }

    @Test("a throwing spy created with a fallback value returns it instead of throwing")
    func throwingSpyWithFallbackValueReturnsIt() throws {
        let spy = ThrowingSpy<Int, [String]>("titles(page:)", strictFallback: [])
        var titles: [String]?

        let failures = try FailureReporter.collectFailures {
            titles = try spy.call(1)
        }

        #expect(titles == [])
        #expect(
            failures.map(\.message) == [
                "titles(page:) was called with 1 but has no answer configured; "
                    + "configure one in the test with returns(_:), answers(_:) or throws(_:), or create the spy with defaultAnswer: to answer unconfigured calls silently; returned the fallback []"
                    + " (the spy was created in the test \"a throwing spy created with a fallback value returns it instead of throwing\")"
            ])
    }

    @Test("an unimplemented spy reports the method and its arguments")
    func unimplementedSpyReports() {
        let spy: Spy<String, Int> = .unimplemented("rating(for:)", fallback: 0)

        let failures = FailureReporter.collectFailures {
            _ = spy.call("dune")
        }

        #expect(
            failures.map(\.message) == [
                "Unimplemented: rating(for:) was called with \"dune\", but this test declared it must not be called; "
                    + "returned the fallback 0"
            ])
    }

    @Test("an unimplemented throwing spy throws SpyError.unimplemented")
    func unimplementedThrowingSpyThrows() async {
        let spy: ThrowingSpy<Int, SpyTestBook> = .unimplemented("fetch(id:)")

        let failures = await FailureReporter.collectFailures {
            await #expect(throws: SpyError.unimplemented(method: "fetch(id:)")) { try await spy.call(1) }
        }

        #expect(failures.count == 1)
    }

    @Test("an unimplemented Void spy reports every call")
    func unimplementedVoidSpyReports() {
        let spy: Spy<Int, Void> = .unimplemented("remove(id:)")

        let failures = FailureReporter.collectFailures {
            spy.call(1)
            spy.call(2)
        }

        #expect(
            failures.map(\.message) == [
                "Unimplemented: remove(id:) was called with 1, but this test declared it must not be called",
                "Unimplemented: remove(id:) was called with 2, but this test declared it must not be called",
            ])
    }

    @Test("an unimplemented spy given an answer behaves as an ordinary spy")
    func unimplementedSpyGivenAnswerAnswers() {
        let spy: Spy<String, Int> = .unimplemented("rating(for:)", fallback: 0)
        spy.returns(5)

        let failures = FailureReporter.collectFailures {
            #expect(spy.call("dune") == 5)
        }

        #expect(failures.isEmpty)
    }

    @Test("reset makes an unimplemented spy unimplemented again")
    func resetRestoresUnimplemented() {
        let spy: Spy<String, Int> = .unimplemented("rating(for:)", fallback: 0)
        spy.returns(5)
        spy.reset()

        let failures = FailureReporter.collectFailures {
            _ = spy.call("dune")
        }

        #expect(failures.first?.message.hasPrefix("Unimplemented: rating(for:)") == true)
    }

    @Test("makeUnimplemented turns an ordinary spy into an unimplemented one")
    func makeUnimplementedForbidsCalls() async throws {
        let catalog = SpyTestCatalogStub()
        catalog.saveSpy.makeUnimplemented()

        let failures = await FailureReporter.collectFailures {
            await #expect(throws: SpyError.self) { try await catalog.save(SpyTestBook(title: "A", pages: 1)) }
        }

        #expect(failures.first?.message.hasPrefix("Unimplemented: save(_:) was called with SpyTestBook(") == true)
    }

    @Test("a failure from a detached task reaches the scope that created the spy")
    func offTaskFailureReachesCreatingScope() async {
        let failures = await FailureReporter.collectFailures {
            let spy = Spy<Int, Int>("score(_:)", strictFallback: 0)
            await Task.detached { _ = spy.call(1) }.value
        }

        #expect(
            failures.map(\.message) == [
                "score(_:) was called with 1 but has no answer configured; "
                    + "configure one in the test with returns(_:), answers(_:) or throws(_:), or create the spy with defaultAnswer: to answer unconfigured calls silently; returned the fallback 0"
                    + " (the spy was created in the test \"a failure from a detached task reaches the scope that created the spy\")"
            ])
    }
}
