import TestSupportCore

extension MainActorMethodSpy {
    /// Answers every call with one value.
    ///
    /// - Parameter value: The value each call returns.
    public func returns(_ value: Output) {
        core.configure(.result(.success(value)))
    }

    /// Answers calls with values, one per call in order.
    ///
    /// After the last one, `afterLast` decides, as on ``MethodSpy``.
    ///
    /// - Parameters:
    ///   - values: The answers, first call first. An empty list is reported as a mistake.
    ///   - afterLast: What calls after the last answer get.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func returns(
        inOrder values: [Output], afterLast: AfterLastAnswer = .repeatLast, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        results(inOrder: values.map { .success($0) }, afterLast: afterLast, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers calls with results, one per call in order, each a value or an error.
    ///
    /// After the last one, `afterLast` decides, as on ``MethodSpy``.
    ///
    /// - Parameters:
    ///   - results: The answers, first call first. An empty list is reported as a mistake.
    ///   - afterLast: What calls after the last answer get.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func results(
        inOrder results: [Result<Output, Failure>], afterLast: AfterLastAnswer = .repeatLast, fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard Core.accepts(results, method: method, at: site) else { return }
        core.configure(.sequence(results, afterLast: afterLast))
    }

    /// Answers every call by throwing an error.
    ///
    /// - Parameter error: The error each call throws.
    public func `throws`(_ error: Failure) {
        core.configure(.result(.failure(error)))
    }

    /// Answers every call by running a closure, on the main actor, with the call's input.
    ///
    /// - Parameter body: Computes the answer from the input.
    public func answers(_ body: @escaping @MainActor (Input) throws(Failure) -> Output) {
        core.configure(.closure { input in try body(input) })
    }

    /// Makes the spy unimplemented from now on, until the test configures an answer.
    public func makeUnimplemented() {
        core.configure(.unimplemented)
    }

    /// Forgets every recorded call and keeps the configured answer.
    ///
    /// A sequence of answers goes on where it was; ``reset()`` also forgets answers.
    public func clearRecorded() {
        core.clearRecorded()
        callCounter.reset()
    }

    /// Forgets every recorded call and configured answer and goes back to how the spy was
    /// created: its default answer, strict, or unimplemented.
    ///
    /// To forget only the calls, use ``clearRecorded()``.
    public func reset() {
        core.reset(to: setup.initialAnswer)
        callCounter.reset()
    }
}
