import Bookshelf
import Foundation
import TestSupportKit
import XCTest

final class KeyValueStoreReadingSettingsTests: XCTestCase {
    private let store = KeyValueStoreFake()
    private lazy var settings = ReadingSettings(store: store)

    func test_init_forNewReader_returnsRegisteredDefaultsWithoutWriting() {
        // Given / When: a fresh store

        // Then
        XCTAssertEqual(settings.dailyGoalPages, 20)
        XCTAssertTrue(settings.showFinishedBooks)
        XCTAssertEqual(settings.sortOrder, .byTitle)
        XCTAssertFalse(settings.hasCompletedOnboarding)
        XCTAssertEqual(store.writes, [])
    }

    func test_dailyGoalPages_aboveMaximum_isClampedTo500() {
        settings.dailyGoalPages = 900

        XCTAssertEqual(settings.dailyGoalPages, 500)
        XCTAssertEqual(store.writes, [KeyValueStoreWrite(key: "dailyGoalPages", value: .integer(500))])
    }

    func test_sortOrder_whenSet_readsBack() {
        settings.sortOrder = .byAuthor

        XCTAssertEqual(settings.sortOrder, .byAuthor)
        store.expectNoMisuse()
    }

    func test_reset_afterChanges_restoresDefaults() {
        settings.dailyGoalPages = 50
        settings.showFinishedBooks = false

        settings.reset()

        XCTAssertEqual(settings.dailyGoalPages, 20)
        XCTAssertTrue(settings.showFinishedBooks)
    }

    // snippet: isolated-defaults
    func test_hasCompletedOnboarding_inRealIsolatedDefaults_survivesRelaunch() {
        let defaults = makeIsolatedUserDefaults()

        ReadingSettings(store: defaults).hasCompletedOnboarding = true

        XCTAssertTrue(ReadingSettings(store: defaults).hasCompletedOnboarding)
    }
    // end-snippet

    func test_sortOrder_inFakeAndInRealDefaults_readsBackTheSame() {
        // Given: one scenario, written against the interface
        func storedAndReadBack(in store: any KeyValueStoreInterface) -> BookSortOrder {
            ReadingSettings(store: store).sortOrder = .recentlyAdded
            return ReadingSettings(store: store).sortOrder
        }

        // When
        let fromFake = storedAndReadBack(in: KeyValueStoreFake())
        let fromRealDefaults = storedAndReadBack(in: makeIsolatedUserDefaults())

        // Then
        XCTAssertEqual(fromFake, .recentlyAdded)
        XCTAssertEqual(fromRealDefaults, .recentlyAdded)
    }

    func test_init_withUnimplementedStore_reportsDefaultsRegistrationAtCreationLine() {
        // Given
        let line = #line + 1
        let untouchable = UnimplementedKeyValueStore()

        // When: creating the settings registers their defaults at once
        let failures = FailureReporter.collectFailures {
            _ = ReadingSettings(store: untouchable)
        }

        // Then
        XCTAssertEqual(failures.map(\.location.line), [line])
        XCTAssertEqual(
            failures.map(\.message),
            [
                "Unimplemented: key-value store register(defaults: [\"dailyGoalPages\", \"showFinishedBooks\"]) was called; "
                    + "this code path was expected not to use the store"
            ])
    }

    func test_dailyGoalPages_eachChange_isRecordedWithoutRescanning() {
        for goal in 1...300 {
            settings.dailyGoalPages = goal
            store.expectRecorded(KeyValueStoreWrite(key: "dailyGoalPages", value: .integer(goal)))
        }

        XCTAssertEqual(store.writes.count, 300)
    }
}
