import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import Testing

/// The book list view model tested against a spy-based stub of its repository.
// snippet: migration-setup
@Suite("BookListViewModel with a repository stub")
@MainActor
struct TestDoublesBookListViewModelTests {
    let repository = BookRepositoryStub()
    let viewModel: BookListViewModel

    init() {
        viewModel = BookListViewModel(
            repository: repository,
            makeID: SequentialUUIDGenerator().next,
            now: DateGenerator.fixed().next
        )
    }
    // end-snippet

    @Test("showCached shows the cached books without a next page")
    func showCachedShowsCachedBooks() {
        // Given
        let books = Book.make(count: 2) { book, index in book.id = .sequential(UInt64(index) + 1) }
        repository.cachedBooksSpy.returns(books)

        // When
        viewModel.showCached()

        // Then
        #expect(viewModel.state == .loaded(books, nextPage: nil))
    }

    // snippet: first-spy
    @Test("load shows the first page when the fetch succeeds")
    func loadShowsFirstPage() async {
        // Given
        let page = CatalogPage(books: [.make()], nextPage: 2)
        repository.fetchPageSpy.returns(page)

        // When
        await viewModel.load()

        // Then
        #expect(viewModel.state == .loaded(page.books, nextPage: 2))
        repository.fetchPageSpy.expectCalledOnce(with: 1)
    }
    // end-snippet

    // snippet: suspend-calls
    @Test("load is loading while the fetch is in flight")
    func loadIsLoadingMidFlight() async {
        // Given
        repository.fetchPageSpy.returns(CatalogPage(books: [], nextPage: nil))
        let fetch = repository.fetchPageSpy.suspendCalls()

        // When
        let load = Task { await viewModel.load() }
        await fetch.waitUntilSuspended()

        // Then
        #expect(viewModel.isLoading)
        fetch.release()
        await load.value
        #expect(!viewModel.isLoading)
    }
    // end-snippet

    @Test("load shows a retry message when the fetch fails")
    func loadShowsRetryMessageOnFailure() async {
        // Given
        repository.fetchPageSpy.throws(URLError(.notConnectedToInternet))

        // When
        await viewModel.load()

        // Then
        #expect(viewModel.state == .failed("Could not load your books. Pull to try again."))
    }

    @Test("load shows each page the catalog returns in turn")
    func loadShowsPagesInTurn() async {
        // Given
        let first = CatalogPage(books: [.make(\.title, "Dune")], nextPage: 2)
        let second = CatalogPage(books: [.make(\.title, "Emma")], nextPage: nil)
        repository.fetchPageSpy.returns(inOrder: [first, second])

        // When
        await viewModel.load()
        await viewModel.load()

        // Then
        #expect(viewModel.state == .loaded(second.books, nextPage: nil))
        repository.fetchPageSpy.expectCalls([1, 1])
    }

    @Test("load fetches the catalog once")
    func loadFetchesOnce() async {
        // Given: one answer; a second fetch would fail the test
        let page = CatalogPage(books: [.make()], nextPage: nil)
        repository.fetchPageSpy.returns(inOrder: [page], afterLast: .reportFailure)

        // When
        await viewModel.load()

        // Then
        #expect(viewModel.state == .loaded(page.books, nextPage: nil))
    }

    @Test("load shows the page when a retry follows a failure")
    func loadRetryAfterFailureShowsPage() async {
        // Given
        let page = CatalogPage(books: [.make()], nextPage: nil)
        repository.fetchPageSpy.results(
            inOrder: [.failure(URLError(.timedOut)), .success(page)])

        // When
        await viewModel.load()
        await viewModel.load()

        // Then
        #expect(viewModel.state == .loaded(page.books, nextPage: nil))
    }

    @Test("load shows the next page the catalog points at")
    func loadShowsNextPage() async {
        // Given: an answer computed from the requested page
        repository.fetchPageSpy.answers { page in
            CatalogPage(books: [], nextPage: page + 1)
        }

        // When
        await viewModel.load()

        // Then
        #expect(viewModel.state == .loaded([], nextPage: 2))
    }

    @Test("load touches no other repository method")
    func loadTouchesNoOtherMethod() async {
        // Given: only the boundary this test is about is stubbed; any other call fails the test
        repository.fetchPageSpy.returns(CatalogPage(books: [], nextPage: nil))
        repository.cachedBooksSpy.makeUnimplemented()
        repository.saveSpy.makeUnimplemented()

        // When
        await viewModel.load()

        // Then
        repository.saveSpy.expectNotCalled()
    }

    @Test("loadRecent asks for five books")
    func loadRecentAsksForFive() async {
        // Given
        let recent = [Book.make(\.title, "Piranesi")]
        repository.recentlyAddedSpy.returns(recent)

        // When
        await viewModel.loadRecent()

        // Then
        #expect(viewModel.recent == recent)
        repository.recentlyAddedSpy.expectCalledOnce(with: 5)
    }

    @Test("addBook validates, then saves the new book")
    func addBookValidatesThenSaves() async {
        // Given
        let expected = Book(id: .sequential(1), title: "Dune", author: "Frank Herbert", status: .wantToRead, addedAt: .testReference)

        // When
        let added = await viewModel.addBook(title: "Dune", author: "Frank Herbert")

        // Then
        #expect(added == expected)
        repository.saveSpy.expectCalledOnce(with: expected)
        expectInOrder(repository.validateSpy, repository.saveSpy)
    }

    @Test("addBook does not save an invalid book")
    func addBookDoesNotSaveInvalidBook() async {
        // Given
        repository.validateSpy.throws(BookValidationError.emptyTitle)

        // When
        let added = await viewModel.addBook(title: "", author: "Anonymous")

        // Then
        #expect(added == nil)
        #expect(viewModel.state == .failed("Could not add the book."))
        repository.saveSpy.expectNotCalled()
    }
}

/// Opening a book, tested against a main-actor router stub whose screens are not Sendable.
@Suite("BookSelection with a main-actor router stub")
@MainActor
struct TestDoublesBookSelectionTests {
    let router = BookDetailRouterStub()

    // snippet: main-actor-spy-test
    @Test("opening an unread book shows its screen offering Mark as finished")
    func openShowsScreen() {
        // Given
        let book = Book.make { $0.status = .reading }
        let screen = BookDetailScreen(book: book, offersFinish: false)
        router.makeDetailScreenSpy.returns(screen)

        // When
        BookSelection(router: router).open(book, fromSearch: true)

        // Then
        router.makeDetailScreenSpy.expectCalledOnce(with: book)
        router.showSpy.expectCalled(matching: "the book's screen") {
            $0 === screen && $0.offersFinish
        }
        router.logOpenSpy.expectCalledOnce(with: book.id, true)
    }
    // end-snippet
}
