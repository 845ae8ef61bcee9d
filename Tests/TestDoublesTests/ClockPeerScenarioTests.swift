import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing
import XCTest

/// Scenarios other test clocks are known for, made deterministic: instead of yielding and hoping
/// the task reached its sleep, each test waits for the sleep to register (bounded by a timeout).
@Suite("TestClock peer scenarios")
struct TestClockPeerScenarioTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    private static func fiveChainedSleeps(on clock: TestClock) -> Task<Int, any Error> {
        Task {
            var count = 0
            for _ in 1...5 {
                try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
                count += 1
            }
            return count
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("One advance of 5 s carries a task through five chained 1 s sleeps, each measured from the clock's now")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func advanceCarriesChainedSleeps() async throws {
        let clock = TestClock()
        let task = Self.fiveChainedSleeps(on: clock)
        await clock.waitForSleepers(count: 1)

        #expect(await clock.advance(by: .seconds(5)) == 5)

        #expect(try await task.value(within: .seconds(60)) == 5)
        #expect(clock.now.offset == .seconds(5))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("run() carries a task through five chained sleeps to its end")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func runCarriesChainedSleeps() async throws {
        let clock = TestClock()
        let task = Self.fiveChainedSleeps(on: clock)
        await clock.waitForSleepers(count: 1)

        #expect(await clock.run() == 5)

        #expect(try await task.value(within: .seconds(60)) == 5)
        #expect(clock.pendingSleeperCount == 0)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("run() wakes the earlier deadline first even when its sleep began later")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func runWakesEarlierDeadlineFirst() async throws {
        let clock = TestClock()
        let order = Locked<[Int]>([])
        let late = Task {
            try await clock.sleep(for: .seconds(2))
            order.withLock { $0.append(2) }
        }
        await clock.waitForSleepers(count: 1)
        let early = Task {
            try await clock.sleep(for: .seconds(1))
            order.withLock { $0.append(1) }
        }
        await clock.waitForSleepers(count: 2)

        await clock.run()
        try await late.value(within: .seconds(60))
        try await early.value(within: .seconds(60))

        #expect(order.value == [1, 2])
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A sleeper left behind fails expectNoPendingSleepers; once it is woken the check passes")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func pendingCheckPassesOnceSleeperWoken() async throws {
        let clock = TestClock()
        let first = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 1)
        let line = #line + 2
        withKnownIssue {
            clock.expectNoPendingSleepers()
        } matching: { issue in
            issue.isFailure(containing: "found 1 sleeping until 1.0 seconds; they were cancelled", line: line)
        }
        _ = await first.result(within: .seconds(60))

        let second = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 1)
        await clock.advance(by: .seconds(1))
        try await second.value(within: .seconds(60))

        #expect(FailureReporter.collectFailures { clock.expectNoPendingSleepers() }.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A task cancelled before it sleeps never runs the work after its sleep, and run() wakes nothing")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func cancelledBeforeSleepDoesNotFinish() async {
        let clock = TestClock()
        let finished = Locked(false)
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
            finished.withLock { $0 = true }
        }
        let result = await task.result(within: .seconds(60))

        #expect(await clock.run() == 0)

        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(finished.value == false)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Cancelling a sleeping task removes its sleeper, so the end-of-test check passes")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func cancelledSleeperLeavesNothingPending() async {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1)) }
        await clock.waitForSleepers(count: 1)

        task.cancel()
        _ = await task.result(within: .seconds(60))

        #expect(FailureReporter.collectFailures { clock.expectNoPendingSleepers() }.isEmpty)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("now after an advance is the starting instant moved by exactly the advance")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func nowAfterAdvance() async throws {
        let clock = TestClock(now: TestClock.Instant(offset: .seconds(100)))
        let start = clock.now
        let task = Task { try await clock.sleep(for: .seconds(5)) }
        await clock.waitForSleepers(count: 1)

        await clock.advance(by: .seconds(5))
        try await task.value(within: .seconds(60))

        #expect(clock.now == start.advanced(by: .seconds(5)))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A 1 s timeout racing a 2 s operation wins on the advance that reaches 1 s, and the operation is cancelled")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func timeoutWinsRaceAgainstLongerSleep() async throws {
        let clock = TestClock()
        let race = Task {
            try await withThrowingTaskGroup(of: String.self) { group in
                group.addTask {
                    try await clock.sleep(for: .seconds(2))
                    return "operation"
                }
                group.addTask {
                    try await clock.sleep(for: .seconds(1))
                    return "timeout"
                }
                let winner = try await group.next() ?? "none"
                group.cancelAll()
                return winner
            }
        }
        await clock.waitForSleepers(count: 2)

        await clock.advance(by: .seconds(1))

        #expect(try await race.value(within: .seconds(60)) == "timeout")
        #expect(clock.pendingSleeperCount == 0)
    }
}

