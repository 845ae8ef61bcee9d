import Bookshelf
import Foundation
import TestSupportKit
import Testing

@Suite("BookSearchViewModel.queryChanged")
struct DispatchQueueBookSearchTests {
    private static let dune = Book(
        id: UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID(),
        title: "Dune", author: "Frank Herbert", status: .reading, addedAt: Date(timeIntervalSince1970: 0)
    )

    private func makeSUT() -> (BookSearchViewModel, ManualDispatchQueue) {
        let queue = ManualDispatchQueue(label: "main", isMainQueue: true)
        let viewModel = BookSearchViewModel(queue: queue) { query in
            query == "dune" ? [Self.dune] : []
        }
        return (viewModel, queue)
    }

    @Test("Typing a burst searches only the last query, once the 300 ms pause has passed")
    func burstSearchesLastQueryAfterPause() {
        // Given
        let (viewModel, queue) = makeSUT()

        // When
        viewModel.queryChanged("d")
        queue.advance(by: .milliseconds(100))
        viewModel.queryChanged("du")
        queue.advance(by: .milliseconds(100))
        viewModel.queryChanged("dune")
        queue.advance(by: .milliseconds(300))

        // Then
        #expect(viewModel.searches == ["dune"])
        #expect(viewModel.results == [Self.dune])
        queue.expectNoPendingWork()
    }

    @Test("Nothing is searched before the pause has passed")
    func noSearchBeforePause() {
        let (viewModel, queue) = makeSUT()

        viewModel.queryChanged("dune")
        queue.advance(by: .milliseconds(299))

        #expect(viewModel.searches.isEmpty)
    }

    @Test("Clearing the field empties the results at once and cancels the pending search")
    func clearingCancelsPendingSearch() {
        let (viewModel, queue) = makeSUT()
        viewModel.queryChanged("dune")
        queue.advance(by: .milliseconds(300))

        viewModel.queryChanged("dun")
        viewModel.queryChanged("")
        queue.advance(by: .seconds(1))

        #expect(viewModel.results.isEmpty)
        #expect(viewModel.searches == ["dune"])
        queue.expectNoPendingWork()
    }

    // snippet: unimplemented-queue
    @Test("A blank query clears the results and schedules nothing")
    func blankQueryNeverTouchesQueue() {
        // Given: a queue that fails the test, at the line creating it, if
        // anything is scheduled on it
        let viewModel = BookSearchViewModel(
            queue: UnimplementedDispatchQueue()
        ) { _ in [Self.dune] }

        // When
        viewModel.queryChanged("   ")

        // Then
        #expect(viewModel.results.isEmpty)
        #expect(viewModel.searches.isEmpty)
    }
    // end-snippet

    @Test("On an immediate main queue, as in previews, every keystroke is searched at once")
    func immediateMainQueueSearchesEveryKeystroke() {
        // Given: the queue a preview passes, where no time passes
        let viewModel = BookSearchViewModel(queue: .immediateMain) { query in
            query == "dune" ? [Self.dune] : []
        }

        // When
        viewModel.queryChanged("du")
        viewModel.queryChanged("dune")

        // Then
        #expect(viewModel.searches == ["du", "dune"])
        #expect(viewModel.results == [Self.dune])
    }
}

@Suite("SearchSessionTimeout.inputReceived")
struct DispatchQueueSearchSessionTimeoutTests {
    // snippet: manual-queue
    @Test("The session ends 30 seconds after the last input, without waiting")
    func endsAfterThirtySeconds() {
        // Given
        let queue = ManualDispatchQueue()
        let timeout = SearchSessionTimeout(queue: queue)

        // When
        timeout.inputReceived()
        queue.advance(by: .seconds(30))

        // Then
        #expect(timeout.hasTimedOut)
        queue.expectNoPendingWork()
    }
    // end-snippet

    @Test("New input restarts the 30-second countdown")
    func inputRestartsCountdown() {
        let queue = ManualDispatchQueue()
        let timeout = SearchSessionTimeout(queue: queue)
        timeout.inputReceived()
        queue.advance(by: .seconds(20))

        timeout.inputReceived()
        queue.advance(by: .seconds(20))

        #expect(timeout.hasTimedOut == false)
        queue.advance(by: .seconds(10))
        #expect(timeout.hasTimedOut)
    }

    @Test("With an immediate queue the timeout fires at once")
    func immediateQueueFiresAtOnce() {
        let timeout = SearchSessionTimeout(queue: .immediate)

        timeout.inputReceived()

        #expect(timeout.hasTimedOut)
    }
}

@Suite("DispatchQueue.isMainQueue")
struct DispatchQueueAppQueueTests {
    @Test("Through the seam, the app's main queue is the main queue and a private queue is not")
    func tellsMainQueueFromPrivateQueue() {
        // Given: the queues the app passes through the seam
        let mainQueue: any DispatchQueueInterface = DispatchQueue.main
        let storageQueue: any DispatchQueueInterface = DispatchQueue(label: "com.bookshelf.storage")

        // Then
        #expect(mainQueue.isMainQueue)
        #expect(storageQueue.isMainQueue == false)
    }
}
