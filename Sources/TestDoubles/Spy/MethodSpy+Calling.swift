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
