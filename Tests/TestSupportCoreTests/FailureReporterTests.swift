import Foundation
import TestSupportCore
import TestSupportTesting
import Testing

@Suite("FailureReporter.report")
struct FailureReporterReportTests {
    @Test("Inside a Swift Testing test it records one issue at the caller's file and line")
    func recordsIssueAtCallersLine() {
        let line = #line + 2
        withKnownIssue {
            FailureReporter.report("Expected 2 calls, saw 1")
        } matching: { issue in
            issue.isFailure(containing: "Expected 2 calls, saw 1", line: line)
        }
    }

    @Test("A helper with defaulted location parameters fails at the helper's caller, column included")
    func helperFailsAtItsCaller() {
        let line = #line + 2
        withKnownIssue {
            expectPositive(-3)
        } matching: { issue in
            issue.isFailure(containing: "Expected a positive number, got -3", line: line)
                // A `#column` default argument is the column of the call's opening parenthesis.
                && issue.sourceLocation?.column == 27
        }
    }

    @Test("From a child task it is still attributed to the test")
    func childTaskIsAttributed() async {
        let line = #line + 3
        await withKnownIssue {
            await withTaskGroup(of: Void.self) { group in
                group.addTask { FailureReporter.report("from a child task") }
            }
        } matching: { issue in
            issue.isFailure(containing: "from a child task", line: line)
        }
    }
}

@Suite("FailureReporter.withHandler")
struct FailureReporterWithHandlerTests {
    @Test("An installed handler receives the failure and the test records no issue")
    func handlerReceivesFailure() {
        let received = Locked<[TestFailure]>([])
        let line = #line + 2
        FailureReporter.withHandler({ failure in received.withLock { $0.append(failure) } }) {
            FailureReporter.report("redirected")
        }

        #expect(received.value.map(\.message) == ["redirected"])
        #expect(received.value.first?.location.line == line)
    }

    @Test("The handler is inherited by child tasks")
    func handlerIsInheritedByChildTasks() async {
        let failures = await FailureReporter.collectFailures {
            await withTaskGroup(of: Void.self) { group in
                for index in 0..<3 {
                    group.addTask { FailureReporter.report("child \(index)") }
                }
            }
        }

        #expect(failures.map(\.message).sorted() == ["child 0", "child 1", "child 2"])
    }

    @Test("Handlers of tests running in parallel never see each other's failures", arguments: 0..<50)
    func handlersAreIsolated(index: Int) async {
        let failures = await FailureReporter.collectFailures {
            await Task.yield()
            FailureReporter.report("failure \(index)")
        }

        #expect(failures.map(\.message) == ["failure \(index)"])
    }

    @Test("The current handler is nil outside any scope")
    func currentHandlerIsNilOutsideScope() {
        #expect(FailureReporter.currentHandler == nil)
    }
}

@Suite("FailureReporter.collectFailures")
struct FailureReporterCollectFailuresTests {
    // snippet: collect-failures
    @Test("expectPositive names the value it got")
    func namesTheValue() {
        let failures = FailureReporter.collectFailures { expectPositive(-3) }
        #expect(
            failures.map(\.message) == ["Expected a positive number, got -3"])
    }
    // end-snippet

    @Test("It returns nothing when the body reports nothing")
    func returnsEmptyWhenNothingReported() {
        let failures = FailureReporter.collectFailures {}

        #expect(failures.isEmpty)
    }

    @Test("It returns the failures with message and location in report order")
    func returnsFailuresInOrder() {
        let line = #line + 2
        let failures = FailureReporter.collectFailures {
            FailureReporter.report("first")
            FailureReporter.report("second")
        }

        #expect(failures.map(\.message) == ["first", "second"])
        #expect(failures.map(\.location.line) == [line, line + 1])
        #expect(failures.first?.location.fileID == "TestSupportCoreTests/FailureReporterTests.swift")
    }
}

@Suite("CallSite")
struct CallSiteTests {
    @Test("The default initializer captures the caller's location")
    func capturesCallersLocation() {
        let line = #line + 1
        let site = CallSite()

        #expect(site.line == line)
        #expect(site.fileID == "TestSupportCoreTests/FailureReporterTests.swift")
        #expect(site.filePath.hasSuffix("Tests/TestSupportCoreTests/FailureReporterTests.swift"))
        #expect(site.description == "TestSupportCoreTests/FailureReporterTests.swift:\(line):28")
    }

    @Test("Call sites built from strings and from literals compare by their values")
    func equalityIgnoresOrigin() {
        let literal = CallSite(fileID: "M/F.swift", filePath: "/p/F.swift", line: 3, column: 4)
        let fromLiteral = CallSite(
            fileID: "M/F.swift" as StaticString, filePath: "/p/F.swift" as StaticString, line: 3 as UInt, column: 4 as UInt)

        #expect(literal == fromLiteral)
        #expect(literal.hashValue == fromLiteral.hashValue)
    }
}
