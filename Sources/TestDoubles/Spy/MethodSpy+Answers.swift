import TestSupportCore

extension MethodSpy {
    /// Answers every call with one value.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// let dune = Book.make { $0.title = "Dune" }
    /// repository.cachedBooksSpy.returns([dune])
    /// ```
    ///
    /// - Parameter value: The value each call returns.
    public func returns(_ value: Output) {
        configure(.result(.success(value)))
    }

    /// Answers calls with values, one per call in order.
    ///
    /// After the last one, `afterLast` decides: by default the last value repeats
    /// (`a, b, b, b, …`); `.reportFailure` reports a failure naming the method and returns or
    /// throws the fallback.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// let firstPage = CatalogPage(books: [.testValue], nextPage: 2)
    /// let lastPage = firstPage.with(\.nextPage, nil)
    /// repository.fetchPageSpy.returns(inOrder: [firstPage, lastPage])
    /// ```
    ///
    /// - Parameters:
    ///   - values: The answers, first call first. An empty list is reported as a mistake.
    ///   - afterLast: What calls after the last answer get.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func returns(
        inOrder values: [Output],
        afterLast: AfterLastAnswer = .repeatLast,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        results(
            inOrder: values.map { .success($0) }, afterLast: afterLast,
            fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// Answers calls with results, one per call in order, each either a value or an error.
    ///
    /// For "fails once, then succeeds". After the last one, `afterLast` decides, as in
    /// [`returns(inOrder:afterLast:)`](<doc:returns(inOrder:afterLast:fileID:filePath:line:column:)>).
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// let page = CatalogPage(books: [.testValue], nextPage: nil)
    /// repository.fetchPageSpy.results(
    ///     inOrder: [.failure(URLError(.timedOut)), .success(page)])
    /// ```
    ///
    /// - Parameters:
    ///   - results: The answers, first call first. An empty list is reported as a mistake.
    ///   - afterLast: What calls after the last answer get.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func results(
        inOrder results: [Result<Output, Failure>],
        afterLast: AfterLastAnswer = .repeatLast,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        guard
            Core.accepts(results, method: method, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        else { return }
        configure(.sequence(results, afterLast: afterLast))
    }

    /// Answers every call by throwing an error.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// repository.fetchPageSpy.throws(URLError(.notConnectedToInternet))
    /// ```
    ///
    /// - Parameter error: The error each call throws.
    public func `throws`(_ error: Failure) {
        configure(.result(.failure(error)))
    }

    /// Answers every call by running a closure, which may throw, with the call's input.
    ///
    /// It runs once the call is recorded, outside the spy's records, so it may call the spy (or
    /// anything else) again.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// repository.fetchPageSpy.answers { page in
    ///     CatalogPage(books: [], nextPage: page + 1)
    /// }
    /// ```
    ///
    /// - Parameter body: Computes the answer from the input.
    public func answers(_ body: @escaping @Sendable (Input) throws(Failure) -> Output) {
        configure(.closure { input in try body(input) })
    }

    /// Answers every asynchronous call by running an asynchronous closure with the call's input.
    ///
    /// A synchronous call cannot await `body`: it reports a failure and gets the fallback.
    ///
    /// - Parameter body: Computes the answer from the input.
    public func answers(_ body: @escaping @Sendable (Input) async throws(Failure) -> Output) {
        configure(.asyncClosure { input in try await body(input) })
    }

    /// Makes the spy unimplemented from now on, until the test configures an answer.
    ///
    /// Every call reports "Unimplemented: …" naming the method. For a stub whose spies are created
    /// as ordinary ones, in a test that must not touch this method.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// let viewModel = BookListViewModel(repository: repository)
    /// repository.saveSpy.makeUnimplemented()
    /// await viewModel.load()          // fails the test if load() saves anything
    /// ```
    ///
    /// ``reset()`` goes back to how the spy was created.
    public func makeUnimplemented() {
        withRecords { $0.core.configure(.unimplemented) }
    }

    /// Holds every asynchronous call that arrives from now on until the returned suspension is
    /// released.
    ///
    /// See ``CallSuspension``.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// let viewModel = BookListViewModel(repository: repository)
    /// let fetch = repository.fetchPageSpy.suspendCalls()
    /// let load = Task { await viewModel.load() }
    /// await fetch.waitUntilSuspended()
    /// #expect(viewModel.isLoading)
    /// fetch.release()
    /// await load.value
    /// ```
    ///
    /// Calling it again releases the previous suspension and starts a new one.
    ///
    /// - Returns: The suspension to wait on and release.
    @discardableResult
    public func suspendCalls() -> CallSuspension {
        let suspension = CallSuspension(method: method)
        let previous = withRecords { records -> CallSuspension? in
            let previous = records.suspension
            records.suspension = suspension
            return previous
        }
        previous?.release()
        return suspension
    }

    private func configure(_ answer: Answer) {
        withRecords { $0.core.configure(answer) }
    }
}