@Suite("TestClock peer scenarios at scale")
struct TestClockPeerScaleScenarioTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("One advance of 10,000 s carries a task through 10,000 chained 1 s sleeps")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func advanceCarriesTenThousandSleeps() async throws {
        let clock = TestClock()
        let task = Task {
            var count = 0
            for _ in 1...10_000 {
                try await clock.sleep(until: clock.now.advanced(by: .seconds(1)))
                count += 1
            }
            return count
        }
        await clock.waitForSleepers(count: 1)

        #expect(await clock.advance(by: .seconds(10_000)) == 10_000)

        #expect(try await task.value(within: .seconds(60)) == 10_000)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A sleep of a billion seconds stays pending through a smaller advance and run() reaches it exactly")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func billionSecondSleepIsReachedByRun() async throws {
        let clock = TestClock()
        let task = Task { try await clock.sleep(for: .seconds(1_000_000_000)) }
        await clock.waitForSleepers(count: 1)

        #expect(await clock.advance(by: .seconds(1_000_000)) == 0)
        #expect(await clock.run() == 1)

        try await task.value(within: .seconds(60))
        #expect(clock.now.offset == .seconds(1_000_000_000))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Neither advance(to:) an earlier instant nor advance(by:) a negative duration moves now back")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func advanceNeverMovesBack() async {
        let clock = TestClock()

        await clock.advance(by: .seconds(10))
        await clock.advance(to: TestClock.Instant(offset: .seconds(5)))
        #expect(clock.now.offset == .seconds(10))
        await clock.advance(by: .seconds(-5))

        #expect(clock.now.offset == .seconds(10))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Tasks cancelled while they start to sleep all finish without any advance")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func cancellationRacingRegistrationAlwaysFinishes() async {
        let clock = TestClock()
        let tasks = (0..<200).map { _ in
            Task { try await clock.sleep(for: .seconds(1)) }
        }
        for task in tasks { task.cancel() }

        for task in tasks {
            let result = await task.result(within: .seconds(60))
            #expect(throws: CancellationError.self) { try result?.get() }
        }
        #expect(clock.pendingSleeperCount == 0)
    }
}

@Suite("ImmediateClock peer scenarios")
struct ImmediateClockPeerScenarioTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A loop of ten 1 s sleeps finishes at once with the clock 10 s on")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func tenTicksFinishAtOnce() async throws {
        let clock = ImmediateClock()
        let task = Task {
            var ticks = 0
            while ticks < 10 {
                try await clock.sleep(for: .seconds(1))
                ticks += 1
            }
            return ticks
        }

        #expect(try await task.value(within: .seconds(60)) == 10)
        #expect(clock.now == ImmediateClock.Instant().advanced(by: .seconds(10)))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Sleeping until an instant in the past returns at once, records zero and leaves now where it is")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func pastDeadlineDoesNotMoveNowBack() async throws {
        let clock = ImmediateClock(now: ImmediateClock.Instant(offset: .seconds(5)))

        try await clock.sleep(until: ImmediateClock.Instant(offset: .seconds(2)))

        #expect(clock.sleeps == [.zero])
        #expect(clock.now.offset == .seconds(5))
    }
}

@Suite("UnimplementedClock peer scenarios")
struct UnimplementedClockPeerScenarioTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A named clock's failure carries its name")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func namedClockFailureCarriesName() async {
        let line = #line + 1
        let clock: some Clock<Duration> = UnimplementedClock("ContinuousClock")

        await withKnownIssue {
            try? await clock.sleep(for: .seconds(1))
        } matching: { issue in
            issue.isFailure(containing: "Unimplemented: ContinuousClock was used", line: line)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A cancelled task's sleep on the clock still reports the use once, and throws CancellationError")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func cancelledSleepReportsAndThrows() async {
        let clock = UnimplementedClock()
        let failures = await FailureReporter.collectFailures {
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                try await clock.sleep(for: .seconds(1))
            }
            let result = await task.result(within: .seconds(60))
            #expect(throws: CancellationError.self) { try result?.get() }
        }

        #expect(failures.count == 1)
        #expect(failures.first?.message.contains("Unimplemented: UnimplementedClock was used") == true)
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
final class UnimplementedClockPeerScenarioXCTests: FailureRecordingTestCase {
    @MainActor
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_sleep_onNamedUnimplementedClock_failsWithNameAtCreationLine() async {
        let line = #line + 1
        let clock = UnimplementedClock("ContinuousClock")

        let failures = await capturingXCTestFailures {
            try? await clock.sleep(for: .seconds(1))
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("Unimplemented: ContinuousClock was used") ?? false)
    }
}
