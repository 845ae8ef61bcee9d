import TestSupportCore

/// A spy for a method that answers through a completion handler instead of a return value.
///
/// Such as `load(id:completion:)`. Written `CompletionSpy<Input, Value>`, where `Value` is what
/// the handler receives.
///
/// ```swift
/// let loadSpy = CompletionSpy<Int, Result<Book, any Error>>()
/// func load(
///     id: Int, completion: @escaping (Result<Book, any Error>) -> Void
/// ) {
///     loadSpy.call(id, completion: completion)
/// }
/// ```
///
/// A configured answer (`returns(.success(book))`, `returns(inOrder:)`, `answers(_:)`) completes
/// each call at once. To complete calls from the test instead, hold them with
/// [`holdCompletions(allowingPendingAtEnd:)`](<doc:MethodSpy/holdCompletions(allowingPendingAtEnd:fileID:filePath:line:column:)>)
/// and complete
/// each with
/// [`completeLast(with:)`](<doc:MethodSpy/completeLast(with:fileID:filePath:line:column:)>).
/// A call with neither
/// fails the test at once, naming the method, and its handler is held: the code waiting for it
/// cannot go on, and the message says why while it waits.
public typealias CompletionSpy<Input: Sendable, Value: Sendable> = MethodSpy<Input, Value?, Never>

extension MethodSpy where Failure == Never {
    /// Creates a strict spy for a method with a completion handler: a call with no answer
    /// configured fails the test at once.
    ///
    /// ```swift
    /// let loadSpy = CompletionSpy<Int, Result<Book, any Error>>()
    /// ```
    ///
    /// A call made with `call(_:)` instead of `call(_:completion:)` fails the test and returns
    /// `nil`.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init<Value>(_ method: String? = nil, declaredIn member: String = #function) where Output == Value? {
        self.init(method: method, declaredIn: member, fallback: .value(nil), initialAnswer: .unconfigured)
    }

    /// Records a call and its completion handler, and keeps the handler until the test completes it.
    ///
    /// The stub's method body. With an answer configured, the handler is called at once with it.
    ///
    /// ```swift
    /// let loadSpy = CompletionSpy<Int, Result<Book, any Error>>()
    /// func load(
    ///     id: Int, completion: @escaping (Result<Book, any Error>) -> Void
    /// ) {
    ///     loadSpy.call(id, completion: completion)
    /// }
    /// ```
    ///
    /// The handler need not be `@Sendable`: the code under test hands it over as it would to the
    /// real service, and it is called by whoever completes it, a test's
    /// [`completeLast(with:)`](<doc:completeLast(with:fileID:filePath:line:column:)>)
    /// or this call with a configured answer.
    ///
    /// - Parameters:
    ///   - input: The call's arguments, without the handler.
    ///   - completion: The call's completion handler.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - function: The calling stub method, which names a spy created without a name.
    public func call<Value>(
        _ input: Input,
        completion: @escaping (Value) -> Void,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        function: StaticString = #function
    ) where Output == Value? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let resolution = recordUnannounced(input, function: function)
        // Counted last: a test that waits for this call finds its handler held and its report made.
        defer { announceCall() }
        switch resolution {
        case .hold:
            break
        case let .failed(.unconfigured(callNumber)):
            let (method, origin) = withRecords { ($0.core.method(named: setup.explicitName, declaredIn: setup.declaredIn), $0.core.origin) }
            setup.reportUnansweredCompletion(
                input: input, callNumber: callNumber, method: method, origin: origin, reporter: failures, at: site)
        default:
            if let answer = answerSlowly(resolution, input: input, heldSynchronously: false, at: site) {
                completion(answer)
                return
            }
            if case .failed = resolution {
            } else {  // a failed answer was reported with its fallback
                let (method, origin) = withRecords {
                    ($0.core.method(named: setup.explicitName, declaredIn: setup.declaredIn), $0.core.origin)
                }
                setup.reportNilCompletion(method: method, origin: origin, reporter: failures, at: site)
            }
        }
        withRecords {
            $0.core.hold(HeldCompletion(completion), method: $0.core.method(named: setup.explicitName, declaredIn: setup.declaredIn))
        }
    }

    /// Calls the completion handler of the most recent call still waiting for one, with a value.
    ///
    /// ```swift
    /// let loader = CoverLoaderStub()
    /// let done = CompletionRecorder<CoverState>()
    /// CoverPresenter(loader: loader)
    ///     .showCover(for: Book.testValue.id, completion: done.handler)
    /// loader.loadCoverSpy.completeLast(with: .success(Data([0xFF, 0xD8])))
    /// ```
    ///
    /// It reports a failure at the caller's line, naming the method and its calls, when no call
    /// is waiting. Each handler is called once.
    ///
    /// - Parameters:
    ///   - value: What the handler receives.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func completeLast<Value>(
        with value: Value,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where Output == Value? {
        failures.flush()
        let (held, callCount) = withRecords { records in (records.core.takeLastHeld(), records.core.calls.count) }
        guard let held else {
            FailureReporter.report(
                DoublesCallLog<Void>.nothingWaitingFailure(method: method, callCount: callCount),
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            )
            return
        }
        held.complete(value)
    }

    /// Holds each call's completion handler from now on, for the test to complete itself.
    ///
    /// Complete a held handler with
    /// [`completeLast(with:)`](<doc:completeLast(with:fileID:filePath:line:column:)>).
    ///
    /// For a test that looks at the code under test while a call is in flight, or completes calls
    /// in an order of its own:
    ///
    /// ```swift
    /// let loader = CoverLoaderStub()
    /// loader.loadCoverSpy.holdCompletions()
    /// let done = CompletionRecorder<CoverState>()
    /// CoverPresenter(loader: loader)
    ///     .showCover(for: Book.testValue.id, completion: done.handler)
    /// loader.loadCoverSpy.completeLast(with: .success(Data([0xFF, 0xD8])))
    /// ```
    ///
    /// A handler still held when the test ends fails the test at this line: in XCTest at the
    /// test's teardown, in Swift Testing with the `.endOfTestChecks` trait. A configured answer
    /// ends the hold; ``reset()`` goes back to a strict spy.
    ///
    /// - Parameters:
    ///   - allowingPendingAtEnd: Whether the test leaves handlers held on purpose, so its end
    ///     does not check them.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func holdCompletions<Value>(
        allowingPendingAtEnd: Bool = false,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) where Output == Value? {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let check = withRecords { records in
            records.core.holdCompletions(
                allowingPending: allowingPendingAtEnd,
                method: records.core.method(named: setup.explicitName, declaredIn: setup.declaredIn), at: site)
        }
        check?.registerWithRunningTest()
    }

    /// How many calls wait for the test to complete their handlers.
    public var waitingCompletionCount: Int { withRecords { $0.core.heldCompletions.count } }
}

extension MethodSpy {
    /// Reports the calls this spy cannot answer at the place where the test created its stub,
    /// naming the stub, instead of at the stub's own line.
    ///
    /// A generated stub calls it for each spy from its initializer; see ``StubOrigin``.
    ///
    /// - Parameter origin: Where the stub was created, and whether it was generated.
    public func reportsUnansweredCalls(at origin: StubOrigin) {
        withRecords { $0.core.origin = origin }
    }
}
