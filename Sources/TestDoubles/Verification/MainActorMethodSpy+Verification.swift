import TestSupportCore

/// The verifications of ``MainActorMethodSpy``, the same checks and messages as ``MethodSpy``'s,
/// run on its core on the main actor.
extension MainActorMethodSpy {
    /// The spy's checks, run on its core on the main actor.
    var verification: SpyVerification<Input, Output, Failure> {
        SpyVerification(method: method) { body in body(&self.core) }
    }

    /// Runs one check, after reporting the failures kept from other threads, and reports its
    /// message, if any, at the caller's line.
    func verify(
        fileID: StaticString, filePath: StaticString, line: UInt, column: UInt,
        _ check: (SpyVerification<Input, Output, Failure>) throws -> String?
    ) rethrows {
        failures.flush()
        if let message = try check(verification) {
            FailureReporter.report(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    /// Reports a failure at the caller's line unless the method was called exactly once.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalledOnce(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        expectCalled(times: 1, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports a failure at the caller's line unless the method was called exactly so many times.
    ///
    /// The message lists the calls seen.
    ///
    /// - Parameters:
    ///   - times: The expected number of calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalled(
        times: Int, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        verify(fileID: fileID, filePath: filePath, line: line, column: column) { $0.times(times) }
    }

    /// Reports a failure at the caller's line if the method was called at all.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNotCalled(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        verify(fileID: fileID, filePath: filePath, line: line, column: column) { $0.notCalled() }
    }

    /// Reports a failure at the caller's line unless at least one call's input satisfies a
    /// predicate.
    ///
    /// For inputs that are not `Equatable`, such as view controllers.
    ///
    /// ```swift
    /// let router = BookDetailRouterStub()
    /// let dune = Book.make { $0.title = "Dune" }
    /// router.showSpy.expectCalled(matching: "Dune's detail") {
    ///     $0.book.id == dune.id
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - description: What the predicate checks, for the failure message.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - predicate: Whether a call's input is the expected one.
    public func expectCalled(
        matching description: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        where predicate: (Input) throws -> Bool
    ) rethrows {
        try verify(fileID: fileID, filePath: filePath, line: line, column: column) {
            try $0.called(matching: description, where: predicate)
        }
    }
}

extension MainActorMethodSpy where Input: Equatable {
    /// Reports a failure at the caller's line unless at least one call had exactly the expected
    /// input.
    ///
    /// The message shows how the closest call differs.
    ///
    /// - Parameters:
    ///   - expected: The input a call must have had.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalled(
        with expected: Input, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        verify(fileID: fileID, filePath: filePath, line: line, column: column) { check in check.called(with: expected, equal: { $0 == $1 })
        }
    }

    /// Reports a failure at the caller's line unless the method was called exactly once, with the
    /// expected input.
    ///
    /// The headline says what was expected.
    ///
    /// - Parameters:
    ///   - expected: The input of the one call.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalledOnce(
        with expected: Input, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        expectCalls([expected], fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports a failure at the caller's line unless the calls' inputs are exactly the expected
    /// ones, in order.
    ///
    /// The message names each call that differs and how.
    ///
    /// - Parameters:
    ///   - expected: Every expected input, first call first.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalls(
        _ expected: [Input], fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        verify(fileID: fileID, filePath: filePath, line: line, column: column) { check in check.calls(expected, equal: { $0 == $1 }) }
    }
}

/// Verification for main-actor methods with several arguments, declared as a tuple of
/// `Equatable` values, as on ``MethodSpy``.
extension MainActorMethodSpy {
    /// Reports a failure at the caller's line unless some call had exactly these arguments, for
    /// an input that is a tuple of them.
    ///
    /// - Parameters:
    ///   - expected: The arguments a call must have had, in order.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalled<each Argument: Equatable>(
        with expected: repeat each Argument,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == (repeat each Argument) {
        verify(fileID: fileID, filePath: filePath, line: line, column: column) {
            $0.called(withArguments: DoublesArguments.values(repeat each expected))
        }
    }

    /// Reports a failure at the caller's line unless the method was called once, with these
    /// arguments, for an input that is a tuple of them.
    ///
    /// - Parameters:
    ///   - expected: The arguments of the one call, in order.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalledOnce<each Argument: Equatable>(
        with expected: repeat each Argument,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == (repeat each Argument) {
        let values = DoublesArguments.values(repeat each expected)
        verify(fileID: fileID, filePath: filePath, line: line, column: column) { $0.calls(withArguments: [values], count: values.count) }
    }

    /// Reports a failure at the caller's line unless the calls had exactly these arguments, in
    /// order, for an input that is a tuple of them.
    ///
    /// - Parameters:
    ///   - expected: Every call's arguments, first call first.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalls<each Argument: Equatable>(
        _ expected: [(repeat each Argument)],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where Input == (repeat each Argument) {
        let count = DoublesArguments.values(repeat (each Argument).self).count
        let lists = expected.map { DoublesArgumentList(recorded: $0, count: count, labels: []).values }
        verify(fileID: fileID, filePath: filePath, line: line, column: column) { $0.calls(withArguments: lists, count: count) }
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
        MainActor.assumeIsolated { core.markVerified(indices) }
    }
}

extension ExpectedCall {
    /// A call to the main-actor spy's method, with any arguments.
    ///
    /// - Parameter spy: The spy of the expected method.
    /// - Returns: The expected call.
    @MainActor
    public static func call<Input, Output, Failure>(_ spy: MainActorMethodSpy<Input, Output, Failure>) -> ExpectedCall {
        ExpectedCall(spy: spy, method: spy.method, arguments: nil, matching: nil)
    }

    /// A call to the main-actor spy's method whose input satisfies a predicate, for inputs that
    /// are not equatable.
    ///
    /// - Parameters:
    ///   - spy: The spy of the expected method.
    ///   - description: What the predicate checks, for the failure message.
    ///   - predicate: Whether a call's input is the expected one.
    /// - Returns: The expected call.
    @MainActor
    public static func call<Input, Output, Failure>(
        _ spy: MainActorMethodSpy<Input, Output, Failure>, matching description: String, where predicate: (Input) throws -> Bool
    ) rethrows -> ExpectedCall {
        try ExpectedCall(spy: spy, method: spy.method, arguments: description, calls: spy.calls, where: predicate)
    }

    /// A call to the main-actor spy's method with this input.
    ///
    /// - Parameters:
    ///   - spy: The spy of the expected method.
    ///   - expected: The call's input.
    /// - Returns: The expected call.
    @MainActor
    public static func call<Input: Equatable, Output, Failure>(
        _ spy: MainActorMethodSpy<Input, Output, Failure>, with expected: Input
    ) -> ExpectedCall {
        ExpectedCall(spy: spy, method: spy.method, arguments: DoublesValueDiff.describe(expected), calls: spy.calls) { $0 == expected }
    }
}
