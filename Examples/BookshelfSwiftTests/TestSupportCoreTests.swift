import Bookshelf
import BookshelfTestSupport
import Foundation
import TestSupportKit
import Testing

/// The core tools in Swift Testing: leak checks, waiting for hook-less asynchronous work, and
/// writing your own assertion that fails at the caller's line.
@Suite("ShelfSummaryFormatter")
struct ShelfSummaryFormatterTests {
    @Suite("summary(of:)")
    struct Summary {
        @Test("An empty shelf says there are no books yet")
        func emptyShelf() {
            let sut = ShelfSummaryFormatter()

            #expect(sut.summary(of: []) == "No books yet")
        }

        @Test("A mixed shelf counts the finished books")
        func mixedShelf() {
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

            let summary = withLeakTracking { tracker in
                let sut = ShelfSummaryFormatter()
                tracker.track(sut)
                return sut.summary(of: books)
            }

            #expect(summary == "2 books · 1 finished")
        }
    }
}

@Suite("ShelfSorter")
struct ShelfSorterTests {
    @Suite("sorted(_:)")
    struct Sorted {
        /// A new suite instance, and so a new tracker, for every test.
        let leaks = LeakTracker()

        @Test("Books being read come first and finished books last")
        func readingFirstFinishedLast() {
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
            var sut: ShelfSorter? = ShelfSorter()
            if let sut { leaks.track(sut) }

            let sorted = sut?.sorted(books) ?? []
            sut = nil

            assertShelfOrder(sorted, ["Dune", "Ulysses", "Persuasion"])
            leaks.expectNoLeaks()
        }
    }

    @Suite("assertShelfOrder")
    struct AssertShelfOrder {
        @Test("A wrong order reports both orders")
        func wrongOrderReportsBoth() {
            let books = [Book.make(\.title, "B"), Book.make(\.title, "A")]

            let failures: [TestFailure] = FailureReporter.collectFailures {
                assertShelfOrder(books, ["A", "B"])
            }

            #expect(failures.map(\.message) == ["Expected shelf order [\"A\", \"B\"], got [\"B\", \"A\"]"])
        }
    }
}

@Suite("ReadingStatsRecorder")
struct ReadingStatsRecorderTests {
    @Suite("recordFinished(_:)")
    struct RecordFinished {
        @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
        @Test("Two finished books are both counted in the background")
        func countsBothInBackground() async {
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
            #expect(await sut.finishedCount() == 2)
            #expect(recorded.value.sorted() == ["Dune", "Emma"])
        }
    }
}
