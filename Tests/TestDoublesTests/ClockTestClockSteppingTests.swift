import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing
import XCTest

/// TestClock steps through deadlines one at a time and lets woken work settle before the next.
/// The scenarios follow the peers' clock and scheduler suites (swift-clocks' TestClock,
/// combine-schedulers' TestScheduler, NIO's EmbeddedEventLoop), written for this clock. They run
/// 50 times in a row beside a busy-loop process in `.ci/stress`.
@Suite("TestClock stepping")
struct TestClockSteppingTests {
    @Test("A sleeper woken by a 3 s advance reads now as its own 1 s deadline")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func wokenSleeperReadsItsOwnDeadline() async throws {
        let clock = TestClock()
        let seen = Locked<Duration?>(nil)
        let task = Task {
            try await clock.sleep(for: .seconds(1))
            seen.withLock { $0 = clock.now.offset }
        }
        await clock.waitForSleepers(count: 1)

        await clock.advance(by: .seconds(3))

        try await task.value(within: .seconds(60))
        #expect(seen.value == .seconds(1))
        #expect(clock.now.offset == .seconds(3))
    }

    @Test("A loop sleeping 1 s ticks three times for one advance of 3 s, each tick at its own second")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func loopTicksOncePerDeadline() async {
        let clock = TestClock()
        let ticks = Locked<[Duration]>([])
        let task = Task {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                ticks.withLock { $0.append(clock.now.offset) }
            }
        }
        await clock.waitForSleepers(count: 1)

        let woken = await clock.advance(by: .seconds(3))

