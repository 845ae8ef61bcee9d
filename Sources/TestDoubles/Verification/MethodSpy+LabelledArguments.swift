/// Verification for methods whose arguments are recorded as a labelled tuple, as generated stubs
/// record them (`Spy<(id: Book.ID, fromSearch: Bool), Void>`), so a test reads a call by label
/// (`logOpenSpy.lastCall?.fromSearch`) and still checks it with the values unlabelled.
///
/// A labelled tuple is not the unlabelled tuple of its values, so the checks of
/// `MethodSpy+Arguments` do not apply to it; these take the values as they are and compare their
/// types with the spy's at run time, reporting a mismatch at the caller's line.
extension MethodSpy {
    /// Reports a failure at the caller's line unless some call had exactly these arguments, for
    /// an input that is a labelled tuple.
    ///
    /// ```swift
    /// let logOpenSpy = Spy<(id: Int, fromSearch: Bool), Void>(
    ///     "logOpen(of:fromSearch:)")
    /// await logOpenSpy.call((id: 7, fromSearch: true))
    /// logOpenSpy.expectCalled(with: 7, true)
    /// ```
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
    /// ```swift
    /// let logOpenSpy = Spy<(id: Int, fromSearch: Bool), Void>(
    ///     "logOpen(of:fromSearch:)")
    /// await logOpenSpy.call((id: 7, fromSearch: true))
    /// logOpenSpy.expectCalledOnce(with: 7, true)
    /// ```
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

extension DoublesArguments {
    /// Why a check cannot compare `values` with the calls of a spy that records `Input`, or `nil`
    /// when they are its arguments (a labelled tuple matches the same values unlabelled).
    static func mismatch<Values, Input>(_ values: Values, recorded: Input.Type, by method: String, in check: String) -> String? {
        if values is Input { return nil }
        return "\(check) was given \(Values.self), but \(method) records \(Input.self); "
            + "pass its arguments in order, each of its type"
    }
}

extension ExpectedCall {
    /// A call to the spy's several-argument method with these arguments, for a spy that records
    /// them as a labelled tuple, as generated stubs do.
    ///
    /// ```swift
    /// final class RouterStub: SpyingStub {
    ///     let logOpenSpy = Spy<(id: Int, fromSearch: Bool), Void>(
    ///         "logOpen(of:fromSearch:)")
    /// }
    ///
    /// func expectOpenedFromSearch(_ router: RouterStub) {
    ///     router.expectInOrder(.call(router.logOpenSpy, with: 7, true))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - spy: The spy of the expected method.
    ///   - first: The call's first argument.
    ///   - second: The second argument.
    ///   - rest: The other arguments, in order.
    /// - Returns: The expected call; none of the spy's calls matches it when the values' types are
    ///   not the spy's.
    @_disfavoredOverload
    public static func call<Input, Output, Failure, First: Equatable, Second: Equatable, each Rest: Equatable>(
        _ spy: MethodSpy<Input, Output, Failure>, with first: First, _ second: Second, _ rest: repeat each Rest
    ) -> ExpectedCall {
        let values = DoublesArguments.values(first, second, repeat each rest)
        let (list, _, matched) = spy.verification.matches(arguments: values)
        let isInput = (first, second, repeat each rest) is Input
        return ExpectedCall(spy: spy, method: spy.method, arguments: list.text, matching: isInput ? Set(matched) : [])
    }
}
