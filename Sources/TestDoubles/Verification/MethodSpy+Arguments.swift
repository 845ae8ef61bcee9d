import TestSupportCore

/// Verification for methods with several arguments, declared as a tuple of `Equatable` values:
/// `Spy<(Route, Bool), Void>` for `navigate(to:animated:)`. Failure messages name each
/// argument by the method's labels: `animated: expected true, got false`.
extension MethodSpy {
    /// Reports a failure at the caller's line unless some call had exactly these arguments, for
    /// an input that is a tuple of them.
    ///
    /// The message shows how the closest call differs, argument by argument.
    ///
    /// ```swift
    /// let router = BookDetailRouterStub()
    /// let dune = Book.make { $0.title = "Dune" }
    /// router.logOpenSpy.expectCalled(with: dune.id, true)
    /// ```
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
    /// The headline says what was expected; each differing argument is named by its label.
    ///
    /// ```swift
    /// let router = BookDetailRouterStub()
    /// let dune = Book.make { $0.title = "Dune" }
    /// router.logOpenSpy.expectCalledOnce(with: dune.id, true)
    /// // Expected logOpen(of:fromSearch:) to be called once with
    /// // (of: …, fromSearch: true),
    /// // but it was called with (of: …, fromSearch: false)
    /// //   call #1 differs:
    /// //     fromSearch: expected true, got false
    /// ```
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
    /// ```swift
    /// let router = BookDetailRouterStub()
    /// let dune = Book.make { $0.title = "Dune" }
    /// router.logOpenSpy.expectCalls([(dune.id, false), (dune.id, true)])
    /// ```
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
