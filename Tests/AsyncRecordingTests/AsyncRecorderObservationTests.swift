#if canImport(Observation)
import AsyncRecording
import Observation
import TestSupportTesting
import Testing

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
@Observable
final class Shelf {
    var titles: [String] = []
    var count = 0
}

@Suite("AsyncRecorder over an @Observable property")
@MainActor
struct AsyncRecorderObservationTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("It records the current value, then the value after each change")
    func recordsInitialThenChanges() async {
        let shelf = Shelf()
        let recorder = AsyncRecorder(shelf, \.titles)

        shelf.titles = ["Dune"]
        await recorder.expectValues([[], ["Dune"]])
        shelf.titles.append("Emma")

        #expect(await recorder.next() == ["Dune", "Emma"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("Changes made in one main-actor turn are recorded once, with the last value")
    func coalescesChangesInOneTurn() async {
        let shelf = Shelf()
        let recorder = AsyncRecorder(shelf, \.count)

        shelf.count = 1
        shelf.count = 2

        await recorder.expectValues([0, 2])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("The recorder holds the object weakly")
    func holdsTheObjectWeakly() async throws {
        var shelf: Shelf? = Shelf()
        // Assigned after its declaration: `weak let` needs Swift 6.3, newer than the package's minimum.
        weak var released: Shelf?
        released = shelf
        let recorder = AsyncRecorder(try #require(shelf), \.count)

        shelf = nil

        #expect(released == nil)
        #expect(recorder.elements == [0])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("A missing change fails at the caller's line, naming the property's owner and the values so far")
    func missingChangeFails() async {
        let shelf = Shelf()
        let recorder = AsyncRecorder(shelf, \.count)
        let line = #line + 2
        await withKnownIssue {
            await recorder.values(count: 2, timeout: .zero)
        } matching: { issue in
            issue.isFailure(
                containing: "Timed out after 0 s waiting for 2 values from Shelf property; got only [0]; values so far: [0]",
                line: line
            )
        }
    }
}
#endif
