/// Turns a refresh request into a catalog fetch and dispatches what came back.
public struct LibraryMiddleware: Sendable {
    private let repository: any BookRepository

    /// Creates the middleware.
    ///
    /// - Parameter repository: Where books come from.
    public init(repository: any BookRepository) {
        self.repository = repository
    }

    /// Reacts to `action`: on ``LibraryAction/refreshRequested`` it fetches the first page on a
    /// task of its own and dispatches ``LibraryAction/booksLoaded(_:)`` or
    /// ``LibraryAction/loadFailed(_:)`` to `store`.
    ///
    /// - Parameters:
    ///   - action: The action the store handled.
    ///   - store: Where to dispatch the outcome.
    public func handle(_ action: LibraryAction, store: any LibraryStore) {
        guard action == .refreshRequested else { return }
        let repository = repository
        Task {
            do {
                let page = try await repository.fetchPage(1)
                store.dispatch(.booksLoaded(page.books))
            } catch {
                store.dispatch(.loadFailed("Could not refresh the library."))
            }
        }
    }
}
