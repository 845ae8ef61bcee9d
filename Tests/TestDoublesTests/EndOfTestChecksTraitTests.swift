#if compiler(>=6.1)
import DispatchQueueInterface
import TestDoubles
import TestSupportTesting
import Testing

@Suite("The .endOfTestChecks trait")
struct EndOfTestChecksTraitTests {
    @Test("A queue whose work ran passes its end-of-test check", .endOfTestChecks)
    func drainedQueuePasses() {
        let queue = ManualDispatchQueue(label: "search").checkedAtEndOfTest()
        queue.async {}

        queue.runAll()

        #expect(queue.pending.isEmpty)
    }

    @Test("Work left on a queue fails the running test at the line that asked for the check")
    func pendingWorkFailsRunningTest() async throws {
        let test = try #require(Test.current)
        let line = #line + 4
        try await withKnownIssue {
            try await EndOfTestChecksTrait.endOfTestChecks.provideScope(for: test, testCase: Test.Case.current) {
                let queue = ManualDispatchQueue(label: "search")
                    .checkedAtEndOfTest()
                queue.async {}
            }
        } matching: { issue in
            issue.isFailure(containing: "Expected no pending work on queue 'search'", line: line)
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A task left sleeping on a clock fails the running test")
    func pendingSleeperFailsRunningTest() async throws {
        let test = try #require(Test.current)
        let line = #line + 4
        try await withKnownIssue {
            try await EndOfTestChecksTrait.endOfTestChecks.provideScope(for: test, testCase: Test.Case.current) {
                let clock = TestClock()
                    .checkedAtEndOfTest()
                let sleeper = Task { try await clock.sleep(for: .seconds(5)) }
                await clock.waitForSleepers(count: 1)
                _ = sleeper
            }
        } matching: { issue in
            issue.isFailure(containing: "Expected no pending sleepers on the TestClock", line: line)
        }
    }

    @Test("Without the trait, asking for an end-of-test check fails at once, naming the trait")
    func withoutTraitFails() {
        let line = #line + 2
        withKnownIssue {
            ManualDispatchQueue(label: "search").checkedAtEndOfTest()
        } matching: { issue in
            issue.isFailure(containing: "checkedAtEndOfTest() needs the test to have the .endOfTestChecks trait", line: line)
        }
    }
}
#endif
