import Bookshelf
import TestSupportKit

// snippet: main-actor-spy-stub
/// A stub of the main-actor `BookDetailRouting`: its screens are not
/// `Sendable`, so it uses main-actor spies; the several-argument
/// `logOpen(of:fromSearch:)` uses a tuple spy.
@MainActor
public final class BookDetailRouterStub: BookDetailRouting {
    /// Creates a stub that must be told which screen to build.
    public init() {}

    public let makeDetailScreenSpy = MainActorSpy<Book, BookDetailScreen>(
        strictFallback: BookDetailScreen(book: .make(), offersFinish: false)
    )
    public let showSpy = MainActorSpy<BookDetailScreen, Void>()
    public let logOpenSpy = Spy<(Book.ID, Bool), Void>()

    public func makeDetailScreen(for book: Book) -> BookDetailScreen {
        makeDetailScreenSpy.call(book)
    }
    public func show(_ screen: BookDetailScreen) { showSpy.call(screen) }
    public func logOpen(of id: Book.ID, fromSearch: Bool) {
        logOpenSpy.call((id, fromSearch))
    }
}
// end-snippet
