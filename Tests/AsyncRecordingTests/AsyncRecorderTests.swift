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
        _ = await recorder.firstValues(2, timeout: .seconds(5))
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

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A short timeout on a silent source fails well before the 5 s default")
    func shortTimeoutExpiresEarly() async {
        let (stream, _) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "prices")
        let clock = ContinuousClock()
        let start = clock.now
        let line = #line + 2
        await withKnownIssue {
            await recorder.next(timeout: .milliseconds(50))
        } matching: { issue in
            issue.isFailure(containing: "Timed out after 0.05 s waiting for the next value from prices; no values so far", line: line)
        }

        // Catches a unit mix-up (50 ms read as 50 s). A full parallel run on a loaded machine
        // delays a task by seconds, never by 30.
        #expect(clock.now - start < .seconds(30))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A cancelled wait says it was cancelled, not that it timed out")
    func cancelledWaitSaysSo() async {
        let (stream, _) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "prices")
        let line = #line + 3
        await withKnownIssue {
            let waiter = Task {
                await recorder.next(timeout: .seconds(5))
            }
            waiter.cancel()
            _ = await waiter.value
        } matching: { issue in
            issue.isFailure(containing: "Cancelled while waiting for the next value from prices; no values so far", line: line)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A cancelled wait for the end says it was cancelled")
    func cancelledFinishedSaysSo() async {
        let (stream, _) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "prices")
        let line = #line + 3
        await withKnownIssue {
            let waiter = Task {
                await recorder.finished(timeout: .seconds(5))
            }
            waiter.cancel()
            _ = await waiter.value
        } matching: { issue in
            issue.isFailure(containing: "Cancelled while waiting for prices to finish; no values so far", line: line)
        }
    }

    @Test("completion() returns how the source ended, finished or failed")
    func completionIsNeutral() async {
        let finishing = AsyncRecorder([1].async)
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let failing = AsyncRecorder(stream)
        continuation.finish(throwing: Offline())

        guard case .finished? = await finishing.completion() else {
            Issue.record("Expected .finished")
            return
        }
        guard case .failure(let error)? = await failing.completion() else {
            Issue.record("Expected .failure")
            return
        }
        #expect(error is Offline)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("completion() on a source still running fails at the caller's line")
    func completionTimesOut() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "prices")
        continuation.yield(3)
        _ = await recorder.firstValues(1, timeout: .seconds(5))
        let line = #line + 2
        await withKnownIssue {
            #expect(await recorder.completion(timeout: .zero) == nil)
        } matching: { issue in
            issue.isFailure(containing: "Timed out after 0 s waiting for prices to end; values so far: [3] (0 handed out)", line: line)
        }
    }

    @Test("lastValue() returns the last value once the source finished, handing none out")
    func lastValueReadsTheLast() async {
        let recorder = AsyncRecorder([1, 2, 3].async)

        #expect(await recorder.lastValue() == 3)
        #expect(await recorder.next() == 1)
    }

    @Test("lastValue() is nil when the source finished without a value")
    func lastValueOfEmptySource() async {
        let recorder = AsyncRecorder([Int]().async)

        #expect(await recorder.lastValue() == nil)
    }

    @Test("lastValue() on a failed source fails, naming the error")
    func lastValueOnFailure() async {
        let (stream, continuation) = AsyncThrowingStream<Int, any Error>.makeStream()
        let recorder = AsyncRecorder(stream, label: "downloads")
        continuation.finish(throwing: Offline())
        let line = #line + 2
        await withKnownIssue {
            #expect(await recorder.lastValue() == nil)
        } matching: { issue in
            issue.isFailure(containing: "Expected downloads to finish, but it failed with Offline; no values so far", line: line)
        }
    }

    @Test("singleValue() returns the one value of a source that sent exactly one")
    func singleValueReturnsIt() async {
        let recorder = AsyncRecorder(["only"].async)

        #expect(await recorder.singleValue() == "only")
    }

    @Test("singleValue() fails at the caller's line when the source sent several", arguments: [[1, 2], []])
    func singleValueRejectsOthers(values: [Int]) async {
        let recorder = AsyncRecorder(values.async, label: "answers")
        let got = values.isEmpty ? "none" : "2: [1, 2]"
        let line = #line + 2
        await withKnownIssue {
            #expect(await recorder.singleValue() == nil)
        } matching: { issue in
            issue.isFailure(containing: "Expected exactly one value from answers before it finished, got \(got)", line: line)
        }
    }

    @Test("firstValues(_:) reads from the start without handing anything out")
    func firstValuesDoesNotConsume() async {
        let recorder = AsyncRecorder([1, 2, 3].async)
        _ = await recorder.next()

        #expect(await recorder.firstValues(2) == [1, 2])
        #expect(await recorder.next() == 2)
    }

    @Test("firstValues(_:) fails at the caller's line when the source finished with fewer")
    func firstValuesShortfall() async {
        let recorder = AsyncRecorder([1].async, label: "pages")
        let line = #line + 2
        await withKnownIssue {
            #expect(await recorder.firstValues(2) == nil)
        } matching: { issue in
            issue.isFailure(
                containing: "Expected the first 2 values from pages, but it finished; got only [1]; values so far: [1] (0 handed out)",
                line: line
            )
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    // A window of ten minutes: only the source's end can return within the time limit.
    @Test("expectNoValue(within:) passes at once when the source finishes without a value", .timeLimit(.minutes(1)))
    func expectNoValuePassesOnFinish() async {
        let recorder = AsyncRecorder([7].async)
        _ = await recorder.next()

        await recorder.expectNoValue(within: .seconds(600))

        #expect(recorder.elements == [7])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("expectNoValue(within:) passes when nothing arrives on a live source")
    func expectNoValuePassesOnSilence() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream)
        continuation.yield(1)
        _ = await recorder.next()

        await recorder.expectNoValue(within: .milliseconds(20))

        #expect(recorder.elements == [1])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    // A window of ten minutes: only the arrival can end the check within the time limit.
    @Test("expectNoValue(within:) fails at the caller's line as soon as a value arrives", .timeLimit(.minutes(1)))
    func expectNoValueFailsOnArrival() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream, label: "alerts")
        let line = #line + 2
        await withKnownIssue {
            async let check: Void = recorder.expectNoValue(within: .seconds(600))
            continuation.yield(9)
            await check
        } matching: { issue in
            issue.isFailure(containing: "Expected no value from alerts within 600 s, got 9; values so far: [9] (0 handed out)", line: line)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("expectNoCompletion(within:) passes while the source keeps running")
    func expectNoCompletionPasses() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream)

        await recorder.expectNoCompletion(within: .milliseconds(20))

        continuation.finish()
        #expect(await recorder.finished(timeout: .seconds(5)))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("expectNoCompletion(within:) fails at the caller's line when the source ends")
    func expectNoCompletionFails() async {
        let recorder = AsyncRecorder([4].async, label: "uploads")
        let line = #line + 2
        await withKnownIssue {
            await recorder.expectNoCompletion(within: .seconds(3))
        } matching: { issue in
            issue.isFailure(
                containing: "Expected uploads not to finish within 3 s, but it finished; values so far: [4] (0 handed out)", line: line)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("cancel() stops iterating; the values already received stay")
    func cancelStopsRecording() async {
        let (stream, continuation) = AsyncStream<Int>.makeStream()
        let recorder = AsyncRecorder(stream)
        continuation.yield(1)
        _ = await recorder.next()

        recorder.cancel()
        _ = await recorder.failure(timeout: .seconds(5))
        continuation.yield(2)

        #expect(recorder.elements == [1])
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
