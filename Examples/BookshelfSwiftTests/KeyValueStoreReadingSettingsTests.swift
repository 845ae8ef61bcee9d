import Bookshelf
import Foundation
import TestSupportKit
import Testing

@Suite("ReadingSettings")
struct KeyValueStoreReadingSettingsTests {
    @Test("A new reader gets the registered defaults, and nothing is written")
    func newReaderGetsDefaults() {
        // Given
        let store = KeyValueStoreFake()

        // When
        let settings = ReadingSettings(store: store)

        // Then
        #expect(settings.dailyGoalPages == 20)
        #expect(settings.showFinishedBooks)
        #expect(settings.sortOrder == .byTitle)
        #expect(settings.hasCompletedOnboarding == false)
        #expect(store.writes.isEmpty)
    }

    @Test("The daily goal is kept within 1 to 500 pages")
    func dailyGoalIsClamped() {
        let store = KeyValueStoreFake()
        let settings = ReadingSettings(store: store)

        settings.dailyGoalPages = 900

        #expect(settings.dailyGoalPages == 500)
        #expect(store.writes == [KeyValueStoreWrite(key: "dailyGoalPages", value: .integer(500))])
    }

    @Test("The sort order is stored as JSON and read back")
    func sortOrderRoundTrips() {
        let store = KeyValueStoreFake()
        let settings = ReadingSettings(store: store)

        settings.sortOrder = .byAuthor

        #expect(settings.sortOrder == .byAuthor)
        store.expectNoMisuse()
    }

    @Test("Reset brings back the registered defaults")
    func resetRestoresDefaults() {
        let settings = ReadingSettings(store: .fake())
        settings.dailyGoalPages = 50
        settings.showFinishedBooks = false

        settings.reset()

        #expect(settings.dailyGoalPages == 20)
        #expect(settings.showFinishedBooks)
    }

    // snippet: isolated-defaults
    @Test("Settings survive a relaunch in a real, isolated UserDefaults suite")
    func settingsSurviveRelaunch() {
        withIsolatedUserDefaults { defaults in
            ReadingSettings(store: defaults).hasCompletedOnboarding = true

            #expect(ReadingSettings(store: defaults).hasCompletedOnboarding)
        }
    }
    // end-snippet

    // snippet: fake-and-real
    @Test("The sort order reads back the same from the fake and a real suite")
    func sortOrderSameInFakeAndRealDefaults() {
        // Given: one scenario, written against the interface
        func storedAndReadBack(
            in store: any KeyValueStoreInterface
        ) -> BookSortOrder {
            ReadingSettings(store: store).sortOrder = .recentlyAdded
            return ReadingSettings(store: store).sortOrder
        }

        // When
        let fromFake = storedAndReadBack(in: KeyValueStoreFake())
        let fromRealDefaults = withIsolatedUserDefaults { defaults in
            storedAndReadBack(in: defaults)
        }

        // Then
        #expect(fromFake == .recentlyAdded)
        #expect(fromRealDefaults == .recentlyAdded)
    }
    // end-snippet

    @Test("Creating the settings registers their defaults at once: an unimplemented store reports it at its creation line")
    func unimplementedStoreReportsRegistration() {
        // Given
        let line = #line + 1
        let untouchable = UnimplementedKeyValueStore()

        // When
        let failures = FailureReporter.collectFailures {
            _ = ReadingSettings(store: untouchable)
        }

        // Then
        #expect(failures.map(\.location.line) == [line])
        #expect(
            failures.map(\.message) == [
                "Unimplemented: key-value store register(defaults: [\"dailyGoalPages\", \"showFinishedBooks\"]) was called; "
                    + "this code path was expected not to use the store"
            ])
    }

    // snippet: expect-recorded-write
    @Test("Every page-goal change is written; each check costs the same")
    func everyGoalChangeIsWritten() {
        let store = KeyValueStoreFake()
        let settings = ReadingSettings(store: store)

        for goal in 1...300 {
            settings.dailyGoalPages = goal
            store.expectRecorded(
                KeyValueStoreWrite(
                    key: "dailyGoalPages", value: .integer(goal)))
        }

        #expect(store.writes.count == 300)
    }
    // end-snippet

    @Test("The onboarding flag reads back as an NSNumber Boolean, as UserDefaults hands it out on Apple")
    func onboardingFlagIsNSNumber() {
        let store = KeyValueStoreFake()
        let settings = ReadingSettings(store: store)

        settings.hasCompletedOnboarding = true

        #expect(store.object(forKey: "hasCompletedOnboarding") as? Bool == true)
        #expect(store.object(forKey: "hasCompletedOnboarding") as? Int == 1)
    }
}
