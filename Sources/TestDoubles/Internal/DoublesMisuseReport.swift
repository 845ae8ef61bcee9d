import TestSupportCore

/// The one test-side implementation of the doubles' `expectNoMisuse()`: the production-safe
/// doubles record misuses without a test framework, and their public `expectNoMisuse()` forward
/// here to report them.
package enum DoublesMisuseReport {
    /// Reports each misuse taken from a double as a failure at `site`, oldest first.
    ///
    /// - Parameters:
    ///   - misuses: The misuses taken from the double (taking forgets them, so each is reported
    ///     once).
    ///   - site: The caller of `expectNoMisuse()`.
    ///   - message: A misuse as the failure states it.
    package static func expectNoMisuse<Misuse>(_ misuses: [Misuse], at site: CallSite, message: (Misuse) -> String) {
        for misuse in misuses {
            FailureReporter.report(message(misuse), at: site)
        }
    }
}
