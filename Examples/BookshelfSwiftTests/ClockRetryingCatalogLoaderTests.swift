import Bookshelf
import BookshelfTestSupport
import TestSupportKit
import Testing

@Suite("RetryingCatalogLoader.load")
struct ClockRetryingCatalogLoaderTests {
    // snippet: test-clock
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("After a failure it waits 1 second before retrying, on a test clock")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func waitsOneSecondBeforeRetrying() async throws {
        // Given
        let clock = TestClock()
        let fetch = makeFlakyCatalogFetch(
            failures: 1, then: CatalogPage(books: [], nextPage: 2))
        let loader = RetryingCatalogLoader(clock: clock) { try fetch.call($0) }

        // When
        let load = Task { try await loader.load(page: 1) }
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .milliseconds(999))
        #expect(fetch.callCount == 1)
        await clock.advance(by: .milliseconds(1))

        // Then
        #expect(try await load.value == CatalogPage(books: [], nextPage: 2))
        #expect(fetch.callCount == 2)
        clock.expectNoPendingSleepers()
    }
    // end-snippet

    // snippet: immediate-clock
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Backoff doubles between attempts: 1 s, then 2 s")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func backoffDoubles() async throws {
        let clock = ImmediateClock()
        let fetch = makeFlakyCatalogFetch(
            failures: 2, then: CatalogPage(books: [], nextPage: 2))
        let loader = RetryingCatalogLoader(clock: clock) { try fetch.call($0) }

        _ = try await loader.load(page: 1)

        #expect(clock.sleeps == [.seconds(1), .seconds(2)])
    }
    // end-snippet

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("After the last attempt fails, the error is thrown")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func givesUpAfterMaxAttempts() async {
        let fetch = makeFlakyCatalogFetch(failures: 5, then: CatalogPage(books: [], nextPage: 2))
        let loader = RetryingCatalogLoader(clock: .immediate, policy: .init(maxAttempts: 3)) { try fetch.call($0) }

        await #expect(throws: CatalogOutage.self) { try await loader.load(page: 1) }
        #expect(fetch.callCount == 3)
    }

    // snippet: unimplemented-clock
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A first attempt that succeeds never touches the clock")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func successDoesNotSleep() async throws {
        let fetch = makeFlakyCatalogFetch(
            failures: 0, then: CatalogPage(books: [], nextPage: 4))
        let loader = RetryingCatalogLoader(clock: .unimplemented()) {
            try fetch.call($0)
        }

        let page = try await loader.load(page: 3)

        #expect(page.nextPage == 4)
        fetch.expectCalledOnce(with: 3)
    }
    // end-snippet

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Cancelling during the backoff stops the retries")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func cancellationStopsRetries() async {
        let clock = TestClock()
        let fetch = makeFlakyCatalogFetch(failures: 1, then: CatalogPage(books: [], nextPage: 2))
        let loader = RetryingCatalogLoader(clock: clock) { try fetch.call($0) }
        let load = Task { try await loader.load(page: 1) }
        await clock.waitForSleepers(count: 1)

        load.cancel()

        await #expect(throws: CancellationError.self) { try await load.value }
        #expect(fetch.callCount == 1)
    }
}
