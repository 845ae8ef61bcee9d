import TestSupportCore

extension MethodSpy {
    /// Reports a failure at the caller's line unless the method was called exactly once.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// repository.fetchPageSpy.expectCalledOnce()
    /// // Expected fetchPage(_:) to be called once, but it was called 2 times:
    /// //   #1 1
    /// //   #2 2
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalledOnce(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expectCalled(times: 1, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports a failure at the caller's line unless the method was called exactly so many times.
    ///
    /// The message lists the calls seen.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// repository.saveSpy.expectCalled(times: 2)
    /// ```
    ///
    /// - Parameters:
    ///   - times: The expected number of calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalled(
        times: Int,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        verify(fileID: fileID, filePath: filePath, line: line, column: column) { $0.times(times) }
    }

    /// Reports a failure at the caller's line if the method was called at all.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// repository.saveSpy.expectNotCalled()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNotCalled(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        verify(fileID: fileID, filePath: filePath, line: line, column: column) { $0.notCalled() }
    }

    /// Reports a failure at the caller's line unless at least one call's input satisfies a
    /// predicate.
    ///
    /// For inputs that are not `Equatable`, such as tuples.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// let book = Book.testValue
    /// repository.saveSpy.expectCalled(matching: "the book, finished") {
    ///     $0.id == book.id && $0.status == .finished
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

    /// The spy's checks, run on its core in the spy's isolation.
    var verification: SpyVerification<Input, Output, Failure> {
        SpyVerification(method: method) { body in self.withRecords { body(&$0.core) } }
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
}

extension MethodSpy where Input: Equatable {
    /// Reports a failure at the caller's line unless at least one call had exactly the expected
    /// input.
    ///
    /// The message shows, property by property, how the closest call differs.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// let finishedBook = Book.make(\.status, .finished)
    /// repository.saveSpy.expectCalled(with: finishedBook)
    /// // Expected save(_:) to be called with Book(…), but its 1 call had other
    /// // arguments:
    /// //   #1 Book(…)
    /// // Call #1 differs:
    /// //     status: expected ReadingStatus.finished, got ReadingStatus.reading
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The input a call must have had.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalled(
        with expected: Input,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        verify(fileID: fileID, filePath: filePath, line: line, column: column) { check in
            check.called(with: expected, equal: { $0 == $1 })
        }
    }

    /// Reports a failure at the caller's line unless the method was called exactly once, with the
    /// expected input.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// repository.fetchPageSpy.expectCalledOnce(with: 1)
    /// ```
    ///
    /// - Parameters:
    ///   - expected: The input of the one call.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalledOnce(
        with expected: Input,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expectCalls([expected], fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports a failure at the caller's line unless the calls' inputs are exactly the expected
    /// ones, in order.
    ///
    /// The message names each call that differs and how.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// repository.fetchPageSpy.expectCalls([1, 2, 3])
    /// ```
    ///
    /// - Parameters:
    ///   - expected: Every expected input, first call first.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalls(
        _ expected: [Input],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        verify(fileID: fileID, filePath: filePath, line: line, column: column) { check in check.calls(expected, equal: { $0 == $1 }) }
    }
}
