/// Why a spy answered a call with its fallback rather than an answer the test configured: the
/// failure message and the ``SpyError`` of each case, shared by both kinds of method spy.
@usableFromInline
enum SpyCallFailure: Sendable {
    /// The spy had no answer for its `callNumber`th call.
    case unconfigured(callNumber: Int)
    case unimplemented
    case answersExhausted(callNumber: Int, answers: Int)
    case asyncAnswerCalledSynchronously
    case answerThrewForeignError(String)

    /// The failure message for a call to `method` with `input`, by a spy whose errors are of
    /// type `failureType`; a spy of a generated stub is never advised to edit its declaration.
    func message<Input>(method: String, input: Input, failureType: Any.Type, origin: StubOrigin? = nil) -> String {
        let method = origin.map { "\(method) of \($0.isGenerated ? "the generated " : "")\($0.stub)" } ?? method
        switch self {
        case .unconfigured:
            let silently =
                origin?.isGenerated == true
                ? "generate the stub with --default-answers" : "create the spy with defaultAnswer:"
            return "\(method) was called with \(DoublesValueDiff.describe(input)) but has no answer configured; "
                + "configure one in the test with returns(_:), answers(_:) or throws(_:), or \(silently) "
                + "to answer unconfigured calls silently"
        case .unimplemented:
            return "Unimplemented: \(method) was called with \(DoublesValueDiff.describe(input)), "
                + "but this test declared it must not be called"
        case let .answersExhausted(callNumber, answers):
            return "\(method) was called \(callNumber) times but only \(answers) "
                + "\(answers == 1 ? "answer was" : "answers were") configured (afterLast: .reportFailure)"
        case .asyncAnswerCalledSynchronously:
            return "\(method) has an asynchronous answer but was called synchronously; configure it with a "
                + "synchronous closure"
        case let .answerThrewForeignError(thrown):
            return "\(method)'s answer closure threw \(thrown), which is not a \(failureType)"
        }
    }

    /// The error a spy that throws untyped errors throws for this failure.
    func error(method: String) -> SpyError {
        switch self {
        case .unimplemented: return .unimplemented(method: method)
        case .answersExhausted: return .answersExhausted(method: method)
        case .unconfigured, .asyncAnswerCalledSynchronously, .answerThrewForeignError: return .noAnswer(method: method)
        }
    }
}
