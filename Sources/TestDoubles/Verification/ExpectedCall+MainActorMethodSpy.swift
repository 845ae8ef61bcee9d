import TestSupportCore

extension ExpectedCall {
    /// A call to the main-actor spy's method, with any arguments.
    ///
    /// - Parameter spy: The spy of the expected method.
    /// - Returns: The expected call.
    @MainActor
    public static func call<Input, Output, Failure>(_ spy: MainActorMethodSpy<Input, Output, Failure>) -> ExpectedCall {
        ExpectedCall(spy: spy, method: spy.method, arguments: nil, matching: nil)
    }

    /// A call to the main-actor spy's method whose input satisfies a predicate, for inputs that
    /// are not equatable.
    ///
    /// - Parameters:
    ///   - spy: The spy of the expected method.
    ///   - description: What the predicate checks, for the failure message.
    ///   - predicate: Whether a call's input is the expected one.
    /// - Returns: The expected call.
    @MainActor
    public static func call<Input, Output, Failure>(
        _ spy: MainActorMethodSpy<Input, Output, Failure>, matching description: String, where predicate: (Input) throws -> Bool
    ) rethrows -> ExpectedCall {
        try ExpectedCall(spy: spy, method: spy.method, arguments: description, calls: spy.calls, where: predicate)
    }

    /// A call to the main-actor spy's method with this input.
    ///
    /// - Parameters:
    ///   - spy: The spy of the expected method.
    ///   - expected: The call's input.
    /// - Returns: The expected call.
    @MainActor
    public static func call<Input: Equatable, Output, Failure>(
        _ spy: MainActorMethodSpy<Input, Output, Failure>, with expected: Input
    ) -> ExpectedCall {
        ExpectedCall(spy: spy, method: spy.method, arguments: DoublesValueDiff.describe(expected), calls: spy.calls) { $0 == expected }
    }
}
