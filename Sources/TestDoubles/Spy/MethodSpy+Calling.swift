import TestSupportCore

extension MethodSpy {
    /// Records a call from a synchronous method and answers it; the stub's method body.
    ///
    /// ```swift
    /// let cachedBooksSpy = Spy<Void, [Book]>(defaultAnswer: [])
    /// let validateSpy = ThrowingSpy<Book, Void>()
    /// func cachedBooks() -> [Book] { cachedBooksSpy.call() }
    /// func validate(_ book: Book) throws { try validateSpy.call(book) }
    /// ```
    ///
    /// - Parameters:
    ///   - input: The call's arguments.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - function: The calling stub method, which names a spy created without a name.
    /// - Returns: The configured answer, or the fallback after reporting a failure.
    /// - Throws: The configured error, or the fallback error after reporting a failure.
    @inlinable
    @discardableResult
    public func call(
        _ input: Input,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        function: StaticString = #function
    ) throws(Failure) -> Output {
        let (resolution, suspension) = record(input, function: function, canWait: false)
        let heldSynchronously = suspension != nil
        if case let .result(.success(value)) = resolution, !heldSynchronously { return value }
        return try answerSlowly(
            resolution, input: input, heldSynchronously: heldSynchronously,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Records a call and picks its answer, then wakes the waiters it satisfies: what every call
    /// does first.
    ///
    /// One acquisition of the spy's lock records the call, its place in the order all spies share
    /// and the count waiters look at, and picks the answer.
    @inlinable
    func record(_ input: Input, function: StaticString, canWait: Bool) -> (Resolution, CallSuspension?) {
        let (resolution, suspension, ready) = recordLeavingWaiters(input, function: function, canWait: canWait)
        if let ready { WaitList.resume(ready) }
        return (resolution, suspension)
    }

    /// Records a call and picks its answer, and returns the waiters it satisfies without waking
    /// them: a completion call wakes them once its handler is held and any report is made, so a
    /// test that `waitForCalls` woke finds the handler there for `completeLast(with:)`.
    @inlinable
    func recordLeavingWaiters(
        _ input: Input, function: StaticString, canWait: Bool
    ) -> (Resolution, CallSuspension?, [WaitList.Waiter]?) {
        var resolution = Resolution.failed(.unconfigured(callNumber: 0))
        var suspension: CallSuspension?
        var ready: [WaitList.Waiter]?
        withRecords { records in
            records.record(
                input, ordinal: SpyCallOrdinal.next(), caller: function, learnsName: setup.learnsNameFromCaller,
                canWait: canWait, resolution: &resolution, suspension: &suspension, ready: &ready
            )
        }
        return (resolution, suspension, ready)
    }

    /// Everything but a plain configured value: errors, closures, failures.
    @usableFromInline
    func answerSlowly(_ resolution: Resolution, input: Input, heldSynchronously: Bool, at site: CallSite) throws(Failure) -> Output {
        if heldSynchronously {
            failures.report(
                "\(method) was called synchronously while its calls are suspended; only asynchronous calls "
                    + "can be held, so this one was answered at once",
                at: site
            )
        }
        return try finish(resolution.outcome(for: input), input: input, at: site)
    }

    /// Records a call from an asynchronous method and answers it, suspending first if the test
    /// asked for it: the stub's method body.
    ///
    /// The test asks for the suspension with ``suspendCalls()``.
    ///
    /// ```swift
    /// let fetchPageSpy = ThrowingSpy<Int, CatalogPage>()
    /// func fetchPage(_ page: Int) async throws -> CatalogPage {
    ///     try await fetchPageSpy.call(page)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - input: The call's arguments.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - function: The calling stub method, which names a spy created without a name.
    /// - Returns: The configured answer, or the fallback after reporting a failure.
    /// - Throws: The configured error, or the fallback error after reporting a failure.
    @inlinable
    @discardableResult
    public func call(
        _ input: Input,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        function: StaticString = #function
    ) async throws(Failure) -> Output {
        let (recorded, suspension) = record(input, function: function, canWait: true)
        var resolution = recorded
        if let suspension {
            await suspension.hold()
            resolution = withRecords { $0.core.resolve() }
        }
        if case let .result(.success(value)) = resolution { return value }
        return try await answerSlowly(
            resolution, input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Everything but a plain configured value, for asynchronous calls.
    @usableFromInline
    func answerSlowly(_ resolution: Resolution, input: Input, at site: CallSite) async throws(Failure) -> Output {
        try finish(await resolution.awaitedOutcome(for: input), input: input, at: site)
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

extension MethodSpy where Input == Void {
    /// Records a call to a synchronous method without arguments and answers it.
    ///
    /// ```swift
    /// let cachedBooksSpy = Spy<Void, [Book]>(defaultAnswer: [])
    /// func cachedBooks() -> [Book] { cachedBooksSpy.call() }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - function: The calling stub method, which names a spy created without a name.
    /// - Returns: The configured answer, or the fallback after reporting a failure.
    /// - Throws: The configured error, or the fallback error after reporting a failure.
    @inlinable
    @discardableResult
    public func call(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        function: StaticString = #function
    ) throws(Failure) -> Output {
        try call((), fileID: fileID, filePath: filePath, line: line, column: column, function: function)
    }

    /// Records a call to an asynchronous method without arguments and answers it, suspending
    /// first if the test asked for it.
    ///
    /// ```swift
    /// let refreshSpy = ThrowingSpy<Void, [Book]>()
    /// func refresh() async throws -> [Book] { try await refreshSpy.call() }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - function: The calling stub method, which names a spy created without a name.
    /// - Returns: The configured answer, or the fallback after reporting a failure.
    /// - Throws: The configured error, or the fallback error after reporting a failure.
    @inlinable
    @discardableResult
    public func call(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        function: StaticString = #function
    ) async throws(Failure) -> Output {
        try await call((), fileID: fileID, filePath: filePath, line: line, column: column, function: function)
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
