import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import XCTest

/// The book list view model tested against a spy-based stub of its repository.
// snippet: migration-setup
@MainActor
final class TestDoublesBookListViewModelTests: XCTestCase {
    private func makeSUT(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> (viewModel: BookListViewModel, repository: BookRepositoryStub) {
        let repository = BookRepositoryStub()
        let viewModel = BookListViewModel(
            repository: repository,
            makeID: SequentialUUIDGenerator().next,
            now: DateGenerator.fixed().next
        )
        trackForMemoryLeaks(viewModel, fileID: fileID, filePath: filePath, line: line, column: column)
        return (viewModel, repository)
    }
    // end-snippet

    func test_showCached_withCachedBooks_showsThemWithoutNextPage() {
        // Given
        let (viewModel, repository) = makeSUT()
        let books = Book.make(count: 2) { book, index in book.id = .sequential(UInt64(index) + 1) }
        repository.cachedBooksSpy.returns(books)

        // When
        viewModel.showCached()

        // Then
        XCTAssertEqual(viewModel.state, .loaded(books, nextPage: nil))
    }

    func test_load_whenFetchSucceeds_showsFirstPage() async {
        // Given
        let (viewModel, repository) = makeSUT()
        let page = CatalogPage(books: [.make()], nextPage: 2)
        repository.fetchPageSpy.returns(page)

        // When
        await viewModel.load()

        // Then
        XCTAssertEqual(viewModel.state, .loaded(page.books, nextPage: 2))
        repository.fetchPageSpy.expectCalledOnce(with: 1)
    }

    // snippet: migration-loading
    func test_load_whileFetchInFlight_isLoading() async {
        // Given
        let (viewModel, repository) = makeSUT()
        repository.fetchPageSpy.returns(CatalogPage(books: [], nextPage: nil))
        let fetch = repository.fetchPageSpy.suspendCalls()

        // When
        let load = Task { await viewModel.load() }
        await fetch.waitUntilSuspended()

        // Then
        XCTAssertTrue(viewModel.isLoading)
        fetch.release()
        await load.value
        XCTAssertFalse(viewModel.isLoading)
    }
    // end-snippet

    func test_load_whenFetchFails_showsRetryMessage() async {
        // Given
        let (viewModel, repository) = makeSUT()
        repository.fetchPageSpy.throws(URLError(.notConnectedToInternet))

        // When
        await viewModel.load()

        // Then
        XCTAssertEqual(viewModel.state, .failed("Could not load your books. Pull to try again."))
    }

    func test_load_whenReloaded_showsEachPageInTurn() async {
        // Given
        let (viewModel, repository) = makeSUT()
        let first = CatalogPage(books: [.make(\.title, "Dune")], nextPage: 2)
        let second = CatalogPage(books: [.make(\.title, "Emma")], nextPage: nil)
        repository.fetchPageSpy.returns(inOrder: [first, second])

        // When
        await viewModel.load()
        await viewModel.load()

        // Then
        XCTAssertEqual(viewModel.state, .loaded(second.books, nextPage: nil))
        repository.fetchPageSpy.expectCalls([1, 1])
    }

    func test_load_always_fetchesTheCatalogOnce() async {
        // Given: one answer; a second fetch would fail the test
        let (viewModel, repository) = makeSUT()
        let page = CatalogPage(books: [.make()], nextPage: nil)
        repository.fetchPageSpy.returns(inOrder: [page], afterLast: .reportFailure)

        // When
        await viewModel.load()

        // Then
        XCTAssertEqual(viewModel.state, .loaded(page.books, nextPage: nil))
    }

    func test_load_whenRetryFollowsFailure_showsPage() async {
        // Given
        let (viewModel, repository) = makeSUT()
        let page = CatalogPage(books: [.make()], nextPage: nil)
        repository.fetchPageSpy.results(inOrder: [.failure(URLError(.timedOut)), .success(page)])

        // When
        await viewModel.load()
        await viewModel.load()

        // Then
        XCTAssertEqual(viewModel.state, .loaded(page.books, nextPage: nil))
    }

    func test_load_whenCatalogPointsAtNextPage_showsIt() async {
        // Given: an answer computed from the requested page
        let (viewModel, repository) = makeSUT()
        repository.fetchPageSpy.answers { page in CatalogPage(books: [], nextPage: page + 1) }

        // When
        await viewModel.load()

        // Then
        XCTAssertEqual(viewModel.state, .loaded([], nextPage: 2))
    }

    func test_load_always_touchesNoOtherRepositoryMethod() async {
        // Given: only the boundary this test is about is stubbed; any other call fails the test
        let (viewModel, repository) = makeSUT()
        repository.fetchPageSpy.returns(CatalogPage(books: [], nextPage: nil))
        repository.cachedBooksSpy.makeUnimplemented()
        repository.saveSpy.makeUnimplemented()

        // When
        await viewModel.load()

        // Then
        repository.saveSpy.expectNotCalled()
    }

    func test_loadRecent_always_asksForFiveBooks() async {
        // Given
        let (viewModel, repository) = makeSUT()
        let recent = [Book.make(\.title, "Piranesi")]
        repository.recentlyAddedSpy.returns(recent)

        // When
        await viewModel.loadRecent()

        // Then
        XCTAssertEqual(viewModel.recent, recent)
        repository.recentlyAddedSpy.expectCalledOnce(with: 5)
    }

    func test_addBook_whenValid_validatesThenSavesTheNewBook() async {
        // Given
        let (viewModel, repository) = makeSUT()
        let expected = Book(id: .sequential(1), title: "Dune", author: "Frank Herbert", status: .wantToRead, addedAt: .testReference)

        // When
        let added = await viewModel.addBook(title: "Dune", author: "Frank Herbert")

        // Then
        XCTAssertEqual(added, expected)
        repository.saveSpy.expectCalledOnce(with: expected)
        expectInOrder(repository.validateSpy, repository.saveSpy)
    }

    func test_addBook_whenInvalid_doesNotSave() async {
        // Given
        let (viewModel, repository) = makeSUT()
        repository.validateSpy.throws(BookValidationError.emptyTitle)

        // When
        let added = await viewModel.addBook(title: "", author: "Anonymous")

        // Then
        XCTAssertNil(added)
        XCTAssertEqual(viewModel.state, .failed("Could not add the book."))
        repository.saveSpy.expectNotCalled()
    }
}

/// Opening a book, tested against a main-actor router stub whose screens are not Sendable.
@MainActor
final class TestDoublesBookSelectionTests: XCTestCase {
    // async: on Linux a synchronous test method of a @MainActor XCTestCase aborts test discovery.
    func test_open_unreadBook_showsScreenOfferingFinish() async {
        // Given
        let router = BookDetailRouterStub()
        let book = Book.make { $0.status = .reading }
        let screen = BookDetailScreen(book: book, offersFinish: false)
        router.makeDetailScreenSpy.returns(screen)

        // When
        BookSelection(router: router).open(book, fromSearch: false)

        // Then
        router.makeDetailScreenSpy.expectCalledOnce(with: book)
        router.showSpy.expectCalled(matching: "the book's screen") { $0 === screen && $0.offersFinish }
        router.logOpenSpy.expectCalledOnce(with: book.id, false)
    }
}
