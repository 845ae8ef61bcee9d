#if canImport(Observation)
import AsyncRecording
import TestSupportCore
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
        await recorder.expectValues([[], ["Dune"]], timeout: .seconds(5))
        shelf.titles.append("Emma")

        #expect(await recorder.next(timeout: .seconds(5)) == ["Dune", "Emma"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("Changes made in one main-actor turn are each recorded with the value they stored")
    func recordsEachChangeInOneTurn() async {
        let shelf = Shelf()
        let recorder = AsyncRecorder(shelf, \.count)

        shelf.count = 1
        shelf.count = 2

        await recorder.expectValues([0, 1, 2], timeout: .seconds(5))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("A change that stores the value already recorded records nothing")
    func equalValueCoalesces() async {
        let shelf = Shelf()
        let recorder = AsyncRecorder(shelf, \.count)

        shelf.count = 0
        shelf.count = 1

        await recorder.expectValues([0, 1], timeout: .seconds(5))
        #expect(recorder.elements == [0, 1])
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
/// A thread-safe `@Observable` model changed from another actor: its value is kept under a lock,
/// and each change is reported through the registrar before it is stored, as `@Observable` does.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@Observable
final class Gauge: Sendable {
    @ObservationIgnored private let stored = Locked(0)

    var level: Int {
        get {
            access(keyPath: \.level)
            return stored.value
        }
        set {
            withMutation(keyPath: \.level) { stored.withLock { $0 = newValue } }
        }
    }
}

/// Changes gauges on an actor of its own, off the main actor.
actor GaugeChanger {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func set(_ gauge: Gauge, to level: Int) {
        gauge.level = level
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    func step(_ gauge: Gauge, through levels: ClosedRange<Int>) {
        for level in levels { gauge.level = level }
    }
}

@Suite("AsyncRecorder over an @Observable property changed from another actor")
@MainActor
struct AsyncRecorderOffMainObservationTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("Each awaited change is recorded with the value it stored, never a stale one")
    func awaitedChangesAreExact() async {
        let gauge = Gauge()
        let changer = GaugeChanger()
        let recorder = AsyncRecorder(gauge, \.level)
        #expect(await recorder.next(timeout: .seconds(5)) == 0)

        for level in 1...20 {
            await changer.set(gauge, to: level)
            #expect(await recorder.next(timeout: .seconds(5)) == level)
        }

        #expect(recorder.elements == Array(0...20))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("20 rapid changes are recorded in order, the last one included, 200 rounds")
    func rapidChangesDeliverTheLast() async {
        let changer = GaugeChanger()
        for _ in 0..<200 {
            let gauge = Gauge()
            let recorder = AsyncRecorder(gauge, \.level)

            await changer.step(gauge, through: 1...20)

            await recorder.expectValues(Array(0...20), timeout: .seconds(5))
            guard recorder.elements == Array(0...20) else {
                Issue.record("Recorded \(recorder.elements)")
                return
            }
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @Test("A change from another actor that keeps the value records nothing")
    func equalValueFromAnotherActorCoalesces() async {
        let gauge = Gauge()
        let changer = GaugeChanger()
        let recorder = AsyncRecorder(gauge, \.level)

        await changer.set(gauge, to: 0)
        await changer.set(gauge, to: 1)

        await recorder.expectValues([0, 1], timeout: .seconds(5))
        await recorder.expectNoValue(within: .milliseconds(50))
        #expect(recorder.elements == [0, 1])
    }
}
#endif