        #expect(woken == 3)
        #expect(ticks.value == [.seconds(1), .seconds(2), .seconds(3)])
        #expect(clock.pendingSleeperDeadlines.map(\.offset) == [.seconds(4)])
        task.cancel()
        await task.value(within: .seconds(60))
    }

    @Test("Two loops with different periods interleave in deadline order, ties in the order their sleeps began")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func twoLoopsInterleaveDeterministically() async {
        let clock = TestClock()
        let log = Locked<[String]>([])
        @Sendable func loop(_ name: String, every period: Duration) -> Task<Void, Never> {
            Task {
                while true {
                    do { try await clock.sleep(for: period) } catch { return }
                    log.withLock { $0.append("\(name)@\(clock.now.offset.components.seconds)") }
                }
            }
        }
        let fast = loop("fast", every: .seconds(1))
        await clock.waitForSleepers(count: 1)
        let slow = loop("slow", every: .seconds(2))
        await clock.waitForSleepers(count: 2)

        await clock.advance(by: .seconds(4))

        #expect(log.value == ["fast@1", "slow@2", "fast@2", "fast@3", "slow@4", "fast@4"])
        fast.cancel()
        slow.cancel()
        _ = await (fast.value(within: .seconds(60)), slow.value(within: .seconds(60)))
    }

    @Test("Sleepers with the same deadline wake one at a time, each settling before the next wakes")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func equalDeadlinesSettleOneAtATime() async {
        let clock = TestClock()
        let log = Locked<[String]>([])
        var tasks: [Task<Void, Never>] = []
        for name in ["A", "B", "C"] {
            tasks.append(
                Task {
                    do { try await clock.sleep(for: .seconds(1)) } catch { return }
                    log.withLock { $0.append("\(name) woke") }
                    do { try await clock.sleep(for: .seconds(10)) } catch { return }
                })
            await clock.waitForSleepers(count: tasks.count)
        }

        await clock.advance(by: .seconds(1))

        #expect(log.value == ["A woke", "B woke", "C woke"])
        for task in tasks { task.cancel() }
        for task in tasks { await task.value(within: .seconds(60)) }
    }

    @Test("A woken task that sleeps again within the same step is woken again in that step (reentrant)")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func reentrantSleepWithinTheStep() async throws {
        let clock = TestClock()
        let wakes = Locked<[Duration]>([])
        let task = Task {
            try await clock.sleep(for: .seconds(1))
            wakes.withLock { $0.append(clock.now.offset) }
            try await clock.sleep(for: .milliseconds(500))
            wakes.withLock { $0.append(clock.now.offset) }
        }
        await clock.waitForSleepers(count: 1)

        await clock.advance(by: .seconds(2))

        try await task.value(within: .seconds(60))
        #expect(wakes.value == [.seconds(1), .milliseconds(1_500)])
    }

    @Test("A woken task that then finishes has run its work by the time advance returns")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func finishingWorkHasRunWhenAdvanceReturns() async {
        let clock = TestClock()
        let done = Locked(false)
        let task = Task {
            try? await clock.sleep(for: .seconds(1))
            done.withLock { $0 = true }
        }
        await clock.waitForSleepers(count: 1)

        await clock.advance(by: .seconds(1))

        #expect(done.value)
        await task.value(within: .seconds(60))
    }

    @Test("run() steps through a finite loop to its end, the sleeps begun by woken work included")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func runFinishesAFiniteLoop() async throws {
        let clock = TestClock()
        let task = Task {
            for _ in 0..<3 { try await clock.sleep(for: .seconds(2)) }
        }
        await clock.waitForSleepers(count: 1)

        let woken = await clock.run()

        try await task.value(within: .seconds(60))
        #expect(woken == 3)
        #expect(clock.now.offset == .seconds(6))
    }

    @Test("run() stops a loop that never ends after maxSteps wakes and reports it at the caller's line")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func runStopsAnEndlessLoop() async {
        let clock = TestClock()
        let task = Task {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
            }
        }
        await clock.waitForSleepers(count: 1)

        let line = #line + 2
        await withKnownIssue {
            await clock.run(maxSteps: 5)
        } matching: {
            $0.isFailure(containing: "run() on the TestClock stopped after 5 wakes at 5.0 seconds", line: line)
        }

        #expect(clock.now.offset == .seconds(5))
        task.cancel()
        await task.value(within: .seconds(60))
    }

    @Test("A step that ends before the next deadline wakes nothing but moves now")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func shortStepWakesNothing() async {
        let clock = TestClock()
        let task = Task { try? await clock.sleep(for: .seconds(10)) }
        await clock.waitForSleepers(count: 1)

        #expect(await clock.advance(by: .seconds(4)) == 0)
        #expect(await clock.advance(by: .seconds(4)) == 0)
        #expect(clock.now.offset == .seconds(8))
        #expect(await clock.advance(by: .seconds(2)) == 1)
        await task.value(within: .seconds(60))
    }

    @Test("Sleeping zero, or until now, returns at once without registering a sleeper")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func zeroSleepReturnsAtOnce() async throws {
        let clock = TestClock()

        try await clock.sleep(for: .zero)
        try await clock.sleep(until: clock.now)

        #expect(clock.pendingSleeperCount == 0)
    }

    @Test("A sleep cancelled before it starts throws and never registers")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func cancelledBeforeSleepThrows() async {
        let clock = TestClock()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }

        let result = await task.result(within: .seconds(60))

        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(clock.pendingSleeperCount == 0)
    }

    @Test("advance(to:) an instant in the past moves nothing and wakes nothing")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func advanceToThePast() async {
        let clock = TestClock()
        await clock.advance(by: .seconds(5))

        #expect(await clock.advance(to: TestClock.Instant(offset: .seconds(2))) == 0)
        #expect(clock.now.offset == .seconds(5))
    }

    @Test("The observed order of a three-task schedule is the same on every one of 20 repetitions")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func observedOrderIsDeterministic() async {
        var outcomes: Set<[String]> = []
        for _ in 0..<20 {
            let clock = TestClock()
            let log = Locked<[String]>([])
            var tasks: [Task<Void, Never>] = []
            for (name, delays) in [("x", [2, 1]), ("y", [1, 2]), ("z", [3])] {
                tasks.append(
                    Task {
                        for delay in delays {
                            do { try await clock.sleep(for: .seconds(delay)) } catch { return }
                            log.withLock { $0.append("\(name)\(clock.now.offset.components.seconds)") }
                        }
                    })
                await clock.waitForSleepers(count: tasks.count)
            }
            await clock.advance(by: .seconds(3))
            for task in tasks {
                // One task that never ends fails the test once, instead of once per repetition.
                guard await task.value(within: .seconds(60)) != nil else { return }
            }
            outcomes.insert(log.value)
        }

        #expect(outcomes == [["y1", "x2", "z3", "y3", "x3"]])
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
final class TestClockSteppingXCTests: FailureRecordingTestCase {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_advance_overThreeTicks_wakesLoopThreeTimes() async {
        let clock = TestClock()
        let ticks = Locked(0)
        let task = Task {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
                ticks.withLock { $0 += 1 }
            }
        }
        await clock.waitForSleepers(count: 1)

        await clock.advance(by: .seconds(3))

        XCTAssertEqual(ticks.value, 3)
        task.cancel()
        await task.value(within: .seconds(60))
    }

    @MainActor
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_run_endlessLoop_failsAtCallerLine() async {
        let clock = TestClock()
        let task = Task {
            while true {
                do { try await clock.sleep(for: .seconds(1)) } catch { return }
            }
        }
        await clock.waitForSleepers(count: 1)
        var line = 0

        let failures = await capturingXCTestFailures {
            line = #line + 1
            await clock.run(maxSteps: 3)
        }

        XCTAssertEqual(failures.count, 1)
        XCTAssertEqual(failures.first?.line, line)
        XCTAssertTrue(failures.first?.description.contains("run() on the TestClock stopped after 3 wakes at 3.0 seconds") ?? false)
        task.cancel()
        await task.value(within: .seconds(60))
    }
}
