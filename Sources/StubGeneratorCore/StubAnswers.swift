/// How a generated stub's spies answer a call the test has not configured.
package enum StubAnswers: String, Sendable, CaseIterable {
    /// Fail the test, naming the method, then answer a fallback: every call a test relies on is configured.
    case strict
    /// Answer a default value silently, as a hand-written everyday stub does.
    case defaults
}
