import TestSupportCore

/// A stub made of spies, whose calls can be checked as one ordered record across its methods.
///
/// Conform a stub to it, with nothing to implement: it finds the spies among the stub's stored
/// properties.
///
/// ```swift
/// final class CoverLoaderSpyingStub: CoverLoading, SpyingStub {
///     let loadCoverSpy = CompletionSpy<Book.ID, Result<Data, any Error>>()
///     func loadCover(
///         for id: Book.ID,
///         completion: @escaping (Result<Data, any Error>) -> Void
///     ) {
///         loadCoverSpy.call(id, completion: completion)
///     }
/// }
///
/// let loader = CoverLoaderSpyingStub()
/// CoverPresenter(loader: loader).showCover(for: Book.testValue.id) { _ in }
/// loader.expectInOrder(.call(loader.loadCoverSpy, with: Book.testValue.id))
/// loader.expectNoOtherCalls()
/// ```
///
/// Checks of a stub with main-actor spies run on the main actor; from elsewhere they report
/// that instead of reading the spies.
public protocol SpyingStub: AnyObject {}

extension SpyingStub {
    /// Reports a failure at the caller's line unless the stub's spies were called in this order.
    ///
    /// Other calls may come between them; add
    /// [`expectNoOtherCalls()`](<doc:expectNoOtherCalls(isolation:fileID:filePath:line:column:)>)
    /// to rule them out. The message lists the stub's calls in order, with their arguments.
    ///
    /// ```swift
    /// let loader = CoverLoaderStub()
    /// let presenter = CoverPresenter(loader: loader)
    /// let dune = Book.make { $0.title = "Dune" }
    /// let emma = Book.make { $0.title = "Emma" }
    /// presenter.showCover(for: emma.id) { _ in }
    /// presenter.showCover(for: dune.id) { _ in }
    /// loader.expectInOrder(
    ///     .call(loader.loadCoverSpy, with: dune.id),
    ///     .call(loader.loadCoverSpy, with: emma.id))
    /// // Expected calls on CoverLoaderStub in order
    /// // loadCover(for:completion:) with … → loadCover(for:completion:) with …,
    /// // but loadCover(for:completion:) with … was not called after
    /// // loadCover(for:completion:) with … (call #2).
    /// // Calls on CoverLoaderStub, in order:
    /// //   1. loadCover(for:completion:) with …
    /// //   2. loadCover(for:completion:) with …
    /// ```
    ///
    /// A call that matches is verified, for
    /// [`expectNoOtherCalls()`](<doc:expectNoOtherCalls(isolation:fileID:filePath:line:column:)>).
    ///
    /// - Parameters:
    ///   - calls: The expected calls, first first.
    ///   - isolation: The caller's actor; inferred.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectInOrder(
        _ calls: ExpectedCall...,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let record = StubCallRecord(of: self, isolation: isolation, at: site) else { return }
        guard let message = record.orderViolation(calls) else { return }
        FailureReporter.report(message, at: site)
    }

    /// Reports a failure at the caller's line if the stub recorded a call that no expectation
    /// matched.
    ///
    /// Every successful check of a spy or of the stub marks the calls it matched; a count
    /// (`expectCalled(times:)`) or a whole list (`expectCalls(_:)`) matches every call of its spy.
    /// For a test's end, as Mockito's `verifyNoMoreInteractions`.
    ///
    /// ```swift
    /// let loader = CoverLoaderStub()
    /// let presenter = CoverPresenter(loader: loader)
    /// presenter.showCover(for: Book.testValue.id) { _ in }
    /// presenter.showCover(for: Book.testValue.id) { _ in }
    /// loader.loadCoverSpy.expectCalled(with: Book.testValue.id)
    /// // Passes: expectCalled(with:) matched both calls
    /// loader.expectNoOtherCalls()
    /// ```
    ///
    /// - Parameters:
    ///   - isolation: The caller's actor; inferred.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNoOtherCalls(
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let record = StubCallRecord(of: self, isolation: isolation, at: site) else { return }
        guard let message = record.unverifiedCalls() else { return }
        FailureReporter.report(message, at: site)
    }
}

/// One call a stub is expected to have recorded, in the order a stub's calls are checked.
///
/// For
/// [`expectInOrder(_:)`](<doc:SpyingStub/expectInOrder(_:isolation:fileID:filePath:line:column:)>).
/// Made with `.call(spy)` for any arguments, or `.call(spy, with: …)` for these arguments.
public struct ExpectedCall: Sendable {
    let spy: ObjectIdentifier
    let text: String
    /// The indices of the spy's calls that match, or `nil` when every call does.
    let matching: Set<Int>?

    init(spy: AnyObject, method: String, arguments: String?, matching: Set<Int>?) {
        self.spy = ObjectIdentifier(spy)
        self.text = method + (arguments.map { " with \($0)" } ?? "")
        self.matching = matching
    }

    /// A call whose input satisfies `isMatch`, among the spy's `calls`.
    init<Input>(spy: AnyObject, method: String, arguments: String, calls: [Input], where isMatch: (Input) throws -> Bool) rethrows {
        self.init(spy: spy, method: method, arguments: arguments, matching: try Set(calls.indices.filter { try isMatch(calls[$0]) }))
    }

    /// A call to the spy's method, with any arguments.
    ///
    /// - Parameter spy: The spy of the expected method.
    /// - Returns: The expected call.
    public static func call<Input, Output, Failure>(_ spy: MethodSpy<Input, Output, Failure>) -> ExpectedCall {
        ExpectedCall(spy: spy, method: spy.method, arguments: nil, matching: nil)
    }

    /// A call to the spy's method with this input.
    ///
    /// - Parameters:
    ///   - spy: The spy of the expected method.
    ///   - expected: The call's input.
    /// - Returns: The expected call.
    public static func call<Input: Equatable, Output, Failure>(
        _ spy: MethodSpy<Input, Output, Failure>, with expected: Input
    ) -> ExpectedCall {
        ExpectedCall(spy: spy, method: spy.method, arguments: DoublesValueDiff.describe(expected), calls: spy.calls) { $0 == expected }
    }

    /// A call to the spy's method whose input satisfies a predicate, for inputs that are not
    /// equatable.
    ///
    /// - Parameters:
    ///   - spy: The spy of the expected method.
    ///   - description: What the predicate checks, for the failure message.
    ///   - predicate: Whether a call's input is the expected one.
    /// - Returns: The expected call.
    public static func call<Input, Output, Failure>(
        _ spy: MethodSpy<Input, Output, Failure>, matching description: String, where predicate: (Input) throws -> Bool
    ) rethrows -> ExpectedCall {
        try ExpectedCall(spy: spy, method: spy.method, arguments: description, calls: spy.calls, where: predicate)
    }

    /// A call to the spy's several-argument method with these arguments.
    ///
    /// - Parameters:
    ///   - spy: The spy of the expected method.
    ///   - expected: The call's arguments, in order.
    /// - Returns: The expected call.
    public static func call<each Argument: Equatable & Sendable, Output, Failure>(
        _ spy: MethodSpy<(repeat each Argument), Output, Failure>, with expected: repeat each Argument
    ) -> ExpectedCall {
        let values = DoublesArguments.values(repeat each expected)
        let (list, _, matched) = spy.verification.matches(arguments: values)
        return ExpectedCall(spy: spy, method: spy.method, arguments: values.isEmpty ? nil : list.text, matching: Set(matched))
    }
}
