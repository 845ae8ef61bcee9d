import DispatchQueueInterface
import Foundation

/// Searches the shelf as the reader types, waiting for a pause in typing (a debounce) so that
/// only the last query of a burst is searched.
///
/// The queue is injected: `DispatchQueue.main` in the app, a manual queue with virtual time in
/// tests.
public final class BookSearchViewModel: @unchecked Sendable {
    // @unchecked Sendable: every mutable property is read and written under `lock`.
    private let lock = NSLock()
    private let queue: any DispatchQueueInterface
    private let debounce: DispatchTimeInterval
    private let catalog: @Sendable (String) -> [Book]
    private var pendingSearch: DispatchWorkItem?
    private var currentResults: [Book] = []
    private var searchedQueries: [String] = []

    /// Creates the view model.
    ///
    /// - Parameters:
    ///   - queue: Where the debounced search runs; the main queue by default.
    ///   - debounce: The pause in typing that triggers a search.
    ///   - catalog: Finds the books matching a query.
    public init(
        queue: any DispatchQueueInterface = DispatchQueue.main,
        debounce: DispatchTimeInterval = .milliseconds(300),
        catalog: @escaping @Sendable (String) -> [Book]
    ) {
        self.queue = queue
        self.debounce = debounce
        self.catalog = catalog
    }

    /// The books found for the last searched query.
    public var results: [Book] { lock.withLock { currentResults } }

    /// The queries actually searched, in order.
    public var searches: [String] { lock.withLock { searchedQueries } }

    /// Call on every keystroke: cancels the search scheduled for the previous text and schedules
    /// one for `query` after the debounce; an empty query clears the results at once.
    ///
    /// - Parameter query: The text in the search field.
    public func queryChanged(_ query: String) {
        let trimmed = query.trimmingCharacters(in: .whitespacesAndNewlines)
        let search = DispatchWorkItem { [weak self] in self?.search(trimmed) }
        let previous = lock.withLock { () -> DispatchWorkItem? in
            defer { pendingSearch = trimmed.isEmpty ? nil : search }
            if trimmed.isEmpty { currentResults = [] }
            return pendingSearch
        }
        previous?.cancel()
        guard !trimmed.isEmpty else { return }
        queue.asyncAfter(deadline: queue.now + debounce, execute: search)
    }

    private func search(_ query: String) {
        let found = catalog(query)
        lock.withLock {
            currentResults = found
            searchedQueries.append(query)
        }
    }
}
