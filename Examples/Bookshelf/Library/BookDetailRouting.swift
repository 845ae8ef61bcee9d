import Foundation

/// The book detail screen: a main-actor object that is not `Sendable`, as view controllers are.
@MainActor
public final class BookDetailScreen {
    /// The book shown.
    public let book: Book
    /// Whether the screen offers "Mark as finished".
    public var offersFinish: Bool

    /// Creates the screen.
    ///
    /// - Parameters:
    ///   - book: The book shown.
    ///   - offersFinish: Whether the screen offers "Mark as finished".
    public init(book: Book, offersFinish: Bool) {
        self.book = book
        self.offersFinish = offersFinish
    }
}

/// Navigation to a book's detail: builds and shows screens, which are not `Sendable`.
@MainActor
public protocol BookDetailRouting: AnyObject {
    /// Builds the detail screen for `book`.
    func makeDetailScreen(for book: Book) -> BookDetailScreen
    /// Shows `screen`.
    func show(_ screen: BookDetailScreen)
    /// Records where the user opened a book from, for analytics.
    func logOpen(of id: Book.ID, fromSearch: Bool)
}

/// Opens a book's detail: the code under test of the routing examples.
@MainActor
public final class BookSelection {
    private let router: any BookDetailRouting

    /// Creates the selection handler.
    ///
    /// - Parameter router: Where screens are built and shown.
    public init(router: any BookDetailRouting) {
        self.router = router
    }

    /// Opens `book`: logs where from, builds its screen and shows it.
    ///
    /// - Parameters:
    ///   - book: The selected book.
    ///   - fromSearch: Whether the user found it through search.
    public func open(_ book: Book, fromSearch: Bool) {
        router.logOpen(of: book.id, fromSearch: fromSearch)
        let screen = router.makeDetailScreen(for: book)
        screen.offersFinish = book.status != .finished
        router.show(screen)
    }
}
