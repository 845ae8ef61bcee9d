import Bookshelf
import Foundation
import TestSupportKit
import XCTest

/// The book importer and its screen, recorded, in XCTest.
///
/// The case is `@MainActor` because the screen model is. Under Swift 6 such a case builds its
/// subject in a `makeSUT()` each test calls, not in `setUp` (a synchronous `setUp` is nonisolated
/// and cannot set main-actor properties; with Swift 6.3 on Linux an `async` override cannot call
/// `super.setUp()` without sending the non-Sendable test case); and every test is `async`, because
/// on Linux a synchronous `throws` test in a `@MainActor` case aborts test discovery.
// snippet: xctest-main-actor-case
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class AsyncRecordingBookImportTests: XCTestCase {
    private func makeSUT() -> (model: BookImportScreenModel, center: NotificationCenter) {
        let center = NotificationCenter()
        return (BookImportScreenModel(center: center), center)
    }

    func test_importFinished_afterStart_showsReadyImportingThenResult() async {
        let (model, _) = makeSUT()
        let status = AsyncRecorder(model, \.status)

        model.importStarted()
        await status.expectValues(["Ready", "Importing…"])
        model.importFinished(count: 3)

        let last = await status.next()
        XCTAssertEqual(last, "Imported 3 books")
    }
    // end-snippet

    func test_importFinished_always_announcesTheCount() async {
        let (model, center) = makeSUT()
        let announced = AsyncRecorder(notificationsNamed: bookImportDidFinish, center: center) {
            $0.userInfo?["count"] as? Int
        }

        model.importFinished(count: 1)

        XCTAssertEqual(announced.elements, [1])
    }

    func test_importBooks_threeTitles_reportsProgressThenFinishes() async {
        let recorder = BookImporter().importBooks(["Dune", "Emma", "Ulysses"]).record()

        await recorder.expectValues([1, 2, 3])
        let finished = await recorder.finished()

        XCTAssertTrue(finished)
    }

    func test_importBooks_emptyTitle_failsWithItsPosition() async {
        let recorder = AsyncRecorder(BookImporter().importBooks(["Dune", ""]))

        let first = await recorder.next()
        let error = await recorder.failure()

        XCTAssertEqual(first, 1)
        XCTAssertEqual(error as? BookImporter.ImportError, .emptyTitle(position: 2))
    }
}
