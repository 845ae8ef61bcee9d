/// The library's state, changed only by ``reduce(_:_:)``.
public struct LibraryState: Equatable, Sendable {
    /// The books on the shelf.
    public var books: [Book]
    /// Whether a refresh is in flight.
    public var isRefreshing: Bool
    /// The error to show, if any.
    public var errorMessage: String?

    /// Creates a state.
    ///
    /// - Parameters:
    ///   - books: The books on the shelf.
    ///   - isRefreshing: Whether a refresh is in flight.
    ///   - errorMessage: The error to show.
    public init(books: [Book] = [], isRefreshing: Bool = false, errorMessage: String? = nil) {
        self.books = books
        self.isRefreshing = isRefreshing
        self.errorMessage = errorMessage
    }

    /// The library's reducer: applies `action` to `state`.
    ///
    /// - Parameters:
    ///   - state: The state to change.
    ///   - action: What happened.
    @Sendable
    public static func reduce(_ state: inout LibraryState, _ action: LibraryAction) {
        switch action {
        case .refreshRequested:
            state.isRefreshing = true
            state.errorMessage = nil
        case let .booksLoaded(books):
            state.books = books
            state.isRefreshing = false
        case let .loadFailed(message):
            state.errorMessage = message
            state.isRefreshing = false
        case let .statusChanged(id, status):
            if let index = state.books.firstIndex(where: { $0.id == id }) {
                state.books[index].status = status
            }
        }
    }
}
