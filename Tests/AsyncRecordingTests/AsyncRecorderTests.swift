import AsyncRecording
import TestSupportTesting
import Testing

@Suite("AsyncRecorder over an AsyncSequence")
struct AsyncRecorderTests {
    struct Offline: Error, CustomStringConvertible {
        var description: String { "Offline" }
    }

    @Test("next() returns values in order, each once")
    func nextReturnsValuesInOrder() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream)
        continuation.yield(1)
        continuation.yield(2)

        #expect(await recorder.next() == 1)
        #expect(await recorder.next() == 2)
    }

    @Test("next() resumes when a value sent later arrives, without sleeping")
    func nextWaitsForALaterValue() async {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        let recorder = stream.record()
        async let value = recorder.next()
        continuation.yield("loaded")

        #expect(await value == "loaded")
    }

    @Test("values(count:) returns the next values not yet handed out")
    func valuesCountReturnsNextValues() async {
        let recorder = AsyncRecorder([1, 2, 3].async)
        _ = await recorder.next()

        #expect(await recorder.values(count: 2) == [2, 3])
    }

    @Test("expectValues passes when the next values are the expected ones")
    func expectValuesPasses() async {
        let recorder = AsyncRecorder(["idle", "loading", "loaded"].async)

        await recorder.expectValues(["idle", "loading", "loaded"])

        #expect(recorder.elements == ["idle", "loading", "loaded"])
    }

    @Test("finished() returns true once the sequence ends")
    func finishedReturnsTrue() async {
        let recorder = AsyncRecorder([1].async)

        #expect(await recorder.finished())
        #expect(recorder.isFinished)
    }

    @Test("failure() returns the error the sequence threw")
    func failureReturnsTheError() async {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let recorder = AsyncRecorder(stream)
        continuation.finish(throwing: Offline())

        #expect(await recorder.failure() is Offline)
    }

    @Test("A mismatch fails at the caller's line, with expected and actual values in the headline")
    func expectValuesMismatchMessage() async {
        let recorder = AsyncRecorder([1, 2, 4].async, label: "page numbers")
        let line = #line + 2
        await withKnownIssue {
            await recorder.expectValues([1, 2, 3])
        } matching: { issue in
            issue.isFailure(
                containing: "Expected values [1, 2, 3] from page numbers, got [1, 2, 4] (first difference at index 2: expected 3, got 4)",
                line: line
            )
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A timeout fails at the caller's line, listing the values seen so far and what was expected")
    func timeoutListsValuesSoFar() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "page numbers")
        continuation.yield(1)
        _ = await recorder.next()
        continuation.yield(2)
        await waitForElements(recorder, count: 2)
        let line = #line + 2
        await withKnownIssue {
            await recorder.expectValues([2, 3], timeout: .zero)
        } matching: { issue in
            issue.isFailure(
                containing: "Timed out after 0 s waiting for values [2, 3] from page numbers; got only [2]; "
                    + "values so far: [1, 2] (1 handed out)",
                line: line
            )
        }
    }

    @Test("next() after the sequence finished fails, saying it finished and what it sent")
    func nextAfterFinishFails() async {
        let recorder = AsyncRecorder([7].async, label: "counts")
        _ = await recorder.next()
        let line = #line + 2
        await withKnownIssue {
            #expect(await recorder.next() == nil)
        } matching: { issue in
            issue.isFailure(
                containing: "Expected the next value from counts, but it finished; values so far: [7] (all handed out)",
                line: line
            )
        }
    }

    @Test("finished() on a failed sequence fails, naming the error")
    func finishedOnFailureFails() async {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let recorder = AsyncRecorder(stream, label: "downloads")
        continuation.finish(throwing: Offline())
        let line = #line + 2
        await withKnownIssue {
            await recorder.finished()
        } matching: { issue in
            issue.isFailure(containing: "Expected downloads to finish, but it failed with Offline; no values so far", line: line)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("failure() on a sequence still running fails after the timeout")
    func failureTimesOut() async {
        let (stream, _) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "downloads")
        let line = #line + 2
        await withKnownIssue {
            await recorder.failure(timeout: .zero)
        } matching: { issue in
            issue.isFailure(containing: "Timed out after 0 s waiting for downloads to fail; no values so far", line: line)
        }
    }

    @Test("A negative count fails at the caller's line instead of crashing")
    func negativeCountFails() async {
        let recorder = AsyncRecorder([1].async)
        let line = #line + 2
        await withKnownIssue {
            await recorder.values(count: -1)
        } matching: { issue in
            issue.isFailure(containing: "Expected a count of 0 or more values to wait for, got -1", line: line)
        }
    }

    @Test("cancel() stops iterating; the values already received stay")
    func cancelStopsRecording() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream)
        continuation.yield(1)
        _ = await recorder.next()

        recorder.cancel()
        _ = await recorder.failure()
        continuation.yield(2)

        #expect(recorder.elements == [1])
    }
}

/// Waits, through the recorder itself, until it holds `count` values, without handing any out.
func waitForElements<Element>(_ recorder: AsyncRecorder<Element>, count: Int) async {
    while recorder.elements.count < count {
        await Task.yield()
    }
}

extension Array where Element: Sendable {
    /// The array as an `AsyncStream` that sends every element, then finishes.
    var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}
