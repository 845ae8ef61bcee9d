import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import Testing

/// The library's middleware and shared-store users tested with a recording store.
@Suite("LibraryMiddleware and the shared store with a recording store")
struct TestDoublesLibraryMiddlewareTests {
    // snippet: recording-store-test
    let repository = BookRepositoryStub()
    let store = RecordingStore(
        initialState: LibraryState(), reducer: LibraryState.reduce)

    @Test("a refresh request dispatches the loaded books")
    func refreshDispatchesBooksLoaded() async {
        // Given
        let books = Book.make(count: 2) { book, index in
            book.id = .sequential(UInt64(index) + 1)
        }
        repository.fetchPageSpy.returns(
            CatalogPage(books: books, nextPage: nil))

        // When
        LibraryMiddleware(repository: repository)
            .handle(.refreshRequested, store: store)
        await store.waitForActions(1)

        // Then
        store.expectDispatched([.booksLoaded(books)])
        #expect(
            store.state == LibraryState(books: books, isRefreshing: false))
    }
    // end-snippet

    // snippet: wait-for-calls
    @Test("a refresh request fetches the first page")
    func refreshFetchesFirstPage() async {
        // Given
        repository.fetchPageSpy.returns(CatalogPage(books: [], nextPage: nil))

        // When: the middleware fetches from a task of its own and offers
        // nothing to await
        LibraryMiddleware(repository: repository)
            .handle(.refreshRequested, store: store)
        await repository.fetchPageSpy.waitForCalls(1)

        // Then
        repository.fetchPageSpy.expectCalledOnce(with: 1)
    }
    // end-snippet

    @Test("a failed refresh dispatches loadFailed")
    func failedRefreshDispatchesLoadFailed() async {
        // Given
        repository.fetchPageSpy.throws(URLError(.timedOut))

        // When
        LibraryMiddleware(repository: repository).handle(.refreshRequested, store: store)
        await store.waitForActions(1)

        // Then
        store.expectDispatched([.loadFailed("Could not refresh the library.")])
    }

    // snippet: store-functional-reducer
    @Test("a failed refresh dispatches a load failure (functional reducer)")
    func failedRefreshWithFunctionalReducer() async {
        // Given: a (State, Action) -> State reducer
        let store = RecordingStore(initialState: LibraryState()) {
            (state: LibraryState, action: LibraryAction) in
            var next = state
            LibraryState.reduce(&next, action)
            return next
        }
        repository.fetchPageSpy.throws(URLError(.timedOut))

        // When
        LibraryMiddleware(repository: repository)
            .handle(.refreshRequested, store: store)
        await store.waitForActions(1)

        // Then: matched by type and predicate, for actions that are not
        // Equatable
        store.expectDispatched(LibraryAction.self, "a load failure") { action in
            if case .loadFailed = action { true } else { false }
        }
    }
    // end-snippet

    @Test("other actions dispatch nothing")
    func otherActionsDispatchNothing() {
        // Given
        repository.fetchPageSpy.makeUnimplemented()

        // When
        LibraryMiddleware(repository: repository).handle(.booksLoaded([]), store: store)

        // Then
        store.expectDispatched(count: 0)
    }

    // snippet: install-store
    @Test("the toggle dispatches to the store installed for this test only")
    func toggleDispatchesToInstalledStore() {
        // Given
        let book = Book.make(\.status, .reading)
        let store = RecordingStore(
            initialState: LibraryState(books: [book]),
            reducer: LibraryState.reduce)

        // When: the toggle finds the shared store through StoreEnvironment;
        // the scope restores it
        store.install(in: StoreEnvironment.$current) {
            ReadingStatusToggle().toggle(book)
        }

        // Then
        store.expectDispatched([.statusChanged(id: book.id, to: .finished)])
        #expect(store.state.books.first?.status == .finished)
    }
    // end-snippet
}
