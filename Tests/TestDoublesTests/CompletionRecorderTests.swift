import Dispatch
import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing

@Suite("CompletionRecorder")
struct CompletionRecorderTests {
    @Test("value() returns what the handler received from another thread")
    func valueFromAnotherThread() async {
        let done = CompletionRecorder<Result<String, SpyTestError>>()
        DispatchQueue.global().async { done.handler(.success("Dune")) }

        let value = await done.value()

        #expect(value == .success("Dune"))
    }

    @Test("a handler without parameters is recorded as Void")
    func voidHandler() async {
        let done = CompletionRecorder<Void>()
        let finish: @Sendable () -> Void = { done.handler(()) }
        finish()

        #expect(await done.value() != nil)
        #expect(done.callCount == 1)
    }

    @Test("a handler never called fails the wait at the caller's line, naming the handler")
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    func timeoutReportsAtCallerLine() async {
        let done = CompletionRecorder<Int>("the completion handler of load(id:completion:)")

        await withKnownIssue {
            let value = await done.value(timeout: .zero)
            #expect(value == nil)
        } matching: { issue in
            issue.isFailure(
                containing: "Timed out after 0 s waiting for the completion handler of load(id:completion:) to be called; "
                    + "it was never called",
                line: #line - 6
            )
        }
    }

    @Test("a completion spy's handler, completed by the test, arrives at the recorder")
    func spyAndRecorder() async {
        let mailbox = SpyTestMailboxStub()
        let done = CompletionRecorder<Result<String, SpyTestError>>()
        mailbox.loadSpy.holdCompletions()
        mailbox.load(id: 1, completion: done.handler)

        mailbox.loadSpy.completeLast(with: .failure(SpyTestError(code: 4)))

        #expect(await done.value() == .failure(SpyTestError(code: 4)))
        #expect(done.values.count == 1)
    }
}
