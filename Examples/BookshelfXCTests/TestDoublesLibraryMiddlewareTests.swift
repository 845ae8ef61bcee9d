import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import XCTest

/// The library's middleware and shared-store users tested with a recording store.
final class TestDoublesLibraryMiddlewareTests: XCTestCase {
    func test_handleRefreshRequested_always_fetchesFirstPage() async {
        // Given
        let repository = BookRepositoryStub()
        repository.fetchPageSpy.returns(CatalogPage(books: [], nextPage: nil))
        let store = RecordingStore(initialState: LibraryState(), reducer: LibraryState.reduce)

        // When: the middleware fetches from a task of its own and offers nothing to await
        LibraryMiddleware(repository: repository).handle(.refreshRequested, store: store)
        await repository.fetchPageSpy.waitForCalls(1)

        // Then
        repository.fetchPageSpy.expectCalledOnce(with: 1)
    }

    func test_handleRefreshRequested_whenFetchSucceeds_dispatchesBooksLoaded() async {
        // Given
        let repository = BookRepositoryStub()
        let books = Book.make(count: 2) { book, index in book.id = .sequential(UInt64(index) + 1) }
        repository.fetchPageSpy.returns(CatalogPage(books: books, nextPage: nil))
        let store = RecordingStore(initialState: LibraryState(isRefreshing: true), reducer: LibraryState.reduce)
        let middleware = LibraryMiddleware(repository: repository)

        // When
        middleware.handle(.refreshRequested, store: store)
        await store.waitForActions(1)

        // Then
        store.expectDispatched([.booksLoaded(books)])
        XCTAssertEqual(store.state, LibraryState(books: books, isRefreshing: false))
    }

    func test_handleRefreshRequested_withFunctionalReducerWhenFetchFails_dispatchesLoadFailure() async {
        // Given: a (State, Action) -> State reducer
        let repository = BookRepositoryStub()
        repository.fetchPageSpy.throws(URLError(.timedOut))
        let store = RecordingStore(initialState: LibraryState()) { (state: LibraryState, action: LibraryAction) in
            var next = state
            LibraryState.reduce(&next, action)
            return next
        }

        // When
        LibraryMiddleware(repository: repository).handle(.refreshRequested, store: store)
        await store.waitForActions(1)

        // Then: matched by type and predicate, for actions that are not Equatable
        store.expectDispatched(LibraryAction.self, "a load failure") { action in
            if case .loadFailed = action { true } else { false }
        }
    }

    func test_handleRefreshRequested_whenFetchFails_dispatchesLoadFailed() async {
        // Given
        let repository = BookRepositoryStub()
        repository.fetchPageSpy.throws(URLError(.timedOut))
        let store = RecordingStore(initialState: LibraryState(), reducer: LibraryState.reduce)

        // When
        LibraryMiddleware(repository: repository).handle(.refreshRequested, store: store)
        await store.waitForActions(1)

        // Then
        store.expectDispatched([.loadFailed("Could not refresh the library.")])
    }

    func test_handleOtherAction_always_dispatchesNothing() {
        // Given
        let repository = BookRepositoryStub()
        repository.fetchPageSpy.makeUnimplemented()
        let store = RecordingStore(initialState: LibraryState(), reducer: LibraryState.reduce)

        // When
        LibraryMiddleware(repository: repository).handle(.booksLoaded([]), store: store)

        // Then
        store.expectDispatched(count: 0)
    }

    func test_toggle_withInstalledStore_dispatchesFinishedToSharedStore() {
        // Given
        let book = Book.make(\.status, .reading)
        let store = RecordingStore(initialState: LibraryState(books: [book]), reducer: LibraryState.reduce)

        // When: the toggle finds the shared store through StoreEnvironment; the scope restores it
        store.install(in: StoreEnvironment.$current) {
            ReadingStatusToggle().toggle(book)
        }

        // Then
        store.expectDispatched([.statusChanged(id: book.id, to: .finished)])
        XCTAssertEqual(store.state.books.first?.status, .finished)
    }
}
