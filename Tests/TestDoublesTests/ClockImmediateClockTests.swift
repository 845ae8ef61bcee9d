import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing
import XCTest

@Suite("ImmediateClock")
struct ImmediateClockTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Sleeps return at once, move the clock and are recorded in order")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func sleepsAreRecorded() async throws {
        let clock = ImmediateClock()

        try await clock.sleep(for: .seconds(1))
        try await clock.sleep(for: .seconds(2))

        #expect(clock.sleeps == [.seconds(1), .seconds(2)])
        #expect(clock.now.offset == .seconds(3))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A cancelled task's sleep throws CancellationError")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func cancelledSleepThrows() async {
        let clock: ImmediateClock = .immediate
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            try await clock.sleep(for: .seconds(1))
        }

        let result = await task.result(within: .seconds(60))

        #expect(throws: CancellationError.self) { try result?.get() }
        #expect(clock.sleeps.isEmpty)
    }
}

@Suite("UnimplementedClock")
struct UnimplementedClockTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Sleeping reports a failure at the line that created the clock")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func sleepReportsAtCreationLine() async throws {
        let line = #line + 1
        let clock = UnimplementedClock("retry clock")

        await withKnownIssue {
            try? await clock.sleep(for: .seconds(1))
        } matching: { issue in
            issue.isFailure(containing: "Unimplemented: retry clock was used (now was read)", line: line)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("Reading now reports one failure however often it is read")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func nowReportsOnce() {
        let clock: UnimplementedClock = .unimplemented()

        let failures = FailureReporter.collectFailures {
            _ = clock.now
            _ = clock.now
        }

        #expect(
            failures.map(\.message) == [
                "Unimplemented: UnimplementedClock was used (now was read); this code path was expected not to use the clock"
            ])
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
final class UnimplementedClockXCTests: FailureRecordingTestCase {
    @MainActor
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func test_sleep_onUnimplementedClock_failsAtCreationLine() async {
        let line = #line + 1
        let clock = UnimplementedClock()

        let failures = await capturingXCTestFailures {
            try? await clock.sleep(for: .seconds(1))
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("Unimplemented: UnimplementedClock was used") ?? false)
    }
}
