import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing

@Suite("MethodSpy recording")
struct SpyRecordingTests {
    @Test("calls lists every input in call order")
    func callsListsInputsInOrder() async throws {
        let catalog = SpyTestCatalogStub()
        catalog.fetchSpy.returns(SpyTestBook(title: "Dune", pages: 412))

        _ = try await catalog.fetch(id: 3)
        _ = try await catalog.fetch(id: 1)
        _ = try await catalog.fetch(id: 2)

        #expect(catalog.fetchSpy.calls == [3, 1, 2])
    }

    @Test("callCount counts the calls")
    func callCountCountsCalls() async {
        let catalog = SpyTestCatalogStub()
        catalog.searchSpy.returns([])

        _ = await catalog.search("a")
        _ = await catalog.search("b")

        #expect(catalog.searchSpy.callCount == 2)
    }

    @Test("lastCall is the most recent input")
    func lastCallIsMostRecentInput() throws {
        let catalog = SpyTestCatalogStub()

        try catalog.validate(SpyTestBook(title: "A", pages: 1))
        try catalog.validate(SpyTestBook(title: "B", pages: 2))

        #expect(catalog.validateSpy.lastCall == SpyTestBook(title: "B", pages: 2))
    }

    @Test("lastCall is nil before any call")
    func lastCallIsNilBeforeAnyCall() {
        let catalog = SpyTestCatalogStub()

        #expect(catalog.fetchSpy.lastCall == nil)
        #expect(!catalog.fetchSpy.wasCalled)
    }

    @Test("10,000 concurrent calls from a task group are all recorded")
    func concurrentCallsAreAllRecorded() async {
        let spy = Spy<Int, Int>("square(_:)", strictFallback: 0)
        spy.answers { $0 * $0 }

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<10_000 {
                group.addTask { _ = await spy.call(index) }
            }
        }

        #expect(spy.callCount == 10_000)
        #expect(Set(spy.calls) == Set(0..<10_000))
    }

    @Test("10,000 concurrent synchronous calls from detached threads are all recorded")
    func concurrentSynchronousCallsAreAllRecorded() async {
        let spy = Spy<Int, Void>("record(_:)")

        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<8 {
                group.addTask {
                    for index in 0..<1_250 { spy.call(worker * 1_250 + index) }
                }
            }
        }

        #expect(spy.callCount == 10_000)
        #expect(Set(spy.calls).count == 10_000)
    }

    @Test("clearRecorded forgets the calls and keeps the sequence of answers where it was")
    func clearCallsKeepsAnswers() {
        let catalog = SpyTestCatalogStub()
        catalog.countSpy.returns(inOrder: [1, 2, 3])
        _ = catalog.count()

        catalog.countSpy.clearRecorded()
        let next = catalog.count()

        #expect(next == 2)
        #expect(catalog.countSpy.callCount == 1)
    }

    @Test("reset forgets the calls")
    func resetForgetsCalls() {
        let catalog = SpyTestCatalogStub()
        catalog.countSpy.returns(1)
        _ = catalog.count()

        catalog.countSpy.reset()

        #expect(catalog.countSpy.calls.isEmpty)
        #expect(catalog.countSpy.callCount == 0)
    }

    @Test("reset forgets the configured answer, so the next call is unconfigured again")
    func resetForgetsAnswer() {
        let catalog = SpyTestCatalogStub()
        catalog.countSpy.returns(7)
        catalog.countSpy.reset()

        let failures = FailureReporter.collectFailures {
            #expect(catalog.countSpy.call() == 0)
        }

        #expect(
            failures.map(\.message) == [
                "count() was called with no arguments but has no answer configured; "
                    + "configure one in the test with returns(_:), answers(_:) or throws(_:), or create the spy with defaultAnswer: to answer unconfigured calls silently; returned the fallback 0"
                    + " (the spy was created in the test \"reset forgets the configured answer, so the next call is unconfigured again\")"
            ])
    }

    @Test("a spy for a method returning nothing answers without configuration")
    func voidSpyAnswersWithoutConfiguration() async throws {
        let catalog = SpyTestCatalogStub()

        let failures = try await FailureReporter.collectFailures {
            try await catalog.save(SpyTestBook(title: "A", pages: 1))
        }

        #expect(failures.isEmpty)
        #expect(catalog.saveSpy.callCount == 1)
    }
}

@Suite("MethodSpy isolation")
struct SpyIsolationTests {
    @Test("a stub of a main-actor protocol records calls from the main actor")
    @MainActor
    func mainActorProtocolStubRecords() async {
        let view = SpyTestViewStub()

        view.show(["Dune"])
        await view.showError("Offline")

        #expect(view.showSpy.calls == [["Dune"]])
        #expect(view.showErrorSpy.calls == ["Offline"])
    }

    @Test("a stub of an actor-constrained protocol records calls made on the actor")
    func actorProtocolStubRecords() async throws {
        let cache = SpyTestCacheStub()
        cache.valueSpy.returns(3)

        let value = await cache.value(for: "shelf")
        try await cache.store(4, for: "shelf")

        #expect(value == 3)
        #expect(cache.valueSpy.calls == ["shelf"])
        #expect(cache.storeSpy.calls == [SpyTestCacheStub.Store(value: 4, key: "shelf")])
    }

    @Test("a typed-throws spy throws the configured typed error")
    func typedThrowsSpyThrowsTypedError() {
        let parser = SpyTestParserStub()
        parser.parseSpy.throws(SpyTestError(code: 7))

        #expect(throws: SpyTestError(code: 7)) {
            try parser.parse("x")
        }
    }

    @Test("an unconfigured typed-throws spy reports and throws its fallback error")
    func unconfiguredTypedThrowsSpyThrowsFallbackError() {
        let parser = SpyTestParserStub()

        let failures = FailureReporter.collectFailures {
            #expect(throws: SpyTestError(code: -1)) {
                try parser.parse("x")
            }
        }

        #expect(
            failures.map(\.message) == [
                "parse(_:) was called with \"x\" but has no answer configured; "
                    + "configure one in the test with returns(_:), answers(_:) or throws(_:), or create the spy with defaultAnswer: to answer unconfigured calls silently; threw SpyTestError(code: -1)"
                    + " (the spy was created in the test \"an unconfigured typed-throws spy reports and throws its fallback error\")"
            ])
    }
}
