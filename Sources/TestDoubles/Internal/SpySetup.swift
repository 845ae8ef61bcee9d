import TestSupportCore
import Testing

/// What both kinds of method spy fix at creation: the name, the fallback and the answer that
/// ``MethodSpy/reset()`` goes back to.
@usableFromInline
struct SpySetup<Input, Output, Failure: Error> {
    let explicitName: String?
    let declaredIn: String
    /// Whether the spy takes its name from the first stub method that calls it.
    @usableFromInline let learnsNameFromCaller: Bool
    let fallback: SpyFallback<Output, Failure>
    let initialAnswer: SpyCore<Input, Output, Failure>.Answer
    /// The Swift Testing test the spy was created in, for unconfigured-call messages.
    let createdInTest: String?

    init(method: String?, declaredIn: String, fallback: SpyFallback<Output, Failure>, initialAnswer: SpyCore<Input, Output, Failure>.Answer)
    {
        self.explicitName = method
        self.declaredIn = declaredIn
        self.learnsNameFromCaller = method == nil && !declaredIn.contains("(")
        self.fallback = fallback
        self.initialAnswer = initialAnswer
        self.createdInTest = Test.current.map { $0.displayName ?? $0.name }
    }

    /// Ends a call: returns or throws its answer; else reports why the call went unanswered and
    /// returns or throws the fallback.
    ///
    /// The failure is reported at the stub's line, or where the test created the stub when the
    /// stub gave its origin. An unconfigured call's message also names the test that created the
    /// spy, which says whose stub it was.
    func finish(
        _ outcome: SpyCore<Input, Output, Failure>.Outcome,
        input: Input,
        method: String,
        origin: StubOrigin?,
        reporter: OffTaskFailureReporter,
        at callSite: CallSite
    ) throws(Failure) -> Output {
        let failure: SpyCallFailure
        switch outcome {
        case let .answered(result): return try result.doublesGet()
        case let .failed(kind): failure = kind
        }
        let message = failure.message(method: method, input: input, failureType: Failure.self, origin: origin)
        let site = origin?.site ?? callSite
        var test = ""
        if case let .unconfigured(callNumber) = failure { test = testNote(origin: origin, callNumber: callNumber) }
        switch fallback {
        case let .value(value):
            reporter.report(message + (value is Void ? "" : "; returned the fallback \(DoublesValueDiff.describe(value))") + test, at: site)
            return value
        case let .error(thrown):
            reporter.report(message + "; threw \(thrown)" + test, at: site)
            throw thrown
        case let .spyError(makeError):
            let error = failure.error(method: method)
            reporter.report(message + "; threw SpyError.\(error.caseName)" + test, at: site)
            throw makeError(error)
        }
    }
}

extension SpySetup {
    /// Reports a completion spy's call that has no answer, at once: its handler is held, so the
    /// code waiting for it may wait for ever, and this message is what the test shows meanwhile.
    func reportUnansweredCompletion(
        input: Input,
        callNumber: Int,
        method: String,
        origin: StubOrigin?,
        reporter: OffTaskFailureReporter,
        at callSite: CallSite
    ) {
        let stub = origin.map { " of \($0.isGenerated ? "the generated " : "")\($0.stub)" } ?? ""
        reporter.report(
            "\(method)\(stub) was called with \(DoublesValueDiff.describe(input)) but has no answer configured, so its "
                + "completion handler is held and the code waiting for it cannot go on; configure a completion in the "
                + "test with returns(_:) or answers(_:), or call holdCompletions() and complete it from the test with "
                + "completeLast(with:)" + testNote(origin: origin, callNumber: callNumber),
            at: origin?.site ?? callSite
        )
    }

    /// Reports a synchronous call that met suspended calls: only asynchronous calls can be held,
    /// so it is answered at once.
    func reportSynchronousCallWhileSuspended(method: String, reporter: OffTaskFailureReporter, at callSite: CallSite) {
        reporter.report(
            "\(method) was called synchronously while its calls are suspended; only asynchronous calls "
                + "can be held, so this one was answered at once",
            at: callSite
        )
    }

    /// Reports a completion spy's call answered with `nil`, which no handler can receive: the
    /// handler is held, as the old meaning of `returns(nil)` did.
    func reportNilCompletion(method: String, origin: StubOrigin?, reporter: OffTaskFailureReporter, at callSite: CallSite) {
        reporter.report(
            "\(method) was answered with nil, which its completion handler cannot receive, so the handler is held; "
                + "to hold calls on purpose, call holdCompletions(); to complete with nil, configure .some(nil)",
            at: origin?.site ?? callSite
        )
    }

    /// What an unanswered call's message adds about where it came from: the Swift Testing test
    /// that created the spy; and, when the failure points at the line that
    /// created the stub outside the running test's body (in `setUp()`, a suite's stored
    /// property), which test was running and which call it was.
    ///
    /// XCTest does not say where a test's body is, so there a stub's origin always gets the note.
    func testNote(origin: StubOrigin?, callNumber: Int) -> String {
        let running = RunningTest.current
        var note = ""
        if let createdInTest { note += " (the spy was created in the test \"\(createdInTest)\")" }
        guard let origin, let running else { return note }
        if let declaration = running.declaration, declaration.fileID == origin.site.fileID, declaration.line <= origin.site.line {
            return note
        }
        return note + "; it was the \(Self.ordinal(callNumber)) call, in the test \"\(running.name)\""
    }

    /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `21st`.
    static func ordinal(_ number: Int) -> String {
        let suffix: String
        switch (number % 10, number % 100) {
        case (_, 11...13): suffix = "th"
        case (1, _): suffix = "st"
        case (2, _): suffix = "nd"
        case (3, _): suffix = "rd"
        default: suffix = "th"
        }
        return "\(number)\(suffix)"
    }
}

/// What an unanswerable call (unconfigured, unimplemented, out of answers) gives back once the
/// failure is reported.
enum SpyFallback<Output, Failure: Error> {
    /// The value the test declared.
    case value(Output)
    /// The error the test declared.
    case error(Failure)
    /// The ``SpyError`` naming what went wrong, for spies that throw untyped errors.
    case spyError(@Sendable (SpyError) -> Failure)
}

extension SpyFallback: Sendable where Output: Sendable {}
