import TestSupportCore

/// What an unanswerable call (unconfigured, unimplemented, out of answers) gives back after the
/// failure is reported, and the reporting itself, shared by both kinds of method spy.
@usableFromInline
enum SpyFallback<Output, Failure: Error> {
    /// The value the test declared.
    case value(Output)
    /// The error the test declared.
    case error(Failure)
    /// The ``SpyError`` naming what went wrong, for spies that throw untyped errors.
    case spyError(@Sendable (SpyError) -> Failure)

    /// Reports why a call to `method` with `input` went unanswered at the stub's line, then
    /// returns or throws the fallback.
    ///
    /// An unconfigured call's message also names the test that created the spy, which says
    /// whose stub it was. A spy whose stub gave its origin reports there instead, where the test
    /// created the stub.
    func answer<Input>(
        _ failure: SpyCallFailure,
        method: String,
        input: Input,
        createdInTest: String?,
        origin: StubOrigin?,
        reporter: OffTaskFailureReporter,
        at callSite: CallSite
    ) throws(Failure) -> Output {
        let message = failure.message(method: method, input: input, failureType: Failure.self, origin: origin)
        let site = origin?.site ?? callSite
        var test = ""
        if case .unconfigured = failure, let createdInTest { test = " (the spy was created in the test \"\(createdInTest)\")" }
        switch self {
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

extension SpyFallback: Sendable where Output: Sendable {}
