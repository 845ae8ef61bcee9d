import Bookshelf
import TestSupportKit
import XCTest

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

final class ClockRetryingCatalogLoaderTests: XCTestCase {
    func test_load_afterFailure_waitsOneSecondBeforeRetrying() async throws {
        // Given
        let clock = TestClock()
        let catalog = FlakyCatalog(failures: 1)
        let loader = RetryingCatalogLoader(clock: clock) { try catalog.fetch(page: $0) }

        // When
        let load = Task { try await loader.load(page: 1) }
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(999))
        XCTAssertEqual(catalog.attemptCount, 1)
        clock.advance(by: .milliseconds(1))

        // Then
        let page = try await load.value
        XCTAssertEqual(page, CatalogPage(books: [], nextPage: 2))
        XCTAssertEqual(catalog.attemptCount, 2)
        clock.expectNoPendingSleepers()
    }

    func test_load_afterTwoFailures_backoffDoubles() async throws {
        let clock = ImmediateClock()
        let catalog = FlakyCatalog(failures: 2)
        let loader = RetryingCatalogLoader(clock: clock) { try catalog.fetch(page: $0) }

        _ = try await loader.load(page: 1)

        XCTAssertEqual(clock.sleeps, [.seconds(1), .seconds(2)])
    }

    func test_load_whenEveryAttemptFails_throwsAfterMaxAttempts() async {
        let catalog = FlakyCatalog(failures: 5)
        let loader = RetryingCatalogLoader(clock: .immediate, policy: .init(maxAttempts: 3)) { try catalog.fetch(page: $0) }

        do {
            _ = try await loader.load(page: 1)
            XCTFail("Expected the outage to be thrown")
        } catch {
            XCTAssertTrue(error is FlakyCatalog.Outage)
        }
        XCTAssertEqual(catalog.attemptCount, 3)
    }

    func test_load_whenFirstAttemptSucceeds_neverTouchesClock() async throws {
        let catalog = FlakyCatalog(failures: 0)
        let loader = RetryingCatalogLoader(clock: .unimplemented()) { try catalog.fetch(page: $0) }

        let page = try await loader.load(page: 3)

        XCTAssertEqual(page.nextPage, 4)
    }

    func test_load_cancelledDuringBackoff_stopsRetrying() async {
        let clock = TestClock()
        let catalog = FlakyCatalog(failures: 1)
        let loader = RetryingCatalogLoader(clock: clock) { try catalog.fetch(page: $0) }
        let load = Task { try await loader.load(page: 1) }
        await clock.waitForSleepers(count: 1)

        load.cancel()
        let result = await load.result

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError) }
        XCTAssertEqual(catalog.attemptCount, 1)
    }
}
