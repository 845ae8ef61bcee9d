/// Answers a request no stub matched, later and on any thread: the registry's hook for
/// pass-through and cassette recording. The closure calls `reply` exactly once; the registry
/// delivers the reply as it delivers a stub's response.
struct UnmatchedRequestHandler: Sendable {
    let answer: @Sendable (_ request: RecordedHTTPRequest, _ reply: @escaping @Sendable (HTTPStubResponse) -> Void) -> Void
    /// Which unmatched requests `answer` takes; the others stay unhandled.
    var accepts: @Sendable (RecordedHTTPRequest) -> Bool = { _ in true }
    /// Added to the unhandled-request failure of a request `answer` does not take, such as which
    /// cassette was replayed and how to record the request.
    var unhandledNote: String?
    /// The request as the unhandled-request failure shows it, such as redacted.
    var shownAs: (@Sendable (RecordedHTTPRequest) -> RecordedHTTPRequest)?
}
