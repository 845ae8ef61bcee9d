import Bookshelf
import Foundation
import TestSupportKit
import XCTest

final class DispatchQueueBookSearchTests: XCTestCase {
    private static let dune = Book(
        id: UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID(),
        title: "Dune", author: "Frank Herbert", status: .reading, addedAt: Date(timeIntervalSince1970: 0)
    )

    // XCTest creates a fresh instance for every test method, so each test gets its own queue.
    private let queue = ManualDispatchQueue(label: "main", isMainQueue: true)
    private lazy var viewModel = BookSearchViewModel(queue: queue) { query in
        query == "dune" ? [Self.dune] : []
    }

    override func tearDown() {
        queue.expectNoMisuse()
        super.tearDown()
    }

    func test_queryChanged_burstOfKeystrokes_searchesLastQueryAfterPause() {
        // Given / When
        viewModel.queryChanged("d")
        queue.advance(by: .milliseconds(100))
        viewModel.queryChanged("du")
        queue.advance(by: .milliseconds(100))
        viewModel.queryChanged("dune")
        queue.advance(by: .milliseconds(300))

        // Then
        XCTAssertEqual(viewModel.searches, ["dune"])
        XCTAssertEqual(viewModel.results, [Self.dune])
        queue.expectNoPendingWork()
    }

    func test_queryChanged_beforePause_searchesNothing() {
        viewModel.queryChanged("dune")
        queue.advance(by: .milliseconds(299))

        XCTAssertEqual(viewModel.searches, [])
    }

    func test_queryChanged_clearedField_emptiesResultsAndCancelsPendingSearch() {
        viewModel.queryChanged("dune")
        queue.advance(by: .milliseconds(300))

        viewModel.queryChanged("dun")
        viewModel.queryChanged("")
        queue.advance(by: .seconds(1))

        XCTAssertEqual(viewModel.results, [])
        XCTAssertEqual(viewModel.searches, ["dune"])
        queue.expectNoPendingWork()
    }

    // snippet: unimplemented-queue
    func test_queryChanged_blankQuery_neverTouchesQueue() {
        // Given: a queue that fails the test, at the line creating it, if anything is scheduled on it
        let viewModel = BookSearchViewModel(queue: UnimplementedDispatchQueue()) { _ in [Self.dune] }

        // When
        viewModel.queryChanged("   ")

        // Then
        XCTAssertEqual(viewModel.results, [])
        XCTAssertEqual(viewModel.searches, [])
    }
    // end-snippet

    func test_queryChanged_onImmediateMainQueue_searchesEveryKeystrokeAtOnce() {
        // Given: the queue a preview passes, where no time passes
        let viewModel = BookSearchViewModel(queue: .immediateMain) { query in
            query == "dune" ? [Self.dune] : []
        }

        // When
        viewModel.queryChanged("du")
        viewModel.queryChanged("dune")

        // Then
        XCTAssertEqual(viewModel.searches, ["du", "dune"])
        XCTAssertEqual(viewModel.results, [Self.dune])
    }
}

final class DispatchQueueSearchSessionTimeoutTests: XCTestCase {
    func test_inputReceived_thenThirtySecondsPass_endsSession() {
        // Given
        let queue = ManualDispatchQueue()
        let timeout = SearchSessionTimeout(queue: queue)

        // When
        timeout.inputReceived()
        queue.advance(by: .seconds(30))

        // Then
        XCTAssertTrue(timeout.hasTimedOut)
        queue.expectNoPendingWork()
    }

    func test_inputReceived_again_restartsCountdown() {
        let queue = ManualDispatchQueue()
        let timeout = SearchSessionTimeout(queue: queue)
        timeout.inputReceived()
        queue.advance(by: .seconds(20))

        timeout.inputReceived()
        queue.advance(by: .seconds(20))

        XCTAssertFalse(timeout.hasTimedOut)
        queue.advance(by: .seconds(10))
        XCTAssertTrue(timeout.hasTimedOut)
    }

    func test_inputReceived_onImmediateQueue_endsSessionAtOnce() {
        let timeout = SearchSessionTimeout(queue: .immediate)

        timeout.inputReceived()

        XCTAssertTrue(timeout.hasTimedOut)
    }
}

final class DispatchQueueAppQueueTests: XCTestCase {
    func test_isMainQueue_appQueues_tellsMainQueueFromPrivateQueue() {
        // Given: the queues the app passes through the seam
        let mainQueue: any DispatchQueueInterface = DispatchQueue.main
        let storageQueue: any DispatchQueueInterface = DispatchQueue(label: "com.bookshelf.storage")

        // Then
        XCTAssertTrue(mainQueue.isMainQueue)
        XCTAssertFalse(storageQueue.isMainQueue)
    }
}
