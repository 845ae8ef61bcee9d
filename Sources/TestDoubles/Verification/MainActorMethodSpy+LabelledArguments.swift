/// Verification for main-actor methods whose arguments are recorded as a labelled tuple, as on
/// ``MethodSpy``: read a call by label, check it with the values unlabelled.
extension MainActorMethodSpy {
    /// Reports a failure at the caller's line unless some call had exactly these arguments, for
    /// an input that is a labelled tuple.
    ///
    /// - Parameters:
    ///   - first: The first argument a call must have had.
    ///   - second: The second argument.
    ///   - rest: The other arguments, in order.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    @_disfavoredOverload
    public func expectCalled<First: Equatable, Second: Equatable, each Rest: Equatable>(
        with first: First,
        _ second: Second,
        _ rest: repeat each Rest,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let values = DoublesArguments.values(first, second, repeat each rest)
        verify(fileID: fileID, filePath: filePath, line: line, column: column) {
            DoublesArguments.mismatch((first, second, repeat each rest), recorded: Input.self, by: $0.method, in: "expectCalled(with:)")
                ?? $0.called(withArguments: values)
        }
    }

    /// Reports a failure at the caller's line unless the method was called once, with these
    /// arguments, for an input that is a labelled tuple.
    ///
    /// - Parameters:
    ///   - first: The first argument of the one call.
    ///   - second: The second argument.
    ///   - rest: The other arguments, in order.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    @_disfavoredOverload
    public func expectCalledOnce<First: Equatable, Second: Equatable, each Rest: Equatable>(
        with first: First,
        _ second: Second,
        _ rest: repeat each Rest,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let values = DoublesArguments.values(first, second, repeat each rest)
        verify(fileID: fileID, filePath: filePath, line: line, column: column) {
            DoublesArguments.mismatch((first, second, repeat each rest), recorded: Input.self, by: $0.method, in: "expectCalledOnce(with:)")
                ?? $0.calls(withArguments: [values], count: values.count)
        }
    }
}
