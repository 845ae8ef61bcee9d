import Bookshelf
import BookshelfTestSupport
import TestSupportKit
import XCTest

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
final class ClockRetryingCatalogLoaderTests: XCTestCase {
    func test_load_afterFailure_waitsOneSecondBeforeRetrying() async throws {
        // Given
        let clock = TestClock()
        let fetch = makeFlakyCatalogFetch(failures: 1, then: CatalogPage(books: [], nextPage: 2))
        let loader = RetryingCatalogLoader(clock: clock) { try fetch.call($0) }

        // When
        let load = Task { try await loader.load(page: 1) }
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .milliseconds(999))
        XCTAssertEqual(fetch.callCount, 1)
        await clock.advance(by: .milliseconds(1))

        // Then
        let page = try await load.value
        XCTAssertEqual(page, CatalogPage(books: [], nextPage: 2))
        XCTAssertEqual(fetch.callCount, 2)
        clock.expectNoPendingSleepers()
    }

    func test_load_afterTwoFailures_backoffDoubles() async throws {
        let clock = ImmediateClock()
        let fetch = makeFlakyCatalogFetch(failures: 2, then: CatalogPage(books: [], nextPage: 2))
        let loader = RetryingCatalogLoader(clock: clock) { try fetch.call($0) }

        _ = try await loader.load(page: 1)

        XCTAssertEqual(clock.sleeps, [.seconds(1), .seconds(2)])
    }

    func test_load_whenEveryAttemptFails_throwsAfterMaxAttempts() async {
        let fetch = makeFlakyCatalogFetch(failures: 5, then: CatalogPage(books: [], nextPage: 2))
        let loader = RetryingCatalogLoader(clock: .immediate, policy: .init(maxAttempts: 3)) { try fetch.call($0) }

        do {
            _ = try await loader.load(page: 1)
            XCTFail("Expected the outage to be thrown")
        } catch {
            XCTAssertTrue(error is CatalogOutage)
        }
        XCTAssertEqual(fetch.callCount, 3)
    }

    func test_load_whenFirstAttemptSucceeds_neverTouchesClock() async throws {
        let fetch = makeFlakyCatalogFetch(failures: 0, then: CatalogPage(books: [], nextPage: 4))
        let loader = RetryingCatalogLoader(clock: .unimplemented()) { try fetch.call($0) }

        let page = try await loader.load(page: 3)

        XCTAssertEqual(page.nextPage, 4)
        fetch.expectCalledOnce(with: 3)
    }

    func test_load_cancelledDuringBackoff_stopsRetrying() async {
        let clock = TestClock()
        let fetch = makeFlakyCatalogFetch(failures: 1, then: CatalogPage(books: [], nextPage: 2))
        let loader = RetryingCatalogLoader(clock: clock) { try fetch.call($0) }
        let load = Task { try await loader.load(page: 1) }
        await clock.waitForSleepers(count: 1)

        load.cancel()
        let result = await load.result

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertEqual(fetch.callCount, 1)
    }
}
