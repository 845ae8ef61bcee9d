import TestSupportCore

/// What only the Sendable spy's isolation does, under its lock: record a call, answer it, and wait
/// for calls. The public members (`MethodSpy+Calling`, `MethodSpy+Waiting`, …) call these, and the
/// main-actor spy has the same members over its own isolation (`MainActorMethodSpy+Isolation`),
/// which is what lets its public files be generated from this spy's.
extension MethodSpy {
    /// Records a call and picks its answer, then wakes the waiters it satisfies: what every call
    /// does first.
    ///
    /// One acquisition of the spy's lock records the call, its place in the order all spies share
    /// and the count waiters look at, and picks the answer.
    @inlinable
    func record(_ input: Input, function: StaticString, canWait: Bool) -> (Resolution, CallSuspension?) {
        let (resolution, suspension, ready) = recordCall(input, function: function, canWait: canWait, announces: true)
        if let ready { WaitList.resume(ready) }
        return (resolution, suspension)
    }

    /// Records a completion call and picks its answer, without counting it for `waitForCalls`
    /// yet: ``announceCall()`` counts it once its handler is held and any report is made, so a
    /// test that `waitForCalls` lets go on finds the handler there for `completeLast(with:)`,
    /// however the call's thread and the test's interleave.
    func recordUnannounced(_ input: Input, function: StaticString) -> Resolution {
        recordCall(input, function: function, canWait: false, announces: false).resolution
    }

    /// Records a call and picks its answer in one acquisition of the lock, and returns the
    /// waiters an announced call satisfies, to wake outside it.
    @inlinable
    func recordCall(
        _ input: Input, function: StaticString, canWait: Bool, announces: Bool
    ) -> (resolution: Resolution, suspension: CallSuspension?, ready: [WaitList.Waiter]?) {
        var resolution = Resolution.failed(.unconfigured(callNumber: 0))
        var suspension: CallSuspension?
        var ready: [WaitList.Waiter]?
        withRecords { records in
            records.record(
                input, ordinal: SpyCallOrdinal.next(), caller: function, learnsName: setup.learnsNameFromCaller,
                canWait: canWait, announces: announces, resolution: &resolution, suspension: &suspension, ready: &ready
            )
        }
        return (resolution, suspension, ready)
    }

    /// Counts a call that ``recordUnannounced(_:function:)`` recorded, and wakes the waiters it
    /// satisfies.
    func announceCall() {
        if let ready = withRecords({ $0.waitList.increment() }) { WaitList.resume(ready) }
    }

    /// Everything but a plain configured value: errors, closures, failures.
    @usableFromInline
    func answerSlowly(_ resolution: Resolution, input: Input, heldSynchronously: Bool, at site: CallSite) throws(Failure) -> Output {
        if heldSynchronously { setup.reportSynchronousCallWhileSuspended(method: method, reporter: failures, at: site) }
        return try finish(resolution.outcome(for: input), input: input, at: site)
    }

    /// Everything but a plain configured value, for asynchronous calls.
    @usableFromInline
    func answerSlowly(_ resolution: Resolution, input: Input, at site: CallSite) async throws(Failure) -> Output {
        try finish(await resolution.awaitedOutcome(for: input), input: input, at: site)
    }

    /// Waits until the spy has recorded `count` calls since creation, `clearRecorded()` or
    /// `reset()`, or the timeout passes, then reports the failures kept from other threads.
    ///
    /// - Returns: Whether the calls arrived.
    func waitUntilCalled(_ count: Int, timeout: WaitTimeout) async -> Bool {
        let arrived = await WaitList.wait(for: count, timeout: timeout, in: self) { spy, body in
            spy.withRecords { body(&$0.waitList) }
        }
        failures.flush()
        return arrived
    }

    /// Returns or throws the call's answer, or reports why there is none and gives the fallback.
    func finish(_ outcome: Core.Outcome, input: Input, at site: CallSite) throws(Failure) -> Output {
        if case let .answered(result) = outcome { return try result.doublesGet() }
        let (method, origin) = withRecords { records in
            (records.core.method(named: setup.explicitName, declaredIn: setup.declaredIn), records.core.origin)
        }
        return try setup.finish(outcome, input: input, method: method, origin: origin, reporter: failures, at: site)
    }
}

extension Result {
    /// `get()` with the typed error, on every toolchain.
    func doublesGet() throws(Failure) -> Success {
        switch self {
        case let .success(value): return value
        case let .failure(error): throw error
        }
    }
}
