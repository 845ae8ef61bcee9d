import TestSupportCore

/// What only the main-actor spy's isolation does: record a call, answer it, and wait for calls,
/// with the names and shapes of ``MethodSpy``'s (`MethodSpy+Isolation`), so the public files
/// generated from that spy's call them unchanged.
extension MainActorMethodSpy {
    /// Records a call and picks its answer.
    func record(_ input: Input, function: StaticString, canWait: Bool) -> (Resolution, CallSuspension?) {
        records.core.record(input, ordinal: SpyCallOrdinal.next(), caller: function, learnsName: setup.learnsNameFromCaller)
        records.callCounter.increment()
        guard let held = records.suspension, !held.isReleased else { return (records.core.resolve(), nil) }
        if canWait { return (.failed(.unconfigured(callNumber: 0)), held) }
        return (records.core.resolve(), held)
    }

    /// Records a completion call and picks its answer, without counting it for `waitForCalls`
    /// yet: ``announceCall()`` counts it once its handler is held and any report is made.
    func recordUnannounced(_ input: Input, function: StaticString) -> Resolution {
        records.core.record(input, ordinal: SpyCallOrdinal.next(), caller: function, learnsName: setup.learnsNameFromCaller)
        return records.core.resolve()
    }

    /// Counts a call that ``recordUnannounced(_:function:)`` recorded, and wakes the waiters it
    /// satisfies, once this call has returned to the main actor.
    func announceCall() {
        records.callCounter.increment()
    }

    /// Everything but a plain configured value: errors, closures, failures.
    func answerSlowly(_ resolution: Resolution, input: Input, heldSynchronously: Bool, at site: CallSite) throws(Failure) -> Output {
        if heldSynchronously { setup.reportSynchronousCallWhileSuspended(method: method, reporter: failures, at: site) }
        return try finish(resolution.outcome(for: input), input: input, at: site)
    }

    /// Everything but a plain configured value, for asynchronous calls.
    func answerSlowly(_ resolution: Resolution, input: Input, at site: CallSite) async throws(Failure) -> Output {
        try finish(await resolution.awaitedOutcome(for: input), input: input, at: site)
    }

    /// Returns or throws the call's answer, or reports why there is none and gives the fallback.
    func finish(_ outcome: Core.Outcome, input: Input, at site: CallSite) throws(Failure) -> Output {
        if case let .answered(result) = outcome { return try result.doublesGet() }
        return try setup.finish(outcome, input: input, method: method, origin: records.core.origin, reporter: failures, at: site)
    }

    /// Waits until the spy has recorded `count` calls since creation, `clearRecorded()` or
    /// `reset()`, or the timeout passes, then reports the failures kept from other threads.
    ///
    /// - Returns: Whether the calls arrived.
    func waitUntilCalled(_ count: Int, timeout: WaitTimeout) async -> Bool {
        let arrived = await records.callCounter.wait(for: count, timeout: timeout)
        failures.flush()
        return arrived
    }
}

extension MainActorMethodSpy: StubRecordedSpy {
    nonisolated func stubEntries(onMainActor: Bool) -> [StubCallEntry]? {
        guard onMainActor else { return nil }
        failures.flush()
        let described = MainActor.assumeIsolated {
            verification.stubEntries(spy: self)
                .map { (method: $0.method, index: $0.index, ordinal: $0.ordinal, verified: $0.verified, text: $0.arguments()) }
        }
        let id = ObjectIdentifier(self)
        return described.map { entry in
            StubCallEntry(
                spy: id, method: entry.method, index: entry.index, ordinal: entry.ordinal, verified: entry.verified,
                arguments: { entry.text }
            )
        }
    }

    nonisolated func markVerified(_ indices: [Int], onMainActor: Bool) {
        guard onMainActor else { return }
        MainActor.assumeIsolated { withRecords { $0.core.markVerified(indices) } }
    }
}
