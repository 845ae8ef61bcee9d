import TestSupportCore

extension MethodSpy {
    @usableFromInline
    enum Resolution {
        case result(Result<Output, Failure>)
        case closure(@Sendable (Input) throws -> Output)
        case asyncClosure(@Sendable (Input) async throws -> Output)
        case failed(SpyCallFailure)
    }

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
        var resolution = Resolution.failed(.unconfigured)
        var suspension: CallSuspension?
        var ready: [WaitList.Waiter]?
        // One lock acquisition records the call, its ordinal and the count waiters look at, and
        // picks the answer. The closure returns Void so the generic lock needs no metadata.
        DoublesSpyLock.shared.withLock { ordinal in
            ordinal &+= 1
            recordsPointer.pointee.record(
                input, ordinal: ordinal, caller: function, learnsName: learnsNameFromCaller, canWait: false,
                resolution: &resolution, suspension: &suspension, ready: &ready
            )
        }
        if let ready { WaitList.resume(ready) }
        let heldSynchronously = suspension != nil
        if case let .result(.success(value)) = resolution, !heldSynchronously { return value }
        return try answerSlowly(
            resolution, input: input, heldSynchronously: heldSynchronously,
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
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
        switch resolution {
        case let .result(result):
            return try result.doublesGet()
        case let .closure(body):
            do {
                return try body(input)
            } catch {
                return try castAnswerError(error, input: input, at: site)
            }
        case .asyncClosure:
            return try fail(.asyncAnswerCalledSynchronously, input: input, at: site)
        case let .failed(kind):
            return try fail(kind, input: input, at: site)
        }
    }

    /// Records a call from an asynchronous method and answers it, suspending first if the test
    /// asked for it: the stub's method body.
    ///
    /// The test asks for the suspension with ``suspendCalls()``.
    ///
    /// ```swift
    /// let fetchPageSpy = ThrowingSpy<Int, CatalogPage>()
    /// func fetchPage(_ page: Int) async throws -> CatalogPage { try await fetchPageSpy.call(page) }
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
        var resolution = Resolution.failed(.unconfigured)
        var suspension: CallSuspension?
        var ready: [WaitList.Waiter]?
        DoublesSpyLock.shared.withLock { ordinal in
            ordinal &+= 1
            recordsPointer.pointee.record(
                input, ordinal: ordinal, caller: function, learnsName: learnsNameFromCaller, canWait: true,
                resolution: &resolution, suspension: &suspension, ready: &ready
            )
        }
        if let ready { WaitList.resume(ready) }
        if let suspension {
            await suspension.hold()
            resolution = withRecords { Self.resolve(in: &$0) }
        }
        if case let .result(.success(value)) = resolution { return value }
        return try await answerSlowly(
            resolution, input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Everything but a plain configured value, for asynchronous calls.
    @usableFromInline
    func answerSlowly(_ resolution: Resolution, input: Input, at site: CallSite) async throws(Failure) -> Output {
        switch resolution {
        case let .result(result):
            return try result.doublesGet()
        case let .closure(body):
            do {
                return try body(input)
            } catch {
                return try castAnswerError(error, input: input, at: site)
            }
        case let .asyncClosure(body):
            do {
                return try await body(input)
            } catch {
                return try castAnswerError(error, input: input, at: site)
            }
        case let .failed(kind):
            return try fail(kind, input: input, at: site)
        }
    }

    /// Picks the answer for the call; closures are returned, not run, and failure messages are
    /// written later, outside the lock. Call it under the lock.
    @inlinable
    @inline(__always)
    static func resolve(in records: inout Records) -> Resolution {
        switch records.answer {
        case let .result(result):
            return .result(result)
        case .unconfigured:
            return .failed(.unconfigured)
        case .unimplemented:
            return .failed(.unimplemented)
        case let .closure(body):
            return .closure(body)
        case let .asyncClosure(body):
            return .asyncClosure(body)
        case let .sequence(results, afterLast):
            if let next = SpyAnswerSequence.next(from: results, afterLast: afterLast, answersGiven: &records.answersGiven) {
                return .result(next)
            }
            return .failed(.answersExhausted(callNumber: records.answersGiven, answers: results.count))
        }
    }

    /// Rethrows an error thrown by an answer closure as the spy's `Failure`. The closures are
    /// stored with untyped `throws` (typed-throws function types need iOS 18 / macOS 15 at run
    /// time) but only ever wrap closures that throw `Failure`, so the cast succeeds; anything
    /// else is reported and answered with the fallback rather than trapping.
    @usableFromInline
    func castAnswerError(_ error: any Error, input: Input, at site: CallSite) throws(Failure) -> Output {
        if let typed = error as? Failure { throw typed }
        return try fail(.answerThrewForeignError(String(describing: error)), input: input, at: site)
    }

    /// Reports the failure, then throws the matching ``SpyError`` when the spy throws untyped
    /// errors, and answers with the fallback otherwise.
    @usableFromInline
    func fail(_ failure: SpyCallFailure, input: Input, at site: CallSite) throws(Failure) -> Output {
        try fallback.answer(failure, method: method, input: input, createdInTest: createdInTest, reporter: failures, at: site)
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
    @inlinable
    func doublesGet() throws(Failure) -> Success {
        switch self {
        case let .success(value): return value
        case let .failure(error): throw error
        }
    }
}
