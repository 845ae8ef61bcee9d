import Foundation
import KeyValueStoreInterface

/// How the shelf is sorted.
public enum BookSortOrder: String, Codable, Sendable, CaseIterable {
    /// By title, A to Z.
    case byTitle
    /// By author, A to Z.
    case byAuthor
    /// Most recently added first.
    case recentlyAdded
}

/// The reader's preferences, kept in a key-value store (`UserDefaults` in the app).
public final class ReadingSettings {
    enum Key {
        static let dailyGoalPages = "dailyGoalPages"
        static let showFinishedBooks = "showFinishedBooks"
        static let sortOrder = "sortOrder"
        static let hasCompletedOnboarding = "hasCompletedOnboarding"
    }

    /// The daily goal when the reader has not chosen one.
    public static let defaultDailyGoalPages = 20

    private let store: any KeyValueStoreInterface

    // snippet: reading-settings
    /// Creates the settings and registers their defaults.
    ///
    /// - Parameter store: The store; `UserDefaults.standard` by default.
    public init(store: any KeyValueStoreInterface = UserDefaults.standard) {
        self.store = store
        store.register(defaults: [
            Key.dailyGoalPages: Self.defaultDailyGoalPages,
            Key.showFinishedBooks: true,
        ])
    }

    /// Pages to read per day, kept between 1 and 500.
    public var dailyGoalPages: Int {
        get { store.integer(forKey: Key.dailyGoalPages) }
        set {
            store.set(min(max(newValue, 1), 500), forKey: Key.dailyGoalPages)
        }
    }
    // end-snippet

    /// Whether finished books are listed on the shelf.
    public var showFinishedBooks: Bool {
        get { store.bool(forKey: Key.showFinishedBooks) }
        set { store.set(newValue, forKey: Key.showFinishedBooks) }
    }

    /// How the shelf is sorted; by title until chosen (or if the stored value is unreadable).
    public var sortOrder: BookSortOrder {
        get { (try? store.decoded(BookSortOrder.self, forKey: Key.sortOrder)) ?? .byTitle }
        set { try? store.set(encoded: newValue, forKey: Key.sortOrder) }
    }

    /// Whether the reader finished onboarding.
    public var hasCompletedOnboarding: Bool {
        get { store.bool(forKey: Key.hasCompletedOnboarding) }
        set { store.set(newValue, forKey: Key.hasCompletedOnboarding) }
    }

    /// Forgets every choice, returning to the defaults.
    public func reset() {
        for key in [Key.dailyGoalPages, Key.showFinishedBooks, Key.sortOrder, Key.hasCompletedOnboarding] {
            store.removeObject(forKey: key)
        }
    }
}
