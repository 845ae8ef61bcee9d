import TestSupportCore

/// What every unimplemented double shares: the line that created it, and a reporter that takes a
/// use of the double to the test whichever thread the use happened on.
struct UnimplementedUse: Sendable {
    private let seam: String
    private let createdAt: CallSite
    private let reporter: OffTaskFailureReporter

    /// Call it from the double's initializer, on the test's task.
    ///
    /// - Parameters:
    ///   - seam: What the code path was expected not to use, such as "the keychain".
    ///   - createdAt: The line that created the double; failures point there.
    init(of seam: String, createdAt: CallSite) {
        self.seam = seam
        self.createdAt = createdAt
        self.reporter = OffTaskFailureReporter()
    }

    /// Reports `use` ("keychain read(…) was called") at the line that created the double.
    func report(_ use: String) {
        reporter.report("Unimplemented: \(use); this code path was expected not to use \(seam)", at: createdAt)
    }

    /// Reports again, on the calling task, uses found on other threads.
    func flush() {
        reporter.flush()
    }
}
