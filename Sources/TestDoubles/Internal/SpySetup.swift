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
        if case .unconfigured = failure, let createdInTest { test = " (the spy was created in the test \"\(createdInTest)\")" }
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

/// What an unanswerable call (unconfigured, unimplemented, out of answers) gives back once the
/// failure is reported.
@usableFromInline
enum SpyFallback<Output, Failure: Error> {
    /// The value the test declared.
    case value(Output)
    /// The error the test declared.
    case error(Failure)
    /// The ``SpyError`` naming what went wrong, for spies that throw untyped errors.
    case spyError(@Sendable (SpyError) -> Failure)
}

extension SpyFallback: Sendable where Output: Sendable {}
