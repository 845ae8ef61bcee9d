import Bookshelf
import TestSupportKit
import Testing

/// A catalog API double that fails a set number of times, then returns a page.
private final class FlakyCatalog: Sendable {
    struct Outage: Error {}
    private let failuresLeft: Locked<Int>
    private let attempts = Locked(0)

    init(failures: Int) {
        failuresLeft = Locked(failures)
    }

    var attemptCount: Int { attempts.value }

    func fetch(page: Int) throws -> CatalogPage {
        attempts.withLock { $0 += 1 }
        let fails = failuresLeft.withLock { left in
            defer { left = max(left - 1, 0) }
            return left > 0
        }
        if fails { throw Outage() }
        return CatalogPage(books: [], nextPage: page + 1)
    }
}

@Suite("RetryingCatalogLoader.load")
struct ClockRetryingCatalogLoaderTests {
    @Test("After a failure it waits 1 second before retrying, stepped on a test clock")
    func waitsOneSecondBeforeRetrying() async throws {
        // Given
        let clock = TestClock()
        let catalog = FlakyCatalog(failures: 1)
        let loader = RetryingCatalogLoader(clock: clock) { try catalog.fetch(page: $0) }

        // When
        let load = Task { try await loader.load(page: 1) }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(999))
        #expect(catalog.attemptCount == 1)
        clock.advance(by: .milliseconds(1))

        // Then
        #expect(try await load.value == CatalogPage(books: [], nextPage: 2))
        #expect(catalog.attemptCount == 2)
        clock.expectNoPendingSleepers()
    }

    @Test("Backoff doubles between attempts: 1 s, then 2 s")
    func backoffDoubles() async throws {
        let clock = ImmediateClock()
        let catalog = FlakyCatalog(failures: 2)
        let loader = RetryingCatalogLoader(clock: clock) { try catalog.fetch(page: $0) }

        _ = try await loader.load(page: 1)

        #expect(clock.sleeps == [.seconds(1), .seconds(2)])
    }

    @Test("After the last attempt fails, the error is thrown")
    func givesUpAfterMaxAttempts() async {
        let catalog = FlakyCatalog(failures: 5)
        let loader = RetryingCatalogLoader(clock: .immediate, policy: .init(maxAttempts: 3)) { try catalog.fetch(page: $0) }

        await #expect(throws: FlakyCatalog.Outage.self) { try await loader.load(page: 1) }
        #expect(catalog.attemptCount == 3)
    }

    @Test("A first attempt that succeeds never touches the clock")
    func successDoesNotSleep() async throws {
        let catalog = FlakyCatalog(failures: 0)
        let loader = RetryingCatalogLoader(clock: .unimplemented()) { try catalog.fetch(page: $0) }

        let page = try await loader.load(page: 3)

        #expect(page.nextPage == 4)
    }

    @Test("Cancelling during the backoff stops the retries")
    func cancellationStopsRetries() async {
        let clock = TestClock()
        let catalog = FlakyCatalog(failures: 1)
        let loader = RetryingCatalogLoader(clock: clock) { try catalog.fetch(page: $0) }
        let load = Task { try await loader.load(page: 1) }
        await clock.waitForSleepers(count: 1)

        load.cancel()

        await #expect(throws: CancellationError.self) { try await load.value }
        #expect(catalog.attemptCount == 1)
    }
}
