import Bookshelf
import Foundation
import TestSupportKit
import Testing

/// The book importer and its screen, tested by recording what they produce: a progress stream,
/// an `@Observable` status, and a notification. No expectation, no sink, no hand-made array.
@Suite("Book import, recorded")
struct AsyncRecordingBookImportTests {
    // snippet: recorder-sequence-swift-testing
    @Test("Importing three titles reports 1, 2, 3, then finishes")
    func importReportsProgressThenFinishes() async {
        let recorder = BookImporter()
            .importBooks(["Dune", "Emma", "Ulysses"]).record()

        await recorder.expectValues([1, 2, 3])
        await recorder.finished()
    }
    // end-snippet

    @Test("An empty title stops the import with its position")
    func emptyTitleFails() async {
        let recorder = AsyncRecorder(BookImporter().importBooks(["Dune", ""]))

        #expect(await recorder.next() == 1)
        #expect(await recorder.failure() as? BookImporter.ImportError == .emptyTitle(position: 2))
    }

    // snippet: recorder-observable-swift-testing
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("The status goes from Ready to Importing to the result")
    @MainActor
    func statusFollowsTheImport() async {
        let model = BookImportScreenModel(center: NotificationCenter())
        let status = AsyncRecorder(model, \.status)

        model.importStarted()
        await status.expectValues(["Ready", "Importing…"])
        model.importFinished(count: 3)

        #expect(await status.next() == "Imported 3 books")
    }
    // end-snippet

    // snippet: recorder-notification-swift-testing
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("Finishing an import announces the count")
    @MainActor
    func finishingAnnouncesCount() async {
        let center = NotificationCenter()
        let model = BookImportScreenModel(center: center)
        let announced = AsyncRecorder(
            notificationsNamed: bookImportDidFinish, center: center
        ) {
            $0.userInfo?["count"] as? Int
        }

        model.importFinished(count: 1)

        #expect(announced.elements == [1])
    }
    // end-snippet
}
