import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import XCTest

/// The core tools in XCTest: leak checks, waiting for hook-less asynchronous work, and writing
/// your own assertion that fails at the caller's line.
final class ShelfSummaryFormatterXCTests: XCTestCase {
    // MARK: - summary(of:)

    func test_summary_emptyShelf_saysNoBooksYet() {
        let sut = makeSUT()

        XCTAssertEqual(sut.summary(of: []), "No books yet")
    }

    func test_summary_mixedShelf_countsFinishedBooks() {
        let sut = makeSUT()
        let books = [
            Book.make {
                $0.title = "Dune"
                $0.status = .finished
            },
            Book.make {
                $0.title = "Emma"
                $0.status = .reading
            },
        ]

        XCTAssertEqual(sut.summary(of: books), "2 books · 1 finished")
    }

    // MARK: - Helpers

    private func makeSUT(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> ShelfSummaryFormatter {
        let sut = ShelfSummaryFormatter()
        trackForMemoryLeaks(sut, fileID: fileID, filePath: filePath, line: line, column: column)
        return sut
    }
}

final class ShelfSorterXCTests: XCTestCase {
    // MARK: - sorted(_:)

    func test_sorted_mixedStatuses_putsReadingFirstAndFinishedLast() {
        let books = [
            Book.make {
                $0.title = "Persuasion"
                $0.status = .finished
            },
            Book.make {
                $0.title = "Ulysses"
                $0.status = .wantToRead
            },
            Book.make {
                $0.title = "Dune"
                $0.status = .reading
            },
        ]

        let sorted = withLeakTracking { tracker in
            let sut = ShelfSorter()
            tracker.track(sut)
            return sut.sorted(books)
        }

        assertShelfOrder(sorted, ["Dune", "Ulysses", "Persuasion"])
    }

    func test_assertShelfOrder_wrongOrder_reportsBothOrders() {
        let books = [Book.make(\.title, "B"), Book.make(\.title, "A")]

        let failures: [TestFailure] = FailureReporter.collectFailures {
            assertShelfOrder(books, ["A", "B"])
        }

        XCTAssertEqual(failures.map(\.message), ["Expected shelf order [\"A\", \"B\"], got [\"B\", \"A\"]"])
    }
}

final class ReadingStatsRecorderXCTests: XCTestCase {
    // MARK: - recordFinished(_:)

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_recordFinished_twoBooks_countsBothInTheBackground() async {
        let recorded = Locked<[String]>([])
        let sut = ReadingStatsRecorder { book in recorded.withLock { $0.append(book.title) } }

        sut.recordFinished(
            Book.make {
                $0.id = .sequential(1)
                $0.title = "Dune"
            })
        sut.recordFinished(
            Book.make {
                $0.id = .sequential(2)
                $0.title = "Emma"
            })

        // The recorder offers no hook to await, so poll with a timeout.
        await waitForCondition("both books are recorded", timeout: .seconds(60)) { recorded.value.count == 2 }
        let count = await sut.finishedCount()
        XCTAssertEqual(count, 2)
        XCTAssertEqual(recorded.value.sorted(), ["Dune", "Emma"])
    }
}
