import TestSupportCore

/// A non-throwing spy for one method: `Spy<Input, Output>`.
///
/// ```swift
/// let cachedBooksSpy = Spy<Void, [Book]>("cachedBooks()", fallback: [])
/// func cachedBooks() -> [Book] { cachedBooksSpy.call() }
/// ```
public typealias Spy<Input: Sendable, Output: Sendable> = MethodSpy<Input, Output, Never>

/// A spy for one method that can throw any error: `ThrowingSpy<Input, Output>`.
///
/// ```swift
/// let fetchPageSpy = ThrowingSpy<Int, CatalogPage>("fetchPage(_:)")
/// func fetchPage(_ page: Int) async throws -> CatalogPage { try await fetchPageSpy.call(page) }
/// ```
public typealias ThrowingSpy<Input: Sendable, Output: Sendable> = MethodSpy<Input, Output, any Error>

/// Records the calls to one method of a protocol stub and answers them the way the test
/// configured: the building block of a hand-written stub, one spy per method.
///
/// Use the aliases: ``Spy`` for a method that does not throw, ``ThrowingSpy`` for one that
/// throws, or `MethodSpy<Input, Output, MyError>` for a method with typed throws. Pass several
/// arguments as a tuple or a small struct; `Void` when there are none.
///
/// ```swift
/// final class BookRepositoryStub: BookRepository {
///     let fetchPageSpy = ThrowingSpy<Int, CatalogPage>("fetchPage(_:)")
///     func fetchPage(_ page: Int) async throws -> CatalogPage { try await fetchPageSpy.call(page) }
/// }
///
/// @Test func loadsFirstPage() async throws {
///     let repository = BookRepositoryStub()
///     repository.fetchPageSpy.returns(CatalogPage(books: [], nextPage: nil))
///     _ = try await repository.fetchPage(1)
///     repository.fetchPageSpy.expectCalledOnce(with: 1)
/// }
/// ```
///
/// Every call is recorded, in order and thread-safely, before it is answered: see ``calls``,
/// ``callCount`` and ``lastCall``. Answers: ``returns(_:)``, ``returns(inOrder:afterLast:)``,
/// ``results(inOrder:afterLast:)``, ``answers(_:)-(@Sendable(Input)throws(Failure)->Output)``
/// and ``throws(_:)``; an asynchronous call can also be held with ``suspendCalls()`` so a test
/// can look at the state of the code under test while the call is in flight.
///
/// A call with no configured answer reports a failure naming the method, then throws or
/// returns the spy's declared fallback. It never crashes. Closures the test configures run
/// outside the spy's lock, so a closure may call the spy again.
///
/// The spy is `Sendable`, so stubs of `@MainActor`, actor-constrained and `Sendable` protocols
/// can hold it in a `let`.
public final class MethodSpy<Input: Sendable, Output: Sendable, Failure: Error>: Sendable {
    /// What an unanswerable call (unconfigured, unimplemented, out of answers) gives back after
    /// the failure is reported.
    enum Fallback: Sendable {
        /// The value the test declared.
        case value(Output)
        /// The error the test declared.
        case error(Failure)
        /// The ``SpyError`` naming what went wrong, for spies that throw untyped errors.
        case spyError(@Sendable (SpyError) -> Failure)
    }

    enum Answer: Sendable {
        case unconfigured
        case unimplemented
        case result(Result<Output, Failure>)
        // Untyped `throws`: typed-throws function types need iOS 18 / macOS 15 metadata at run
        // time. `answers(_:)` only stores closures that throw `Failure`; see `castAnswerError`.
        case closure(@Sendable (Input) throws -> Output)
        case asyncClosure(@Sendable (Input) async throws -> Output)
        case sequence([Result<Output, Failure>], afterLast: AfterLastAnswer)
    }

    struct RecordedCall: Sendable {
        let input: Input
        let ordinal: UInt64
    }

    struct State: Sendable {
        var calls: [RecordedCall] = []
        var answer: Answer
        var answersGiven = 0
        var suspension: CallSuspension?
    }

    /// The method's name as failure messages print it, such as `fetchPage(_:)`.
    public let method: String

    let fallback: Fallback
    let initialAnswer: Answer
    let state: Locked<State>
    let callCounter = DoublesEventCounter()
    let failures = OffTaskFailureReporter()

    init(method: String, fallback: Fallback, initialAnswer: Answer) {
        self.method = method
        self.fallback = fallback
        self.initialAnswer = initialAnswer
        self.state = Locked(State(answer: initialAnswer))
    }

    /// Creates a spy that returns `fallback`, after reporting a failure, when it is called
    /// with no answer configured.
    ///
    /// ```swift
    /// let cachedBooksSpy = Spy<Void, [Book]>("cachedBooks()", fallback: [])
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages, such as `cachedBooks()`.
    ///   - fallback: What an unconfigured call returns once the failure is reported.
    public convenience init(_ method: String, fallback: Output) {
        self.init(method: method, fallback: .value(fallback), initialAnswer: .unconfigured)
    }

    /// Creates a spy that throws `fallbackError`, after reporting a failure, when it is called
    /// with no answer configured: for methods with typed throws.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages.
    ///   - fallbackError: What an unconfigured call throws once the failure is reported.
    public convenience init(_ method: String, fallbackError: Failure) {
        self.init(method: method, fallback: .error(fallbackError), initialAnswer: .unconfigured)
    }

