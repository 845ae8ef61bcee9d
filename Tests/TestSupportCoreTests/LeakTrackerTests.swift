import TestSupportCore
import TestSupportTesting
import Testing

private final class Loader {
    var onFinish: (() -> Void)?

    func retainItself() {
        onFinish = { self.finish() }
    }

    func finish() {}
}

@Suite("withLeakTracking")
struct WithLeakTrackingTests {
    @Test("An object released by the end of the scope passes")
    func releasedObjectPasses() {
        let failures = FailureReporter.collectFailures {
            withLeakTracking { tracker in
                let loader = Loader()
                tracker.track(loader)
                loader.finish()
            }
        }

        #expect(failures.isEmpty)
    }

    @Test("An object kept alive by a retain cycle fails at the line that tracked it, naming its type")
    func leakedObjectFailsAtTrackingLine() {
        let line = #line + 4
        withKnownIssue {
            withLeakTracking { tracker in
                let loader = Loader()
                tracker.track(loader)
                loader.retainItself()
            }
        } matching: { issue in
            issue.isFailure(containing: "Memory leak: TestSupportCoreTests.(unknown context", line: line)
                && issue.message.contains("Loader tracked at TestSupportCoreTests/LeakTrackerTests.swift:\(line)")
        }
    }

    @Test("The async form verifies after the body's awaits have finished")
    func asyncFormVerifiesAfterBody() async {
        let failures = await FailureReporter.collectFailures {
            await withLeakTracking { tracker in
                let loader = Loader()
                tracker.track(loader)
                await Task.yield()
                loader.retainItself()
            }
        }

        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("Loader tracked at") == true)
    }
}

@Suite("LeakTracker")
struct LeakTrackerTests {
    @Test("Tracking holds the object weakly")
    func trackingDoesNotRetain() {
        let tracker = LeakTracker()
        var loader: Loader? = Loader()
        if let loader { tracker.track(loader) }

        loader = nil

        #expect(tracker.liveObjectCount == 0)
    }

    @Test("An object released before verification is not reported")
    func releasedObjectIsNotReported() {
        let tracker = LeakTracker()
        do {
            let loader = Loader()
            tracker.track(loader)
            loader.finish()
        }

        let failures = FailureReporter.collectFailures { tracker.expectNoLeaks() }

        #expect(failures.isEmpty)
    }

    @Test("Verifying reports each live object once and then stops tracking it")
    func verifyForgetsTrackedObjects() {
        let tracker = LeakTracker()
        let first = Loader()
        let second = Loader()
        tracker.track(first)
        tracker.track(second)

        let firstRun = FailureReporter.collectFailures { tracker.expectNoLeaks() }
        let secondRun = FailureReporter.collectFailures { tracker.expectNoLeaks() }

        #expect(firstRun.count == 2)
        #expect(secondRun.isEmpty)
        withExtendedLifetime((first, second)) {}
    }
}
