/// The errors a throwing spy throws after reporting that it was called without an answer.
///
/// A ``ThrowingSpy`` throws them.
///
/// The failure is already reported when these are thrown; they only stop the code under test
/// from carrying on with a made-up value.
public enum SpyError: Error, Equatable, CustomStringConvertible {
    /// The spy was called with no answer configured.
    case noAnswer(method: String)
    /// The spy is unimplemented and was called.
    ///
    /// An unimplemented spy is one made by `MethodSpy.unimplemented()`.
    case unimplemented(method: String)
    /// The spy's answer sequence ran out and was told to fail after the last answer.
    case answersExhausted(method: String)

    /// A sentence naming the method.
    public var description: String {
        switch self {
        case let .noAnswer(method): "\(method) was called with no answer configured"
        case let .unimplemented(method): "\(method) is unimplemented in this test"
        case let .answersExhausted(method): "\(method) ran out of configured answers"
        }
    }

    /// The case's name, for failure messages.
    var caseName: String {
        switch self {
        case .noAnswer: "noAnswer"
        case .unimplemented: "unimplemented"
        case .answersExhausted: "answersExhausted"
        }
    }
}