    /// A spy for a method the test expects never to be called: every call reports
    /// "Unimplemented: …" naming the method, then returns `fallback`.
    ///
    /// Configuring an answer turns it into an ordinary spy; ``reset()`` makes it unimplemented
    /// again.
    ///
    /// ```swift
    /// let cachedBooksSpy: Spy<Void, [Book]> = .unimplemented("cachedBooks()", fallback: [])
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages.
    ///   - fallback: What a call returns once the failure is reported.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String, fallback: Output) -> MethodSpy {
        MethodSpy(method: method, fallback: .value(fallback), initialAnswer: .unimplemented)
    }

    /// A spy for a method with typed throws that the test expects never to be called: every
    /// call reports "Unimplemented: …" naming the method, then throws `fallbackError`.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages.
    ///   - fallbackError: What a call throws once the failure is reported.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String, fallbackError: Failure) -> MethodSpy {
        MethodSpy(method: method, fallback: .error(fallbackError), initialAnswer: .unimplemented)
    }

    // MARK: Recorded calls

    /// Every call's input, in the order the calls were made.
    public var calls: [Input] { state.value.calls.map(\.input) }

    /// How many times the method was called.
    public var callCount: Int { state.withLock { $0.calls.count } }

    /// The input of the most recent call, or `nil` if there was none.
    public var lastCall: Input? { state.withLock { $0.calls.last?.input } }

    /// Whether the method was called at least once.
    public var wasCalled: Bool { callCount > 0 }

    /// Makes the spy unimplemented from now on: every call reports "Unimplemented: …" naming the
    /// method, until the test configures an answer. For a stub whose spies are created as
    /// ordinary ones, in a test that must not touch this method.
    ///
    /// ```swift
    /// repository.saveSpy.makeUnimplemented()
    /// await viewModel.load()          // fails the test if load() saves anything
    /// ```
    ///
    /// ``reset()`` goes back to how the spy was created.
    public func makeUnimplemented() {
        state.withLock { state in
            state.answer = .unimplemented
            state.answersGiven = 0
        }
    }

    /// Forgets every recorded call and configured answer, releases calls held by
    /// ``suspendCalls()``, and goes back to how the spy was created (unconfigured, or
    /// unimplemented for ``unimplemented(_:fallback:)`` spies).
    public func reset() {
        let suspension = state.withLock { state -> CallSuspension? in
            let suspension = state.suspension
            state = State(answer: initialAnswer)
            return suspension
        }
        callCounter.reset()
        suspension?.release()
    }
}

extension MethodSpy where Output == Void {
    /// Creates a spy for a method that returns nothing: it records each call and returns, with
    /// nothing to configure. Use ``unimplemented(_:)`` for a method that must not be called.
    ///
    /// ```swift
    /// let removeSpy = Spy<Book.ID, Void>("remove(id:)")
    /// ```
    ///
    /// - Parameter method: The method's name for failure messages.
    public convenience init(_ method: String) {
        self.init(method: method, fallback: .value(()), initialAnswer: .result(.success(())))
    }

    /// A spy for a method returning nothing that the test expects never to be called.
    ///
    /// - Parameter method: The method's name for failure messages.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String) -> MethodSpy {
        MethodSpy(method: method, fallback: .value(()), initialAnswer: .unimplemented)
    }
}

extension MethodSpy where Failure == any Error {
    /// Creates a throwing spy; an unconfigured call reports a failure naming the method and
    /// throws ``SpyError/noAnswer(method:)``.
    ///
    /// ```swift
    /// let fetchPageSpy = ThrowingSpy<Int, CatalogPage>("fetchPage(_:)")
    /// ```
    ///
    /// - Parameter method: The method's name for failure messages.
    public convenience init(_ method: String) {
        self.init(method: method, fallback: .spyError { $0 }, initialAnswer: .unconfigured)
    }

    /// A throwing spy the test expects never to be called: every call reports
    /// "Unimplemented: …" naming the method, then throws ``SpyError/unimplemented(method:)``.
    ///
    /// - Parameter method: The method's name for failure messages.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String) -> MethodSpy {
        MethodSpy(method: method, fallback: .spyError { $0 }, initialAnswer: .unimplemented)
    }
}

extension MethodSpy where Output == Void, Failure == any Error {
    /// Creates a throwing spy for a method that returns nothing: it records each call and
    /// returns until the test configures an error with ``throws(_:)``. Use ``unimplemented(_:)``
    /// for a method that must not be called.
    ///
    /// ```swift
    /// let saveSpy = ThrowingSpy<Book, Void>("save(_:)")
    /// ```
    ///
    /// - Parameter method: The method's name for failure messages.
    public convenience init(_ method: String) {
        self.init(method: method, fallback: .spyError { $0 }, initialAnswer: .result(.success(())))
    }

    /// A throwing spy for a method returning nothing that the test expects never to be called:
    /// every call reports "Unimplemented: …" and throws ``SpyError/unimplemented(method:)``.
    ///
    /// - Parameter method: The method's name for failure messages.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String) -> MethodSpy {
        MethodSpy(method: method, fallback: .spyError { $0 }, initialAnswer: .unimplemented)
    }
}
