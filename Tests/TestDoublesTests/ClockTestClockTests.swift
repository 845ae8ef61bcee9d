import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing
import XCTest

@Suite("TestClock.sleep and advance(by:)")
struct TestClockAdvanceTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A sleeper wakes only once the clock reaches its deadline")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func sleeperWakesAtDeadline() async throws {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(count: 1)

        #expect(await clock.advance(by: .seconds(4)) == 0)
        #expect(await clock.advance(by: .seconds(1)) == 1)

        try await task.value(within: .seconds(60))
        #expect(clock.now == TestClock.Instant(offset: .seconds(5)))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Sleepers are listed and woken in (deadline, submission) order")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func sleepersWakeInDeadlineThenSubmissionOrder() async {
        let clock = TestClock()
        let late = Task { try await clock.sleep(for: .seconds(3)) }
        await clock.waitForSleepers(count: 1)
        let first = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 2)
        let second = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 3)

        #expect(clock.pendingSleeperDeadlines.map(\.offset) == [.seconds(1), .seconds(1), .seconds(3)])
        #expect(await clock.advance(by: .seconds(1)) == 2)
        #expect(clock.pendingSleeperDeadlines.map(\.offset) == [.seconds(3)])

        await clock.run()
        _ = await (late.result(within: .seconds(60)), first.result(within: .seconds(60)), second.result(within: .seconds(60)))
        #expect(clock.pendingSleeperCount == 0)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A loop that sleeps repeatedly is stepped one wake at a time with waitForSleepers")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func loopIsSteppedDeterministically() async {
        let clock = TestClock()
        let ticks = Locked(0)
        let task = Task {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                ticks.withLock { $0 += 1 }
            }
        }

        for expected in 1...3 {
            await clock.waitForSleepers(count: 1)
            await clock.advance(by: .seconds(1))
            await clock.waitForSleepers(count: 1)
            #expect(ticks.value == expected)
        }

        task.cancel()
        await task.value(within: .seconds(60))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Sleeping until a deadline already passed returns at once")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func pastDeadlineReturnsAtOnce() async throws {
        let clock = TestClock()
        await clock.advance(by: .seconds(10))

        try await clock.sleep(until: TestClock.Instant(offset: .seconds(5)))

        #expect(clock.pendingSleeperCount == 0)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Cancelling a sleeping task throws CancellationError and removes the sleeper")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func cancellationThrows() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(count: 1)

        task.cancel()
        let result = await task.result(within: .seconds(60))

        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(clock.pendingSleeperCount == 0)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("run() moves to the latest deadline and wakes every sleeper")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func runWakesAll() async {
        let clock = TestClock()
        let first = Task { try await clock.sleep(for: .seconds(2)) }
        let second = Task { try await clock.sleep(for: .seconds(7)) }
        await clock.waitForSleepers(count: 2)

        #expect(await clock.run() == 2)

        _ = await (first.result(within: .seconds(60)), second.result(within: .seconds(60)))
        #expect(clock.now.offset == .seconds(7))
    }
}

@Suite("TestClock.waitForSleepers and expectNoPendingSleepers")
struct TestClockWaitTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("waitForSleepers returns at once when enough tasks already sleep")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func returnsAtOnceWhenSatisfied() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 1)

        #expect(await clock.waitForSleepers(count: 1))

        await clock.run()
        _ = await task.result(within: .seconds(60))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("waitForSleepers reports a timeout at the caller's line when nobody sleeps")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func reportsTimeout() async {
        let clock = TestClock()

        let line = #line + 2
        await withKnownIssue {
            let satisfied = await clock.waitForSleepers(count: 1, timeout: .zero)
            #expect(satisfied == false)
        } matching: { issue in
            issue.isFailure(containing: "Timed out after 0 s waiting for 1 sleeper(s) on the TestClock; 0 sleeping", line: line)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("expectNoPendingSleepers reports the sleepers left, at the caller's line, and cancels them")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func reportsPendingSleepers() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(30)) }
        await clock.waitForSleepers(count: 1)

        let line = #line + 2
        withKnownIssue {
            clock.expectNoPendingSleepers()
        } matching: { issue in
            issue.isFailure(
                containing: "Expected no pending sleepers on the TestClock at 0.0 seconds, found 1 sleeping until 30.0 seconds", line: line)
        }

        let result = await task.result(within: .seconds(60))
        #expect(throws: CancellationError.self) { try result?.get() }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("expectNoPendingSleepers points at the caller's line")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func pendingSleepersLine() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 1)

        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            clock.expectNoPendingSleepers()
        }

        #expect(failures.map(\.location.line) == [line])
        _ = await task.result(within: .seconds(60))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("expectNoPendingSleepers passes when nobody sleeps")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func passesWhenIdle() {
        let failures = FailureReporter.collectFailures { TestClock().expectNoPendingSleepers() }

        #expect(failures.isEmpty)
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
final class TestClockXCTests: FailureRecordingTestCase {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_advance_pastDeadline_wakesSleeper() async throws {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .milliseconds(300)) }
        await clock.waitForSleepers(count: 1)

        let woken = await clock.advance(by: .milliseconds(300))

        XCTAssertEqual(woken, 1)
        try await task.value(within: .seconds(60))
    }

    @MainActor
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_expectNoPendingSleepers_withSleeperLeft_failsAtCallerLine() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(2)) }
        await clock.waitForSleepers(count: 1)
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            clock.expectNoPendingSleepers()
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("found 1 sleeping until 2.0 seconds") ?? false)
        _ = await task.result(within: .seconds(60))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_waitForSleepers_nobodySleeps_reportsTimeoutAtCallerLine() async throws {
        let clock = TestClock()

        let line = #line + 1
        let failures = await capturingXCTestFailures { await clock.waitForSleepers(count: 1, timeout: .zero) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertTrue(
            failure.description.contains("Timed out after 0 s waiting for 1 sleeper(s) on the TestClock; 0 sleeping"),
            failure.description
        )
        XCTAssertEqual(failure.line, line)
    }
}
