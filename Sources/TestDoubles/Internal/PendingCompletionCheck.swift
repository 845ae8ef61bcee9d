import TestSupportCore

/// The end-of-test check of a completion spy that holds calls on purpose: it fails the test for
/// every handler still held, never called, when the test ends.
///
/// The spy keeps it informed of how many handlers wait; the check itself reads only that, so it
/// runs on any thread, whatever the spy's isolation.
final class PendingCompletionCheck: Sendable {
    private struct State {
        var method: String
        var held = 0
        var allowsPending: Bool
    }

    private let site: CallSite
    private let state: Locked<State>

    /// - Parameters:
    ///   - method: The spy's method, as failure messages name it.
    ///   - allowsPending: Whether the test leaves handlers pending on purpose.
    ///   - site: Where the test asked the spy to hold its calls; the failure points there.
    init(method: String, allowsPending: Bool, at site: CallSite) {
        self.site = site
        self.state = Locked(State(method: method, allowsPending: allowsPending))
    }

    /// Follows how many handlers the spy holds, and its name, which it may learn from its first
    /// call.
    func update(held: Int, method: String? = nil) {
        state.withLock { state in
            state.held = held
            if let method { state.method = method }
        }
    }

    func allowPending(_ allowed: Bool) {
        state.withLock { $0.allowsPending = allowed }
    }

    /// Runs the check at the end of the running test: through the `.endOfTestChecks` trait in
    /// Swift Testing, in the teardown of the running case in XCTest. Without either, it never
    /// runs.
    func registerWithRunningTest() {
        #if compiler(>=6.1)
        if let checks = EndOfTestChecks.current {
            checks.add { [self] in run() }
            return
        }
        #endif
        if RunningTest.current?.declaration == nil {
            _ = RunningTest.addXCTestEndOfTestCheck { [self] in run() }
        }
    }

    /// Reports the handlers still held, unless the test allowed it.
    func run() {
        let state = state.value
        guard state.held > 0, !state.allowsPending else { return }
        let handlers = state.held == 1 ? "1 completion handler that was" : "\(state.held) completion handlers that were"
        FailureReporter.report(
            "\(state.method) holds \(handlers) never called; complete \(state.held == 1 ? "it" : "them") with completeLast(with:), "
                + "or hold with holdCompletions(allowingPendingAtEnd: true) if the test leaves \(state.held == 1 ? "it" : "them") "
                + "pending on purpose",
            at: site
        )
    }
}
