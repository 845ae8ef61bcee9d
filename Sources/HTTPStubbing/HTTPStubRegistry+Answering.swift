import Foundation
import TestSupportCore

/// How the protocol reaches the registry, on URLSession threads: per hop it asks once for a plan
/// (``HTTPStubRegistry/answer(_:after:)``) and, unless the request went unhandled, says once how
/// the hop ended (``HTTPStubRegistry/finished(_:as:)``).
extension HTTPStubRegistry {
    /// Records `request`, finds its stub and returns the plan for one hop: a response or failure
    /// to deliver (with the next request when the registry follows a redirect), or the
    /// unmatched-request handler that answers it later. When `request` follows a redirect, the
    /// hop it came from is recorded as redirected in the same step.
    ///
    /// Takes the lock once on the common path, to find the stub, claim it and record the request:
    /// the stubs' plain conditions run under the lock, as integer comparisons for the method,
    /// exact path and query (see ``StubIndex``). A stub with a condition that needs its closure
    /// (which may run the test's code) is checked outside the lock, and then so are the stubs after
    /// it in answering order; the claim then takes the lock a second time.
    func answer(_ request: RecordedHTTPRequest, after redirect: RedirectedHop? = nil) -> HopAnswer {
        var claim: Claim
        let firstPass = state.withLock { state in
            if let redirect { Self.recordRedirect(redirect, to: request, in: &state) }
            return Self.search(for: request, in: &state)
        }
        switch firstPass {
        case .found(let found): claim = found
        case .needsClosures(let position, let stubs): claim = search(for: request, from: position, of: stubs)
        }
        switch claim {
        case .claimed(let entry, let answerCount, let recordIndex):
            var plan = DeliveryPlan(
                answering: request, with: entry.response(after: answerCount), recordIndex: recordIndex, slicingRanges: true)
            if followsRedirects, case .response(_, let statusCode, let headers, _) = plan.result,
                let next = Redirect.nextRequest(after: request, statusCode: statusCode, headers: headers)
            {
                plan.next = next
                plan.outcome = .redirected(statusCode: statusCode, location: next.url)
            }
            return .deliver(plan)
        case .forward(let recordIndex, let handler):
            return .forward(recordIndex: recordIndex, handler: handler)
        case .unhandled(let recordIndex, let stubs, let answerCounts, let handler):
            // Shown redacted when a cassette is in use, as its recordings are.
            let shown = handler?.shownAs?(request) ?? request
            let message = UnhandledRequestReport.message(for: shown, stubs: stubs, answerCounts: answerCounts)
            failures.report(handler?.unhandledNote.map { message + "\n" + $0 } ?? message, at: createdAt)
            let error = URLErrorBox(
                code: .resourceUnavailable, message: "No stub matches \(shown.summary); the test's failure lists the registered stubs")
            return .deliver(DeliveryPlan(failing: request, with: error, recordIndex: recordIndex, outcome: .unhandled))
        }
    }

    /// Records how the hop recorded at `recordIndex` ended, unless the next hop already recorded it
    /// as redirected: on Apple platforms the redirected hop's own end (its 3xx delivered, or its
    /// load stopped) may come after the next hop has started.
    func finished(_ recordIndex: Int, as outcome: RecordedHTTPRequest.Outcome) {
        state.withLock { state in
            state.requests.update(at: recordIndex) { request in
                if case .redirected = request.outcome { return }
                request.outcome = outcome
            }
        }
    }

    /// Records the hop `redirect` names as redirected to `request`, if it is the hop `request`
    /// says it came from.
    private static func recordRedirect(_ redirect: RedirectedHop, to request: RecordedHTTPRequest, in state: inout State) {
        guard let hop = state.requests[position: redirect.recordIndex], hop.url == request.redirectedFrom else { return }
        state.requests.update(at: redirect.recordIndex) {
            $0.outcome = .redirected(statusCode: redirect.statusCode, location: request.url)
        }
    }

    /// The request recorded and the answer claimed for it.
    private enum Claim {
        /// The stub `entry` answers, for the answer after `answerCount` answers; the request is
        /// recorded at `recordIndex` as pending until the hop ends.
        case claimed(entry: StubEntry, answerCount: Int, recordIndex: Int)
        /// No stub matches and `handler` answers; the request is recorded as pending.
        case forward(recordIndex: Int, handler: UnmatchedRequestHandler)
        /// No stub matches; the request is recorded as unhandled, beside the stubs it missed, with
        /// the unmatched-request handler that does not take it, for its note.
        case unhandled(recordIndex: Int, stubs: [StubEntry], answerCounts: [Int], handler: UnmatchedRequestHandler?)
    }

    /// What the search under the lock found.
    private enum Search {
        case found(Claim)
        /// The stub at `position` of `stubs` (a snapshot) passed its plain conditions and has
        /// closures to run outside the lock, from which the search goes on.
        case needsClosures(position: Int, stubs: StubIndex)
    }

    /// Under the lock: claims the first stub in answering order that matches `request`, unless a
    /// stub with closures, not used up, whose plain conditions `request` passes, comes first.
    private static func search(for request: RecordedHTTPRequest, in state: inout State) -> Search {
        let key = state.index.key(for: request)
        var position = state.index.count
        while let candidate = state.index.candidate(below: position, for: key) {
            position = candidate
            let entry = state.index.entries[candidate]
            guard entry.passesChecks(request), !entry.isUsedUp(after: state.answerCounts[entry.id]) else { continue }
            if entry.hasClosures { return .needsClosures(position: candidate, stubs: state.index) }
            if let claimed = claim(entry, for: request, in: &state) { return .found(claimed) }
        }
        return .found(recordUnmatched(request, in: &state))
    }

    /// Outside the lock: claims the first stub of `stubs` that matches `request`, starting with
    /// the one at `position`; takes the lock to claim it, or to record the request as unmatched.
    private func search(for request: RecordedHTTPRequest, from position: Int, of stubs: StubIndex) -> Claim {
        let key = stubs.key(for: request)
        var next: Int? = position
        while let candidate = next {
            let entry = stubs.entries[candidate]
            if entry.passesChecks(request) && entry.passesClosures(request),
                let claimed = state.withLock({ state in Self.claim(entry, for: request, in: &state) })
            {
                return claimed
            }
            next = stubs.candidate(below: candidate, for: key)
        }
        return state.withLock { state in Self.recordUnmatched(request, in: &state) }
    }

    /// Claims one answer of `entry` for `request` and records the request, unless the stub was
    /// removed or is used up.
    private static func claim(_ entry: StubEntry, for request: RecordedHTTPRequest, in state: inout State) -> Claim? {
        guard state.isRegistered[entry.id] else { return nil }
        let count = state.answerCounts[entry.id]
        guard !entry.isUsedUp(after: count) else { return nil }
        state.answerCounts[entry.id] = count + 1
        return .claimed(entry: entry, answerCount: count, recordIndex: state.requests.append(request))
    }

    /// Records a request no stub matches: pending when the unmatched-request handler answers it,
    /// else unhandled.
    private static func recordUnmatched(_ request: RecordedHTTPRequest, in state: inout State) -> Claim {
        let recordIndex = state.requests.append(request)
        if let handler = state.unmatchedRequestHandler, handler.accepts(request) {
            return .forward(recordIndex: recordIndex, handler: handler)
        }
        state.requests.update(at: recordIndex) { $0.outcome = .unhandled }
        return .unhandled(
            recordIndex: recordIndex, stubs: state.index.entries, answerCounts: state.answerCounts,
            handler: state.unmatchedRequestHandler)
    }
}
