import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import Testing

/// Test data built from `Book.testValue` and deterministic generators.
@Suite("Book test data")
struct TestBuildersBookTests {
    // snippet: make-variants
    @Test("make with a key path changes only the status")
    func makeWithKeyPathChangesStatus() {
        // When
        let book = Book.make(\.status, .finished)

        // Then
        #expect(book.status == .finished)
        #expect(book.title == Book.testValue.title)
    }

    @Test("make with a closure changes several properties")
    func makeWithClosureChangesSeveral() {
        // When
        let book = Book.make {
            $0.title = "Kindred"
            $0.author = "Octavia E. Butler"
        }

        // Then
        #expect(book.title == "Kindred")
        #expect(book.author == "Octavia E. Butler")
        #expect(book.id == .sequential(1))
    }
    // end-snippet

    // snippet: make-count
    @Test("make(count:) with generators builds distinct, repeatable books")
    func makeCountWithGenerators() {
        // Given
        let ids = SequentialUUIDGenerator()
        let dates = DateGenerator(step: 86_400)

        // When
        let books = Book.make(count: 3) { book, index in
            book.id = ids.next()
            book.title = "Volume \(index + 1)"
            book.addedAt = dates.next()
        }

        // Then
        #expect(
            books.map(\.id.uuidString) == [
                "00000000-0000-0000-0000-000000000001",
                "00000000-0000-0000-0000-000000000002",
                "00000000-0000-0000-0000-000000000003",
            ])
        #expect(books.map(\.title) == ["Volume 1", "Volume 2", "Volume 3"])
        #expect(
            books.last?.addedAt
                == Date.testReference.addingTimeInterval(2 * 86_400))
    }
    // end-snippet

    // snippet: buildable-page
    @Test("with changes a copy and leaves the original page as it was")
    func withChangesOnlyTheCopy() {
        // Given
        let page = CatalogPage(books: [.make()], nextPage: 2)

        // When
        let lastPage = page.with(\.nextPage, nil)
        let emptyPage = page.with { $0.books = [] }

        // Then
        #expect(lastPage.nextPage == nil)
        #expect(emptyPage.books.isEmpty)
        #expect(page == CatalogPage(books: [.make()], nextPage: 2))
    }

    @Test("variants numbers each copy by its index")
    func variantsNumbersEachCopy() {
        // Given
        let page = CatalogPage(books: [], nextPage: 1)

        // When
        let pages = page.variants(3) { page, index in
            page.nextPage = index + 2
        }

        // Then
        #expect(pages.map(\.nextPage) == [2, 3, 4])
    }
    // end-snippet

    @Test("A sequential id generator links each page to the next")
    func sequentialIDsLinkPages() {
        // Given
        let pageNumbers = SequentialIDGenerator(startingAt: 2)

        // When
        let pages = CatalogPage(books: [], nextPage: nil).variants(3) { page, _ in page.nextPage = pageNumbers.next() }

        // Then
        #expect(pages.map(\.nextPage) == [2, 3, 4])
        #expect(pageNumbers.next() == 5)
    }

    // snippet: injected-generators
    @Test("addBook stamps the new book with the injected id and date")
    @MainActor
    func addBookUsesInjectedGenerators() async {
        // Given
        let viewModel = BookListViewModel(
            repository: BookRepositoryStub(),
            makeID: SequentialUUIDGenerator().next,
            now: DateGenerator.fixed().next
        )

        // When
        let book = await viewModel.addBook(
            title: "Dune", author: "Frank Herbert")

        // Then
        #expect(book?.id == .sequential(1))
        #expect(book?.addedAt == .testReference)
    }
    // end-snippet

    @Test("pickNext picks the same book for the same seed")
    func pickNextIsReproducible() throws {
        // Given
        let shelf = Book.make(count: 10) { book, index in book.id = .sequential(UInt64(index) + 1) }
        var firstRun = SeededRandomNumberGenerator(seed: 2024)
        var secondRun = SeededRandomNumberGenerator(seed: 2024)

        // When
        let first = try #require(ShelfPicker().pickNext(from: shelf, using: &firstRun))
        let second = ShelfPicker().pickNext(from: shelf, using: &secondRun)

        // Then
        #expect(first == second)
    }

    @Test("pickNext picks nothing when nothing is left to read")
    func pickNextPicksNothing() {
        // Given
        var generator = SeededRandomNumberGenerator(seed: 1)

        // When
        let pick = ShelfPicker().pickNext(from: [.make(\.status, .finished)], using: &generator)

        // Then
        #expect(pick == nil)
    }
}
