import Foundation

/// The state of the book list screen: loads the catalog, shows cached books, adds books.
@MainActor
public final class BookListViewModel {
    /// What the screen shows.
    public enum State: Equatable, Sendable {
        /// Nothing loaded yet.
        case idle
        /// Books to list, and the next catalog page if there is one.
        case loaded([Book], nextPage: Int?)
        /// Loading failed; the message to show.
        case failed(String)
    }

    /// Whether a catalog request is in flight.
    public private(set) var isLoading = false
    /// What the screen shows.
    public private(set) var state: State = .idle
    /// The most recently added books, for the "New on your shelf" row.
    public private(set) var recent: [Book] = []

    private let repository: any BookRepository
    private let makeID: @Sendable () -> UUID
    private let now: @Sendable () -> Date

    /// Creates the view model.
    ///
    /// - Parameters:
    ///   - repository: Where books come from.
    ///   - makeID: Makes the id of a new book; random in production.
    ///   - now: The current date; the system clock in production.
    public init(
        repository: any BookRepository,
        makeID: @escaping @Sendable () -> UUID = UUID.init,
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.repository = repository
        self.makeID = makeID
        self.now = now
    }

    /// Shows the books cached on the device at once, before any request.
    public func showCached() {
        state = .loaded(repository.cachedBooks(), nextPage: nil)
    }

    /// Loads the first catalog page; `isLoading` is true while the request is in flight.
    public func load() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let page = try await repository.fetchPage(1)
            state = .loaded(page.books, nextPage: page.nextPage)
        } catch {
            state = .failed("Could not load your books. Pull to try again.")
        }
    }

    /// Loads the five most recently added books.
    public func loadRecent() async {
        recent = await repository.recentlyAdded(limit: 5)
    }

    /// Creates a book from what the user typed, validates and saves it.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - author: The author.
    /// - Returns: The saved book, or `nil` if it was not valid or could not be saved.
    @discardableResult
    public func addBook(title: String, author: String) async -> Book? {
        let book = Book(id: makeID(), title: title, author: author, status: .wantToRead, addedAt: now())
        do {
            try repository.validate(book)
            try await repository.save(book)
            return book
        } catch {
            state = .failed("Could not add \(title.isEmpty ? "the book" : title).")
            return nil
        }
    }
}
