import TestSupportCore

/// The answer-sequence rules both kinds of method spy follow: which answer the next call gets,
/// and the empty list reported as a mistake.
@usableFromInline
enum SpyAnswerSequence {
    /// The answer of the next call from `results`, counting it in `answersGiven`; `nil` when the
    /// answers ran out and `afterLast` says to report it.
    @inlinable
    static func next<Output, Failure: Error>(
        from results: [Result<Output, Failure>], afterLast: AfterLastAnswer, answersGiven: inout Int
    ) -> Result<Output, Failure>? {
        let index = answersGiven
        answersGiven += 1
        if index < results.count { return results[index] }
        if afterLast == .repeatLast, let last = results.last { return last }
        return nil
    }

    /// Whether `results` can be configured; an empty list is reported at the caller's line.
    static func accepts<Output, Failure: Error>(_ results: [Result<Output, Failure>], method: String, at site: CallSite) -> Bool {
        if !results.isEmpty { return true }
        FailureReporter.report("An answer sequence for \(method) needs at least one answer; got an empty list", at: site)
        return false
    }
}
