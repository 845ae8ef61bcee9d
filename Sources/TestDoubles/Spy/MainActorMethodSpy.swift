import TestSupportCore
import Testing

/// A main-actor spy for one method that does not throw, whose values need not be Sendable.
///
/// ```swift
/// let makeDetailScreenSpy = MainActorSpy<Book, BookDetailScreen>(strictFallback: BookDetailScreen(book: .make(), offersFinish: false))
/// ```
public typealias MainActorSpy<Input, Output> = MainActorMethodSpy<Input, Output, Never>

/// A main-actor spy for one method that can throw any error, whose values need not be Sendable.
///
/// ```swift
/// let showSpy = MainActorThrowingSpy<BookDetailScreen, Void>()
/// ```
public typealias MainActorThrowingSpy<Input, Output> = MainActorMethodSpy<Input, Output, any Error>

/// The method spy of main-actor stubs: it records and answers calls as a method spy does, and
/// holds values that are not Sendable.
///
/// It lives on the main actor, so its inputs and outputs can be coordinators, view controllers
/// and delegates.
///
/// ```swift
/// final class RouterStub: BookDetailRouting {
///     let makeDetailScreenSpy = MainActorSpy<Book, BookDetailScreen>(strictFallback: BookDetailScreen(book: .make(), offersFinish: false))
///     let showSpy = MainActorSpy<BookDetailScreen, Void>()
///     let logOpenSpy = Spy<(Book.ID, Bool), Void>()
///
///     func makeDetailScreen(for book: Book) -> BookDetailScreen { makeDetailScreenSpy.call(book) }
///     func show(_ screen: BookDetailScreen) { showSpy.call(screen) }
///     func logOpen(of id: Book.ID, fromSearch: Bool) { logOpenSpy.call((id, fromSearch)) }
/// }
/// ```
///
/// Answers (``returns(_:)``, ``returns(inOrder:afterLast:fileID:filePath:line:column:)``,
/// ``throws(_:)``, `answers(_:)`), default and strict creation, naming, ``reset()`` and the
/// verifications read exactly as on ``MethodSpy``. Answer closures are main-actor closures and
/// run synchronously; calls cannot be suspended (use ``MethodSpy/suspendCalls()`` for Sendable
/// values), and ``expectInOrder(_:fileID:filePath:line:column:)`` takes ``MethodSpy``s only.
@MainActor
public final class MainActorMethodSpy<Input, Output, Failure: Error> {
    typealias Fallback = SpyFallback<Output, Failure>

    enum Answer {
        case unconfigured
        case unimplemented
        case result(Result<Output, Failure>)
        // Untyped `throws`: typed-throws function types need iOS 18 / macOS 15 at run time.
        case closure((Input) throws -> Output)
        case sequence([Result<Output, Failure>], afterLast: AfterLastAnswer)
    }

    private let explicitName: String?
    private let declaredIn: String
    private let fallback: Fallback
    private let initialAnswer: Answer
    private let createdInTest: String?
    private var answer: Answer
    private var answersGiven = 0
    private var callerFunction: StaticString?
    private var recorded: [Input] = []
    private let callCounter = EventCounter()
    private let failures = OffTaskFailureReporter()

    private init(method: String?, declaredIn: String, fallback: Fallback, initialAnswer: Answer) {
        self.explicitName = method
        self.declaredIn = declaredIn
        self.fallback = fallback
        self.initialAnswer = initialAnswer
        self.answer = initialAnswer
        self.createdInTest = Test.current.map { $0.displayName ?? $0.name }
    }

