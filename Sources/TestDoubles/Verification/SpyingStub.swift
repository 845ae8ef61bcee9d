import TestSupportCore

/// A stub made of spies, whose calls can be checked as one ordered record across its methods.
///
/// Conform a stub to it, with nothing to implement: it finds the spies among the stub's stored
/// properties.
///
/// ```swift
/// final class CatalogFetchingStub: CatalogFetching, SpyingStub {
///     let fetchPageSpy = ThrowingSpy<Int, CatalogPage>()
///     let saveSpy = ThrowingSpy<Book, Void>()
///     func fetchPage(_ page: Int) async throws -> CatalogPage { try await fetchPageSpy.call(page) }
///     func save(_ book: Book) async throws { try await saveSpy.call(book) }
/// }
///
/// catalog.expectInOrder(.call(catalog.fetchPageSpy, with: 1), .call(catalog.saveSpy))
/// catalog.expectNoOtherCalls()
/// ```
///
/// Checks of a stub with main-actor spies run on the main actor; from elsewhere they report
/// that instead of reading the spies.
public protocol SpyingStub: AnyObject {}

extension SpyingStub {
    /// Reports a failure at the caller's line unless the stub's spies were called in this order.
    ///
    /// Other calls may come between them; add ``expectNoOtherCalls(isolation:fileID:filePath:line:column:)``
    /// to rule them out. The message lists the stub's calls in order, with their arguments.
    ///
    /// ```swift
    /// let handler = EventHandlerStub()
    /// handler.expectInOrder(.call(handler.didConnectSpy), .call(handler.didReceiveSpy, with: "hello"))
    /// // Expected calls on EventHandlerStub in order didConnect() → didReceive(_:) with "hello",
    /// // but didReceive(_:) with "hello" was not called after didConnect() (call #1).
    /// // Calls on EventHandlerStub, in order:
    /// //   1. didConnect() with no arguments
    /// //   2. didReceive(_:) with "bye"
    /// ```
    ///
    /// A call that matches is verified, for ``expectNoOtherCalls(isolation:fileID:filePath:line:column:)``.
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
        guard let record = StubCallRecord(of: self, onMainActor: StubCallRecord.isMainActor(isolation), at: site) else { return }
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
    /// let repository = BookRepositoryStub()
    /// repository.fetchPageSpy.expectCalledOnce(with: 1)
    /// repository.expectNoOtherCalls()
    /// // Expected no other calls on BookRepositoryStub, but 1 of its 2 calls matched no expectation:
    /// //   1. fetchPage(_:) with 1
    /// //   2. save(_:) with Book(…)   ← not verified
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
        guard let record = StubCallRecord(of: self, onMainActor: StubCallRecord.isMainActor(isolation), at: site) else { return }
        guard let message = record.unverifiedCalls() else { return }
        FailureReporter.report(message, at: site)
    }
}

/// One call a stub is expected to have recorded, for ``SpyingStub/expectInOrder(_:isolation:fileID:filePath:line:column:)``.
///
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
        let matching = spy.withRecords { records in
            Set(records.core.calls.indices.filter { records.core.calls[$0].input == expected })
        }
        return ExpectedCall(spy: spy, method: spy.method, arguments: DoublesValueDiff.describe(expected), matching: matching)
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
        var values: [Any] = []
        for argument in repeat each expected { values.append(argument) }
        let list = DoublesArgumentList(values: values, labels: DoublesArguments.labels(of: spy.method, count: values.count))
        let calls = spy.calls
        let matching = Set(
            calls.indices.filter { DoublesArgumentList(recorded: calls[$0], count: values.count, labels: list.labels) == list })
        return ExpectedCall(spy: spy, method: spy.method, arguments: values.isEmpty ? nil : list.text, matching: matching)
    }
}
