import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import XCTest

/// Test data built from `Book.testValue` and deterministic generators.
final class TestBuildersBookTests: XCTestCase {
    func test_make_withKeyPath_changesOnlyStatus() {
        // When
        let book = Book.make(\.status, .finished)

        // Then
        XCTAssertEqual(book.status, .finished)
        XCTAssertEqual(book.title, Book.testValue.title)
    }

    func test_make_withClosure_changesSeveralProperties() {
        // When
        let book = Book.make {
            $0.title = "Kindred"
            $0.author = "Octavia E. Butler"
        }

        // Then
        XCTAssertEqual(book.title, "Kindred")
        XCTAssertEqual(book.author, "Octavia E. Butler")
        XCTAssertEqual(book.id, .sequential(1))
    }

    func test_makeCount_withGenerators_buildsDistinctReproducibleBooks() {
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
        XCTAssertEqual(
            books.map(\.id.uuidString),
            [
                "00000000-0000-0000-0000-000000000001",
                "00000000-0000-0000-0000-000000000002",
                "00000000-0000-0000-0000-000000000003",
            ])
        XCTAssertEqual(books.map(\.title), ["Volume 1", "Volume 2", "Volume 3"])
        XCTAssertEqual(books.last?.addedAt, Date.testReference.addingTimeInterval(2 * 86_400))
    }

    func test_with_onAPage_changesOnlyTheCopy() {
        // Given
        let page = CatalogPage(books: [.make()], nextPage: 2)

        // When
        let lastPage = page.with(\.nextPage, nil)
        let emptyPage = page.with { $0.books = [] }

        // Then
        XCTAssertNil(lastPage.nextPage)
        XCTAssertTrue(emptyPage.books.isEmpty)
        XCTAssertEqual(page, CatalogPage(books: [.make()], nextPage: 2))
    }

    func test_variants_withIndex_numbersEachCopy() {
        // Given
        let page = CatalogPage(books: [], nextPage: 1)

        // When
        let pages = page.variants(3) { page, index in page.nextPage = index + 2 }

        // Then
        XCTAssertEqual(pages.map(\.nextPage), [2, 3, 4])
    }

    func test_variants_withSequentialIDs_linksEachPageToTheNext() {
        // Given
        let pageNumbers = SequentialIDGenerator(startingAt: 2)

        // When
        let pages = CatalogPage(books: [], nextPage: nil).variants(3) { page, _ in page.nextPage = pageNumbers.next() }

        // Then
        XCTAssertEqual(pages.map(\.nextPage), [2, 3, 4])
        XCTAssertEqual(pageNumbers.next(), 5)
    }

    @MainActor
    func test_addBook_withInjectedGenerators_stampsIdAndDate() async {
        // Given
        let viewModel = BookListViewModel(
            repository: BookRepositoryStub(),
            makeID: SequentialUUIDGenerator().next,
            now: DateGenerator.fixed().next
        )

        // When
        let book = await viewModel.addBook(title: "Dune", author: "Frank Herbert")

        // Then
        XCTAssertEqual(book?.id, .sequential(1))
        XCTAssertEqual(book?.addedAt, .testReference)
    }

    func test_pickNext_withSameSeed_picksSameBookEveryRun() {
        // Given
        let shelf = Book.make(count: 10) { book, index in book.id = .sequential(UInt64(index) + 1) }
        var firstRun = SeededRandomNumberGenerator(seed: 2024)
        var secondRun = SeededRandomNumberGenerator(seed: 2024)

        // When
        let first = ShelfPicker().pickNext(from: shelf, using: &firstRun)
        let second = ShelfPicker().pickNext(from: shelf, using: &secondRun)

        // Then
        XCTAssertNotNil(first)
        XCTAssertEqual(first, second)
    }

    func test_pickNext_withNothingToRead_picksNothing() {
        // Given
        var generator = SeededRandomNumberGenerator(seed: 1)

        // When
        let pick = ShelfPicker().pickNext(from: [.make(\.status, .finished)], using: &generator)

        // Then
        XCTAssertNil(pick)
    }
}
