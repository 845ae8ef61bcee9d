import TestSupportCore

extension MainActorMethodSpy {
    /// Records a call and answers it; the stub's method body.
    ///
    /// ```swift
    /// let showSpy = MainActorSpy<BookDetailScreen, Void>()
    /// func show(_ screen: BookDetailScreen) { showSpy.call(screen) }
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
    @discardableResult
    public func call(
        _ input: Input, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: StaticString = #function
    ) throws(Failure) -> Output {
        let resolution = record(input, function: function)
        return try finish(
            resolution.outcome(for: input), input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Records a call from an asynchronous method and answers it; the stub's method body.
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
    @discardableResult
    public func call(
        _ input: Input, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column,
        function: StaticString = #function
    ) async throws(Failure) -> Output {
        let resolution = record(input, function: function)
        return try finish(
            resolution.outcome(for: input), input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Records the call, in the order all spies share, and picks its answer.
    func record(_ input: Input, function: StaticString) -> Core.Resolution {
        core.record(input, ordinal: SpyCallOrdinal.next(), caller: function, learnsName: setup.learnsNameFromCaller)
        callCounter.increment()
        return core.resolve()
    }

    func finish(_ outcome: Core.Outcome, input: Input, at site: CallSite) throws(Failure) -> Output {
        try setup.finish(outcome, input: input, method: method, origin: core.origin, reporter: failures, at: site)
    }
}

extension MainActorMethodSpy where Input == Void {
    /// Records a call to a synchronous method without arguments and answers it.
    ///
    /// ```swift
    /// let dismissSpy = MainActorSpy<Void, Void>()
    /// func dismiss() { dismissSpy.call() }
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

    /// Records a call to an asynchronous method without arguments and answers it.
    ///
    /// ```swift
    /// let refreshSpy = MainActorThrowingSpy<Void, [Book]>()
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
