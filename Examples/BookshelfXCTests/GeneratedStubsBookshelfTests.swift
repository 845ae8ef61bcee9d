import Bookshelf
import BookshelfGeneratedStubs
import BookshelfTestSupport
import Foundation
import TestSupportKit
import XCTest

/// The generated stubs (Examples/BookshelfGeneratedStubs, written by `generate-stubs`) used as a hand-written stub would be.
@MainActor
final class GeneratedStubsBookshelfTests: XCTestCase {
    // The hand-written BookRepositoryStub in BookshelfTestSupport has the same name: the module tells them apart.
    private typealias GeneratedRepository = BookshelfGeneratedStubs.BookRepositoryStub

    func test_showCached_withGeneratedRepositoryStub_showsCachedBooks() {
        // Given
        let repository = GeneratedRepository()
        let books = Book.make(count: 2) { book, index in book.id = .sequential(UInt64(index) + 1) }
        repository.cachedBooksSpy.returns(books)
        let viewModel = BookListViewModel(repository: repository)

        // When
        viewModel.showCached()

        // Then
        XCTAssertEqual(viewModel.state, .loaded(books, nextPage: nil))
    }

    func test_load_withGeneratedRepositoryStub_fetchesFirstPage() async {
        // Given
        let repository = GeneratedRepository()
        let page = CatalogPage(books: [.make()], nextPage: 2)
        repository.fetchPageSpy.returns(page)
        let viewModel = BookListViewModel(repository: repository)

        // When
        await viewModel.load()

        // Then
        XCTAssertEqual(viewModel.state, .loaded(page.books, nextPage: 2))
        repository.fetchPageSpy.expectCalledOnce(with: 1)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_handle_withGeneratedStoreStub_dispatchesLoadedBooks() async {
        // Given
        let repository = GeneratedRepository()
        let books = [Book.make()]
        repository.fetchPageSpy.returns(CatalogPage(books: books, nextPage: nil))
        let store = LibraryStoreStub(stateFallback: LibraryState())

        // When
        LibraryMiddleware(repository: repository).handle(.refreshRequested, store: store)
        await store.dispatchSpy.waitForCalls(1, timeout: .seconds(30))

        // Then
        XCTAssertEqual(store.dispatchSpy.calls, [.booksLoaded(books)])
    }
}
