import TestSupportCore

extension MethodSpy {
    enum Resolution {
        case result(Result<Output, Failure>)
        case closure(@Sendable (Input) throws(Failure) -> Output)
        case asyncClosure(@Sendable (Input) async throws(Failure) -> Output)
        case failed(String, SpyError)
    }

    /// Records a call from a synchronous method and answers it; the stub's method body.
    ///
    /// ```swift
    /// func cachedBooks() -> [Book] { cachedBooksSpy.call() }
    /// func validate(_ book: Book) throws { try validate.call(book) }
    /// ```
    ///
    /// - Parameters:
    ///   - input: The call's arguments.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The configured answer, or the fallback after reporting a failure.
    /// - Throws: The configured error, or the fallback error after reporting a failure.
    @discardableResult
    public func call(
        _ input: Input,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws(Failure) -> Output {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if let suspension = record(input), !suspension.isReleased {
            failures.report(
                "\(method) was called synchronously while its calls are suspended; only asynchronous calls "
                    + "can be held, so this one was answered at once",
                at: site
            )
        }
        switch resolve(input) {
        case let .result(result):
            return try result.doublesGet()
        case let .closure(body):
            return try body(input)
        case .asyncClosure:
            return try fail(
                "\(method) has an asynchronous answer but was called synchronously; configure it with a "
                    + "synchronous closure",
                throwing: .noAnswer(method: method),
                at: site
            )
        case let .failed(message, error):
            return try fail(message, throwing: error, at: site)
        }
    }

    /// Records a call from an asynchronous method and answers it, suspending first if the test
    /// asked for it with ``suspendCalls()``; the stub's method body.
    ///
    /// ```swift
    /// func fetchPage(_ page: Int) async throws -> CatalogPage { try await fetchPageSpy.call(page) }
    /// ```
    ///
    /// - Parameters:
    ///   - input: The call's arguments.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The configured answer, or the fallback after reporting a failure.
    /// - Throws: The configured error, or the fallback error after reporting a failure.
    @discardableResult
    public func call(
        _ input: Input,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws(Failure) -> Output {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        if let suspension = record(input) {
            await suspension.hold()
        }
        switch resolve(input) {
        case let .result(result):
            return try result.doublesGet()
        case let .closure(body):
            return try body(input)
        case let .asyncClosure(body):
            return try await body(input)
        case let .failed(message, error):
            return try fail(message, throwing: error, at: site)
        }
    }

    /// Records the call and returns the suspension it must wait on, if any.
    private func record(_ input: Input) -> CallSuspension? {
        let ordinal = DoublesCallOrdinal.next()
        let suspension = state.withLock { state -> CallSuspension? in
            state.calls.append(RecordedCall(input: input, ordinal: ordinal))
            return state.suspension
        }
        callCounter.increment()
        return suspension
    }

    /// Picks the answer for the call, under the lock; closures are returned, not run.
    private func resolve(_ input: Input) -> Resolution {
        state.withLock { state -> Resolution in
            switch state.answer {
            case .unconfigured:
                return .failed(
                    "\(method) was called with \(DoublesValueDiff.describe(input)) but has no answer configured; "
                        + "configure one with returns(_:), answers(_:) or throws(_:)",
                    .noAnswer(method: method)
                )
            case .unimplemented:
                return .failed(
                    "Unimplemented: \(method) was called with \(DoublesValueDiff.describe(input)), "
                        + "but this test declared it must not be called",
                    .unimplemented(method: method)
                )
            case let .result(result):
                return .result(result)
            case let .closure(body):
                return .closure(body)
            case let .asyncClosure(body):
                return .asyncClosure(body)
            case let .sequence(results, afterLast):
                let index = state.answersGiven
                state.answersGiven += 1
                if index < results.count { return .result(results[index]) }
                if afterLast == .repeatLast, let last = results.last { return .result(last) }
                return .failed(
                    "\(method) was called \(index + 1) times but only \(results.count) "
                        + "\(results.count == 1 ? "answer was" : "answers were") configured "
                        + "(afterLast: .reportFailure)",
                    .answersExhausted(method: method)
                )
            }
        }
    }

    /// Reports `message`, then throws `error` when the spy throws untyped errors, and answers
    /// with the fallback otherwise.
    private func fail(_ message: String, throwing error: SpyError, at site: CallSite) throws(Failure) -> Output {
        if let thrown = error as? Failure {
            failures.report(message + "; threw SpyError.\(error.caseName)", at: site)
            throw thrown
        }
        let outcome: String
        switch fallback {
        case let .value(value):
            outcome = value is Void ? "" : "; returned the fallback \(DoublesValueDiff.describe(value))"
        case let .error(error):
            outcome = "; threw \(error)"
        }
        failures.report(message + outcome, at: site)
        return try fallback.result.doublesGet()
    }
}

extension MethodSpy where Input == Void {
    /// Records a call to a synchronous method without arguments and answers it.
    ///
    /// ```swift
    /// func cachedBooks() -> [Book] { cachedBooksSpy.call() }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The configured answer, or the fallback after reporting a failure.
    /// - Throws: The configured error, or the fallback error after reporting a failure.
    @discardableResult
    public func call(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) throws(Failure) -> Output {
        try call((), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Records a call to an asynchronous method without arguments and answers it, suspending
    /// first if the test asked for it.
    ///
    /// ```swift
    /// func refresh() async throws -> [Book] { try await refresh.call() }
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The configured answer, or the fallback after reporting a failure.
    /// - Throws: The configured error, or the fallback error after reporting a failure.
    @discardableResult
    public func call(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async throws(Failure) -> Output {
        try await call((), fileID: fileID, filePath: filePath, line: line, column: column)
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
