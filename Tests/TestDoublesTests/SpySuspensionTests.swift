import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing

/// A small main-actor model with a loading flag, as view models have.
@MainActor
final class SpyTestLoader {
    private(set) var isLoading = false
    private(set) var book: SpyTestBook?
    let catalog: any SpyTestCatalog

    init(catalog: any SpyTestCatalog) {
        self.catalog = catalog
    }

    func load() async {
        isLoading = true
        defer { isLoading = false }
        book = try? await catalog.fetch(id: 1)
    }
}

@Suite("MethodSpy.suspendCalls")
struct SpySuspensionTests {
    let book = SpyTestBook(title: "Dune", pages: 412)

    @Test("a suspended call is recorded and held until released")
    func suspendedCallIsHeldUntilReleased() async throws {
        let catalog = SpyTestCatalogStub()
        catalog.fetchSpy.returns(book)
        let suspension = catalog.fetchSpy.suspendCalls()

        let fetch = Task { try await catalog.fetch(id: 1) }
        await suspension.waitUntilSuspended()

        #expect(catalog.fetchSpy.callCount == 1)
        #expect(suspension.suspendedCallCount == 1)
        suspension.release()
        #expect(try await fetch.value == book)
    }

    @Test("the loading state is observable while the call is suspended")
    @MainActor
    func loadingStateIsObservableMidFlight() async {
        let catalog = SpyTestCatalogStub()
        catalog.fetchSpy.returns(book)
        let loader = SpyTestLoader(catalog: catalog)
        let suspension = catalog.fetchSpy.suspendCalls()

        let load = Task { await loader.load() }
        await suspension.waitUntilSuspended()
        let loadingMidFlight = loader.isLoading
        suspension.release()
        await load.value

        #expect(loadingMidFlight)
        #expect(!loader.isLoading)
        #expect(loader.book == book)
    }

    @Test("a held call gets the answer configured while it waited")
    func heldCallGetsAnswerConfiguredWhileWaiting() async throws {
        let catalog = SpyTestCatalogStub()
        let suspension = catalog.fetchSpy.suspendCalls()

        let fetch = Task { try await catalog.fetch(id: 1) }
        await suspension.waitUntilSuspended()
        catalog.fetchSpy.returns(book)
        suspension.release()

        #expect(try await fetch.value == book)
    }

    @Test("waitUntilSuspended(calls:) waits for several calls")
    func waitsForSeveralCalls() async {
        let catalog = SpyTestCatalogStub()
        catalog.searchSpy.returns(["Dune"])
        let suspension = catalog.searchSpy.suspendCalls()

        let first = Task { await catalog.search("a") }
        let second = Task { await catalog.search("b") }
        await suspension.waitUntilSuspended(calls: 2)

        #expect(suspension.suspendedCallCount == 2)
        suspension.release()
        #expect(await [first.value, second.value] == [["Dune"], ["Dune"]])
    }

    @Test("calls after release pass straight through")
    func callsAfterReleasePassThrough() async {
        let catalog = SpyTestCatalogStub()
        catalog.searchSpy.returns(["Dune"])
        let suspension = catalog.searchSpy.suspendCalls()
        suspension.release()

        let results = await catalog.search("a")

        #expect(results == ["Dune"])
        #expect(suspension.suspendedCallCount == 0)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("waitUntilSuspended reports a timeout naming the method")
    func waitUntilSuspendedReportsTimeout() async {
        let catalog = SpyTestCatalogStub()
        let suspension = catalog.fetchSpy.suspendCalls()

        let line = #line + 2
        let failures = await FailureReporter.collectFailures {
            let arrived = await suspension.waitUntilSuspended(timeout: .zero)
            #expect(!arrived)
        }

        #expect(
            failures.map(\.message) == [
                "Timed out after 0 s waiting for 1 call to fetch(id:) to suspend; 0 suspended. "
                    + "Is the code under test calling it from an async context?"
            ])
        #expect(failures.map(\.location.line) == [line])
    }

    @Test("a cancelled call stops waiting")
    func cancelledCallStopsWaiting() async {
        let catalog = SpyTestCatalogStub()
        catalog.searchSpy.returns(["Dune"])
        let suspension = catalog.searchSpy.suspendCalls()

        let search = Task { await catalog.search("a") }
        await suspension.waitUntilSuspended()
        search.cancel()

        #expect(await search.value == ["Dune"])
        #expect(suspension.suspendedCallCount == 0)
    }

    @Test("a synchronous call while suspended is reported and answered at once")
    func synchronousCallWhileSuspendedIsReported() {
        let catalog = SpyTestCatalogStub()
        catalog.countSpy.returns(3)
        catalog.countSpy.suspendCalls()
        var count = 0

        let failures = FailureReporter.collectFailures {
            count = catalog.count()
        }

        #expect(count == 3)
        #expect(
            failures.map(\.message) == [
                "count() was called synchronously while its calls are suspended; only asynchronous calls can be held, "
                    + "so this one was answered at once"
            ])
    }

    @Test("reset releases held calls")
    func resetReleasesHeldCalls() async {
        let catalog = SpyTestCatalogStub()
        let suspension = catalog.saveSpy.suspendCalls()

        let save = Task { try await catalog.save(SpyTestBook(title: "A", pages: 1)) }
        await suspension.waitUntilSuspended()
        catalog.saveSpy.reset()

        await #expect(throws: Never.self) { try await save.value }
        #expect(suspension.isReleased)
    }

    @Test("suspending again releases the previous suspension")
    func suspendingAgainReleasesPrevious() async {
        let catalog = SpyTestCatalogStub()
        catalog.searchSpy.returns([])
        let first = catalog.searchSpy.suspendCalls()

        let search = Task { await catalog.search("a") }
        await first.waitUntilSuspended()
        let second = catalog.searchSpy.suspendCalls()

        _ = await search.value
        #expect(first.isReleased)
        #expect(!second.isReleased)
    }
}

@Suite("MethodSpy.waitForCalls")
struct SpyWaitForCallsTests {
    @Test("waitForCalls resumes once a call from another task is recorded")
    func waitForCallsResumesOnCall() async {
        let spy = Spy<Int, Void>("ping(_:)")

        Task.detached { await spy.call(1) }
        let arrived = await spy.waitForCalls(1)

        #expect(arrived)
        #expect(spy.calls == [1])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("waitForCalls returns at once when the calls were already made")
    func waitForCallsReturnsAtOnceWhenMade() async {
        let spy = Spy<Int, Void>("ping(_:)")
        await spy.call(1)
        await spy.call(2)

        let arrived = await spy.waitForCalls(2, timeout: .zero)

        #expect(arrived)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("waitForCalls reports a timeout with the calls seen")
    func waitForCallsReportsTimeout() async {
        let spy = Spy<Int, Void>("ping(_:)")
        await spy.call(7)

        let line = #line + 2
        let failures = await FailureReporter.collectFailures {
            await spy.waitForCalls(2, timeout: .zero)
        }

        #expect(
            failures.map(\.message) == [
                "Timed out after 0 s waiting for ping(_:) to be called 2 times; it was called once:\n  #1 7"
            ])
        #expect(failures.map(\.location.line) == [line])
    }
}