    /// Creates a spy that answers every call the test has not configured with a default answer,
    /// silently, even after a reset.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - defaultAnswer: What a call returns until the test configures another answer.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, defaultAnswer: Output, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .value(defaultAnswer), initialAnswer: .result(.success(defaultAnswer)))
    }

    /// Creates a strict spy, whose unconfigured calls fail the test and then return the fallback.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - strictFallback: What an unconfigured call returns once the failure is reported.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, strictFallback: Output, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .value(strictFallback), initialAnswer: .unconfigured)
    }

    /// Creates a strict spy for a typed-throws method, whose unconfigured calls fail the test and
    /// then throw the fallback error.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - strictFallbackError: What an unconfigured call throws once the failure is reported.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, strictFallbackError: Failure, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .error(strictFallbackError), initialAnswer: .unconfigured)
    }

    /// A spy for a method the test expects never to be called: every call reports a failure naming
    /// the method, then returns the fallback.
    ///
    /// The failure reads "Unimplemented: …".
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - fallback: What a call returns once the failure is reported.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, fallback: Output, declaredIn member: String = #function) -> MainActorMethodSpy
    {
        MainActorMethodSpy(method: method, declaredIn: member, fallback: .value(fallback), initialAnswer: .unimplemented)
    }

    // MARK: Name and recorded calls

    /// The method's name as failure messages print it.
    ///
    /// The name given at creation, else the stub method that first called the spy, else the
    /// property's name without `Spy`.
    public var method: String {
        if let explicitName { return explicitName }
        if let callerFunction { return "\(callerFunction)" }
        return MethodSpy<Int, Int, Never>.name(declaredIn: declaredIn)
    }

    /// Every call's input, in the order the calls were made.
    public var calls: [Input] { recorded }

    /// How many times the method was called.
    public var callCount: Int { recorded.count }

    /// The input of the most recent call, or nothing if there was none.
    public var lastCall: Input? { recorded.last }

    /// Whether the method was called at least once.
    public var wasCalled: Bool { !recorded.isEmpty }

    // MARK: Calling

    /// Records a call and answers it; the stub's method body.
    ///
    /// ```swift
    /// let showSpy = MainActorSpy<BookDetailScreen, Void>()
    /// func show(_ screen: BookDetailScreen) { showSpy.call(screen) }
    /// ```
    ///
    /// - Parameters:
    ///   - input: The call's arguments.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - function: The calling stub method, which names a spy created without a name.
    /// - Returns: The configured answer, or the fallback after reporting a failure.
    /// - Throws: The configured error, or the fallback error after reporting a failure.
    @discardableResult
    public func call(
        _ input: Input,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        function: StaticString = #function
    ) throws(Failure) -> Output {
        try record(input, function: function, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func record(_ input: Input, function: StaticString, at site: CallSite) throws(Failure) -> Output {
        recorded.append(input)
        if explicitName == nil, !declaredIn.contains("("), callerFunction == nil { callerFunction = function }
        callCounter.increment()
        switch answer {
        case let .result(result):
            return try result.doublesGet()
        case .unconfigured:
            return try fail(.unconfigured, input: input, at: site)
        case .unimplemented:
            return try fail(.unimplemented, input: input, at: site)
        case let .closure(body):
            do {
                return try body(input)
            } catch let error as Failure {
                throw error
            } catch {
                return try fail(.answerThrewForeignError(String(describing: error)), input: input, at: site)
            }
        case let .sequence(results, afterLast):
            if let next = SpyAnswerSequence.next(from: results, afterLast: afterLast, answersGiven: &answersGiven) {
                return try next.doublesGet()
            }
            return try fail(.answersExhausted(callNumber: answersGiven, answers: results.count), input: input, at: site)
        }
    }

    /// Records a call from an asynchronous method and answers it; the stub's method body.
    ///
    /// - Parameters:
    ///   - input: The call's arguments.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - function: The calling stub method, which names a spy created without a name.
    /// - Returns: The configured answer, or the fallback after reporting a failure.
    /// - Throws: The configured error, or the fallback error after reporting a failure.
    @discardableResult
    public func call(
        _ input: Input,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        function: StaticString = #function
    ) async throws(Failure) -> Output {
        try record(input, function: function, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    private func fail(_ failure: SpyCallFailure, input: Input, at site: CallSite) throws(Failure) -> Output {
        try fallback.answer(failure, method: method, input: input, createdInTest: createdInTest, reporter: failures, at: site)
    }

    // MARK: Answers

    /// Answers every call with one value.
    ///
    /// - Parameter value: The value each call returns.
    public func returns(_ value: Output) {
        configure(.result(.success(value)))
    }

    /// Answers calls with values, one per call in order.
    ///
    /// After the last one, `afterLast` decides, as on ``MethodSpy``.
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
        results(inOrder: values.map { .success($0) }, afterLast: afterLast, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers calls with results, one per call in order, each a value or an error.
    ///
    /// After the last one, `afterLast` decides, as on ``MethodSpy``.
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
            SpyAnswerSequence.accepts(results, method: method, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        else { return }
        configure(.sequence(results, afterLast: afterLast))
    }

    /// Answers every call by throwing an error.
    ///
    /// - Parameter error: The error each call throws.
    public func `throws`(_ error: Failure) {
        configure(.result(.failure(error)))
    }

    /// Answers every call by running a closure, on the main actor, with the call's input.
    ///
    /// - Parameter body: Computes the answer from the input.
    public func answers(_ body: @escaping @MainActor (Input) throws(Failure) -> Output) {
        configure(.closure { input in try body(input) })
    }

    /// Makes the spy unimplemented from now on, until the test configures an answer.
    public func makeUnimplemented() {
        configure(.unimplemented)
    }

    /// Forgets every recorded call and keeps the configured answer.
    ///
    /// A sequence of answers goes on where it was; ``reset()`` also forgets answers.
    public func clearCalls() {
        recorded = []
        callCounter.reset()
    }

    /// Forgets every recorded call and configured answer and goes back to how the spy was
    /// created: its default answer, strict, or unimplemented.
    ///
    /// To forget only the calls, use ``clearCalls()``.
    public func reset() {
        recorded = []
        answer = initialAnswer
        answersGiven = 0
        callCounter.reset()
    }

    private func configure(_ newAnswer: Answer) {
        answer = newAnswer
        answersGiven = 0
    }

    // MARK: Verification

    private var callLog: DoublesCallLog<Input> {
        failures.flush()
        return DoublesCallLog(method: method, inputs: recorded)
    }

    /// Reports a failure at the caller's line unless the method was called exactly once.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalledOnce(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        expectCalled(times: 1, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports a failure at the caller's line unless the method was called exactly so many times.
    ///
    /// The message lists the calls seen.
    ///
    /// - Parameters:
    ///   - times: The expected number of calls.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalled(
        times: Int, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard let message = callLog.timesFailure(expected: times) else { return }
        FailureReporter.report(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports a failure at the caller's line if the method was called at all.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNotCalled(
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard let message = callLog.notCalledFailure() else { return }
        FailureReporter.report(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports a failure at the caller's line unless at least one call's input satisfies a
    /// predicate.
    ///
    /// For inputs that are not `Equatable`, such as view controllers.
    ///
    /// ```swift
    /// let router = BookDetailRouterStub()
    /// let dune = Book.make { $0.title = "Dune" }
    /// router.showSpy.expectCalled(matching: "Dune's detail") { $0.book.id == dune.id }
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
        guard let message = try callLog.matchingFailure(description: description, where: predicate) else { return }
        FailureReporter.report(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Waits until the method has been called a number of times in all, and reports a failure if
    /// that does not happen within 5 seconds.
    ///
    /// It resumes the moment the call that reaches `count` is recorded; the failure is reported at
    /// the caller's line.
    ///
    /// - Parameters:
    ///   - count: The number of calls to wait for, counted since creation or ``reset()``.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: `true` when the calls arrived; `false` after reporting a timeout.
    @discardableResult
    public func waitForCalls(
        _ count: Int = 1, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) async -> Bool {
        let timeout = WaitTimeout.standard
        if await callCounter.wait(for: count, timeout: timeout) { return true }
        FailureReporter.report(
            callLog.timeoutFailure(waitingFor: count, timeout: timeout.text),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
        return false
    }
}

extension MainActorMethodSpy where Output == Void {
    /// Creates a spy for a method that returns nothing: it records each call and returns.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, declaredIn member: String = #function) {
        self.init(method, defaultAnswer: (), declaredIn: member)
    }

    /// A spy for a method returning nothing that the test expects never to be called.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, declaredIn member: String = #function) -> MainActorMethodSpy {
        .unimplemented(method, fallback: (), declaredIn: member)
    }
}

extension MainActorMethodSpy where Failure == any Error {
    /// Creates a strict throwing spy: an unconfigured call reports a failure naming the method and
    /// throws.
    ///
    /// It throws ``SpyError/noAnswer(method:)``.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .spyError { $0 }, initialAnswer: .unconfigured)
    }

    /// A throwing spy the test expects never to be called: every call reports a failure naming the
    /// method, then throws.
    ///
    /// The failure reads "Unimplemented: …"; the error is ``SpyError/unimplemented(method:)``.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, declaredIn member: String = #function) -> MainActorMethodSpy {
        MainActorMethodSpy(method: method, declaredIn: member, fallback: .spyError { $0 }, initialAnswer: .unimplemented)
    }
}

extension MainActorMethodSpy where Output == Void, Failure == any Error {
    /// Creates a throwing spy for a method that returns nothing: it records each call and returns
    /// until the test configures an error.
    ///
    /// Configure the error with ``throws(_:)``.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .spyError { $0 }, initialAnswer: .result(.success(())))
    }

    /// A throwing spy for a method returning nothing that the test expects never to be called.
    ///
    /// The failure reads "Unimplemented: …"; the error is ``SpyError/unimplemented(method:)``.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, declaredIn member: String = #function) -> MainActorMethodSpy {
        MainActorMethodSpy(method: method, declaredIn: member, fallback: .spyError { $0 }, initialAnswer: .unimplemented)
    }
}

extension MainActorMethodSpy where Input: Equatable {
    /// Reports a failure at the caller's line unless at least one call had exactly the expected
    /// input.
    ///
    /// The message shows how the closest call differs.
    ///
    /// - Parameters:
    ///   - expected: The input a call must have had.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalled(
        with expected: Input, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard
            let message = callLog.calledWithFailure(
                expected, describe: { DoublesValueDiff.describe($0) }, equal: { $0 == $1 },
                differences: { DoublesValueDiff.differences(expected: $0, actual: $1) }
            )
        else { return }
        FailureReporter.report(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports a failure at the caller's line unless the method was called exactly once, with the
    /// expected input.
    ///
    /// The headline says what was expected.
    ///
    /// - Parameters:
    ///   - expected: The input of the one call.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalledOnce(
        with expected: Input, fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        expectCalls([expected], fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports a failure at the caller's line unless the calls' inputs are exactly the expected
    /// ones, in order.
    ///
    /// The message names each call that differs and how.
    ///
    /// - Parameters:
    ///   - expected: Every expected input, first call first.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectCalls(
        _ expected: [Input], fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        guard
            let message = callLog.callsFailure(
                expected, describe: { DoublesValueDiff.describe($0) }, equal: { $0 == $1 },
                differences: { DoublesValueDiff.differences(expected: $0, actual: $1) }
            )
        else { return }
        FailureReporter.report(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
