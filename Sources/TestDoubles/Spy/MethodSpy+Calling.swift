import TestSupportCore

extension MethodSpy {
    enum Resolution {
        case result(Result<Output, Failure>)
        case closure(@Sendable (Input) throws -> Output)
        case asyncClosure(@Sendable (Input) async throws -> Output)
        case failed(FailureKind)
    }

    enum FailureKind {
        case unconfigured
        case unimplemented
        case answersExhausted(callNumber: Int, answers: Int)
        case asyncAnswerCalledSynchronously
        case answerThrewForeignError(String)
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
        let (suspension, resolution) = recordAndResolve(input, canWait: false)
        if suspension != nil {
            failures.report(
                "\(method) was called synchronously while its calls are suspended; only asynchronous calls "
                    + "can be held, so this one was answered at once",
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            )
        }
        switch resolution {
        case let .result(result):
            return try result.doublesGet()
        case let .closure(body):
            do {
                return try body(input)
            } catch {
                return try castAnswerError(error, input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            }
        case .asyncClosure:
            return try fail(.asyncAnswerCalledSynchronously, input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        case let .failed(kind):
            return try fail(kind, input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        case nil:
            return try fail(.unconfigured, input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
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
        var (suspension, resolution) = recordAndResolve(input, canWait: true)
        if let suspension {
            await suspension.hold()
            resolution = resolve(input)
        }
        switch resolution {
        case let .result(result):
            return try result.doublesGet()
        case let .closure(body):
            do {
                return try body(input)
            } catch {
                return try castAnswerError(error, input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            }
        case let .asyncClosure(body):
            do {
                return try await body(input)
            } catch {
                return try castAnswerError(error, input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
            }
        case let .failed(kind):
            return try fail(kind, input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        case nil:
            return try fail(.unconfigured, input: input, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }

    /// Records the call and picks its answer under one acquisition of the lock, and returns the
    /// suspension that holds calls, if any. A call that can wait on it gets no answer yet: it
    /// gets one after the wait, so the test can still change it.
    private func recordAndResolve(_ input: Input, canWait: Bool) -> (CallSuspension?, Resolution?) {
        let ordinal = DoublesCallOrdinal.next()
        let outcome = state.withLock { state -> (CallSuspension?, Resolution?) in
            state.calls.append(RecordedCall(input: input, ordinal: ordinal))
            if let suspension = state.suspension, !suspension.isReleased {
                return (suspension, canWait ? nil : Self.resolve(in: &state))
            }
            return (nil, Self.resolve(in: &state))
        }
        callCounter.increment()
        return outcome
    }

    /// Picks the answer for a call that waited, under the lock.
    private func resolve(_ input: Input) -> Resolution {
        state.withLock { state in Self.resolve(in: &state) }
    }

    /// Picks the answer for the call; closures are returned, not run, and failure messages are
    /// written later, outside the lock. Call it under the lock.
    private static func resolve(in state: inout State) -> Resolution {
        switch state.answer {
        case .unconfigured:
            return .failed(.unconfigured)
        case .unimplemented:
            return .failed(.unimplemented)
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
            return .failed(.answersExhausted(callNumber: index + 1, answers: results.count))
        }
    }

    /// Rethrows an error thrown by an answer closure as the spy's `Failure`. The closures are
    /// stored with untyped `throws` (typed-throws function types need iOS 18 / macOS 15 at run
    /// time) but only ever wrap closures that throw `Failure`, so the cast succeeds; anything
    /// else is reported and answered with the fallback rather than trapping.
    private func castAnswerError(_ error: any Error, input: Input, at site: CallSite) throws(Failure) -> Output {
        if let typed = error as? Failure { throw typed }
        return try fail(.answerThrewForeignError(String(describing: error)), input: input, at: site)
    }

    /// Reports the failure, then throws the matching ``SpyError`` when the spy throws untyped
    /// errors, and answers with the fallback otherwise.
    private func fail(_ kind: FailureKind, input: Input, at site: CallSite) throws(Failure) -> Output {
        let message: String
        let error: SpyError
        switch kind {
        case .unconfigured:
            message = "\(method) was called with \(DoublesValueDiff.describe(input)) but has no answer configured; "
                + "configure one with returns(_:), answers(_:) or throws(_:)"
            error = .noAnswer(method: method)
        case .unimplemented:
            message = "Unimplemented: \(method) was called with \(DoublesValueDiff.describe(input)), "
                + "but this test declared it must not be called"
            error = .unimplemented(method: method)
        case let .answersExhausted(callNumber, answers):
            message = "\(method) was called \(callNumber) times but only \(answers) "
                + "\(answers == 1 ? "answer was" : "answers were") configured (afterLast: .reportFailure)"
            error = .answersExhausted(method: method)
        case .asyncAnswerCalledSynchronously:
            message = "\(method) has an asynchronous answer but was called synchronously; configure it with a "
                + "synchronous closure"
            error = .noAnswer(method: method)
        case let .answerThrewForeignError(thrown):
            message = "\(method)'s answer closure threw \(thrown), which is not a \(Failure.self)"
            error = .noAnswer(method: method)
        }
        switch fallback {
        case let .value(value):
            failures.report(message + (value is Void ? "" : "; returned the fallback \(DoublesValueDiff.describe(value))"), at: site)
            return value
        case let .error(thrown):
            failures.report(message + "; threw \(thrown)", at: site)
            throw thrown
        case let .spyError(makeError):
            failures.report(message + "; threw SpyError.\(error.caseName)", at: site)
            throw makeError(error)
        }
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
