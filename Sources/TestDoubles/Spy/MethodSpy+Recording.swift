import TestSupportCore

extension MethodSpy {
    /// The method's name as failure messages print it.
    ///
    /// Such as `fetchPage(_:)`: the name given at creation, else the stub method that first called
    /// the spy, else where the spy was declared ("a spy of BookRepositoryStub").
    public var method: String {
        withRecords { $0.core.method(named: setup.explicitName, declaredIn: setup.declaredIn) }
    }

    /// Every call's input, in the order the calls were made.
    public var calls: [Input] { withRecords { $0.core.inputs } }

    /// How many times the method was called.
    public var callCount: Int { withRecords { $0.core.calls.count } }

    /// The input of the most recent call, or nothing if there was none.
    public var lastCall: Input? { withRecords { $0.core.calls.last?.input } }

    /// Whether the method was called at least once.
    public var wasCalled: Bool { callCount > 0 }

    /// Forgets every recorded call and keeps the configured answer.
    ///
    /// Every recording tool of the package clears its record with the same `clearRecorded()`.
    /// A sequence of answers goes on where it was; ``reset()`` also forgets answers.
    public func clearRecorded() {
        withRecords { $0.clearRecorded() }
    }

    /// Forgets every recorded call and configured answer, releases held calls, and goes back to how
    /// the spy was created.
    ///
    /// It releases the calls held by ``suspendCalls()`` and goes back to the spy's default answer,
    /// strict, or unimplemented. To forget only the calls, use ``clearRecorded()``.
    public func reset() {
        withRecords { $0.reset(to: setup.initialAnswer) }?.release()
    }
}
