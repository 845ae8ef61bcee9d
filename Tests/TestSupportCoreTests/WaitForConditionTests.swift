import TestSupportCore
import TestSupportTesting
import Testing

@Suite("waitForCondition")
struct WaitForConditionTests {
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("It returns true at once when the condition already holds")
    func returnsAtOnceWhenTrue() async {
        let held = await waitForCondition { true }

        #expect(held)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("It returns true once work on another task makes the condition hold")
    func returnsWhenConditionBecomesTrue() async {
        let flag = Locked(false)
        let (started, starting) = AsyncStream.makeStream(of: Void.self)
        Task {
            starting.yield()
            flag.withLock { $0 = true }
        }
        for await _ in started { break }

        let held = await waitForCondition("the flag is set", timeout: .seconds(5)) { flag.value }

        #expect(held)
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A timeout fails at the caller's line, naming what was awaited and the timeout")
    func timeoutFailsAtCallersLine() async {
        let line = #line + 2
        await withKnownIssue {
            let held = await waitForCondition("the cache holds 3 images", timeout: .zero) { false }
            #expect(!held)
        } matching: { issue in
            issue.isFailure(containing: "Timed out waiting for the cache holds 3 images", line: line)
                && issue.message.contains("(timeout 0 s, checked 1 times)")
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("A short timeout really expires, well before the 5 s default")
    func shortTimeoutExpires() async {
        let clock = ContinuousClock()
        let start = clock.now
        let line = #line + 2
        await withKnownIssue {
            await waitForCondition("the upload ends", timeout: .milliseconds(50)) { false }
        } matching: { issue in
            issue.isFailure(containing: "Timed out waiting for the upload ends", line: line)
                && issue.message.contains("(timeout 0.05 s,")
        }

        let waited = clock.now - start
        #expect(waited >= .milliseconds(50))
        // Catches a unit mix-up (50 ms read as 50 s). A full parallel run on a loaded machine
        // delays a task by seconds, never by 30.
        #expect(waited < .seconds(30))
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("An error thrown by the condition propagates to the caller")
    func conditionErrorPropagates() async {
        struct ConditionFailed: Error {}

        await #expect(throws: ConditionFailed.self) {
            try await waitForCondition { throw ConditionFailed() }
        }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    @Test("The condition runs in the caller's isolation, so it may read main-actor state")
    @MainActor
    func conditionRunsOnCallersActor() async {
        var checks = 0

        let held = await waitForCondition(timeout: .seconds(60)) {
            checks += 1
            return checks == 3
        }

        #expect(held)
        #expect(checks == 3)
    }
}
