import Foundation
import TestSupportCore
import TestSupportTesting
import Testing

/// Runs `body` on a Dispatch thread, where `Test.current` is nil, and waits for it.
private func onDispatchThread(_ body: @escaping @Sendable () -> Void) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.global().async {
            body()
            continuation.resume()
        }
    }
}

@Suite("OffTaskFailureReporter")
struct OffTaskFailureReporterTests {
    @Test("A failure found on a Dispatch thread is kept, not reported there")
    func keepsOffTaskFailure() async {
        let reporter = OffTaskFailureReporter()
        let location = CallSite()

        await onDispatchThread { reporter.report("no stub for GET /books", at: location) }

        #expect(reporter.pendingFailures.map(\.message) == ["no stub for GET /books"])
        reporter.flushExpectingKnownIssue(containing: "no stub for GET /books", line: location.line)
    }

    @Test("Two failures found on another thread in one test are both kept and reported, in order")
    func keepsTwoFailuresInOrder() async {
        let reporter = OffTaskFailureReporter()
        let line = #line + 1
        let (first, second) = (CallSite(), CallSite())
        await onDispatchThread {
            reporter.report("first: no stub for GET /books", at: first)
            reporter.report("second: no stub for GET /authors", at: second)
        }

        #expect(reporter.pendingFailures.map(\.message) == ["first: no stub for GET /books", "second: no stub for GET /authors"])
        let reported = Locked<[String]>([])
        withKnownIssue {
            reporter.flush()
        } matching: { issue in
            reported.withLock { $0.append(issue.message) }
            return issue.isFailure(containing: "no stub for GET", line: line)
        }
        #expect(reported.value == ["first: no stub for GET /books", "second: no stub for GET /authors"])
        #expect(reporter.pendingFailures.isEmpty)
    }

    @Test("flush reports the kept failure on the test's task, so this test fails at the user's line")
    func flushReportsOnTestTask() async {
        let reporter = OffTaskFailureReporter()
        let line = #line + 1
        let location = CallSite()
        await onDispatchThread { reporter.report("no stub for POST /login", at: location) }

        withKnownIssue {
            reporter.flush()
        } matching: { issue in
            issue.isFailure(containing: "no stub for POST /login", line: line)
        }
        #expect(reporter.pendingFailures.isEmpty)
    }

    @Test("A failure kept and never flushed is reported when the reporter is released on the test's task")
    func releaseReportsKeptFailures() async {
        var reporter: OffTaskFailureReporter? = OffTaskFailureReporter()
        let line = #line + 1
        let location = CallSite()
        await onDispatchThread { [reporter] in reporter?.report("left unflushed", at: location) }

        withKnownIssue {
            reporter = nil
        } matching: { issue in
            issue.isFailure(containing: "left unflushed", line: line)
        }
        #expect(reporter == nil)
    }

    @Test("On the test's own task a failure is reported at once")
    func reportsAtOnceOnTestTask() {
        let reporter = OffTaskFailureReporter()
        let line = #line + 2
        withKnownIssue {
            reporter.report("on the test's task", at: CallSite())
        } matching: { issue in
            issue.isFailure(containing: "on the test's task", line: line)
        }
        #expect(reporter.pendingFailures.isEmpty)
    }

    @Test("A handler installed when the reporter was created receives off-task failures directly")
    func capturedHandlerReceivesOffTaskFailures() async {
        let failures = await FailureReporter.collectFailures {
            let reporter = OffTaskFailureReporter()
            let location = CallSite()
            await onDispatchThread { reporter.report("seen by the scope", at: location) }
            #expect(reporter.pendingFailures.isEmpty)
        }

        #expect(failures.map(\.message) == ["seen by the scope"])
    }
}

extension OffTaskFailureReporter {
    fileprivate func flushExpectingKnownIssue(containing text: String, line: Int, fileID: String = #fileID) {
        withKnownIssue {
            flush()
        } matching: { issue in
            issue.isFailure(containing: text, line: line, fileID: fileID)
        }
    }
}
