#if compiler(>=6.1)
import TestSupportCore
import TestSupportTesting
import Testing

@Suite("The .leakTracked trait")
struct LeakTrackedTraitTests {
    final class Node {
        var next: Node?
    }

    @Test("It gives the test a tracker through LeakTracker.current", .leakTracked)
    func providesTracker() {
        let node = Node()
        LeakTracker.current?.track(node)

        #expect(LeakTracker.current?.liveObjectCount == 1)
    }

    @Test("Outside the trait there is no current tracker")
    func noTrackerOutsideTrait() {
        #expect(LeakTracker.current == nil)
    }

    @Test("A leak found after the body returns fails the running test at the tracking line")
    func leakFailsRunningTest() async throws {
        let test = try #require(Test.current)
        let line = #line + 5
        try await withKnownIssue {
            try await LeakTrackedTrait.leakTracked.provideScope(for: test, testCase: Test.Case.current) {
                let node = Node()
                node.next = node  // a retain cycle
                LeakTracker.current?.track(node)
            }
        } matching: { issue in
            issue.isFailure(containing: "Memory leak: TestSupportCoreTests.LeakTrackedTraitTests.Node tracked at", line: line)
        }
    }
}
#endif
