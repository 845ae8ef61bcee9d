import TestSupportCore

/// A non-throwing spy for one method.
///
/// Written `Spy<Input, Output>`.
///
/// ```swift
/// let cachedBooksSpy = Spy<Void, [Book]>(defaultAnswer: [])
/// func cachedBooks() -> [Book] { cachedBooksSpy.call() }
/// ```
public typealias Spy<Input: Sendable, Output: Sendable> = MethodSpy<Input, Output, Never>

/// A spy for one method that can throw any error.
///
/// Written `ThrowingSpy<Input, Output>`.
///
/// ```swift
/// let fetchPageSpy = ThrowingSpy<Int, CatalogPage>()
/// func fetchPage(_ page: Int) async throws -> CatalogPage {
///     try await fetchPageSpy.call(page)
/// }
/// ```
public typealias ThrowingSpy<Input: Sendable, Output: Sendable> = MethodSpy<Input, Output, any Error>

/// Records the calls to one method of a protocol stub and answers them the way the test configured.
///
/// The building block of a hand-written stub, one spy per method.
///
/// Use the aliases: ``Spy`` for a method that does not throw, ``ThrowingSpy`` for one that
/// throws, or `MethodSpy<Input, Output, MyError>` for a method with typed throws. Pass several
/// arguments as a tuple, `(Route, Bool)`, which `expectCalledOnce(with: route, true)` checks
/// argument by argument; `Void` when there are none. For non-Sendable values on the main actor,
/// use ``MainActorSpy``.
///
/// ```swift
/// protocol CatalogFetching: Sendable {
///     func fetchPage(_ page: Int) async throws -> CatalogPage
/// }
///
/// final class CatalogFetchingStub: CatalogFetching {
///     let fetchPageSpy = ThrowingSpy<Int, CatalogPage>()
///     func fetchPage(_ page: Int) async throws -> CatalogPage {
///         try await fetchPageSpy.call(page)
///     }
/// }
///
/// @Test func loadsFirstPage() async throws {
///     let catalog = CatalogFetchingStub()
///     catalog.fetchPageSpy.returns(CatalogPage(books: [], nextPage: nil))
///     _ = try await catalog.fetchPage(1)
///     catalog.fetchPageSpy.expectCalledOnce(with: 1)
/// }
/// ```
///
/// The spy needs no name: failure messages name it after the stub method that first calls it
/// (`fetchPage(_:)`, from `#function` at the call); before any call, after the stub's type ("a
/// spy of BookRepositoryStub"). Pass a name to have it from the start.
///
/// Two kinds of unconfigured spy, chosen at creation:
/// - a **default answer** (`defaultAnswer:`) answers every unconfigured call silently, and
///   ``reset()`` keeps it: the stub's everyday behaviour, like a real stub returning `[]`;
/// - a **strict** spy (`strictFallback:`, or a ``ThrowingSpy`` created without one) fails the
///   test on every unconfigured call, naming the method, then returns the fallback or throws
///   ``SpyError/noAnswer(method:)``, so every call a test relies on is configured.
///
/// Every call is recorded, in order and thread-safely, before it is answered: see ``calls``,
/// ``callCount`` and ``lastCall``. Answers: ``returns(_:)``,
/// [`returns(inOrder:afterLast:)`](<doc:returns(inOrder:afterLast:fileID:filePath:line:column:)>),
/// [`results(inOrder:afterLast:)`](<doc:results(inOrder:afterLast:fileID:filePath:line:column:)>),
/// `answers(_:)` and
/// ``throws(_:)``; an asynchronous call can also be held with ``suspendCalls()`` so a test can
/// look at the state of the code under test while the call is in flight. Closures the test
/// configures run outside the spy's lock, so a closure may call the spy again. It never
/// crashes.
///
/// The spy is `Sendable`, so stubs of `@MainActor`, actor-constrained and `Sendable` protocols
/// can hold it in a `let`.
public final class MethodSpy<Input: Sendable, Output: Sendable, Failure: Error>: @unchecked Sendable {
    // @unchecked Sendable: its mutable state is `records`, a lock box; its answer closures are
    // `@Sendable` ones (see `answers(_:)`) and its held completion handlers are called once,
    // outside the lock (see HeldCompletion). `setup` is immutable.

    @usableFromInline typealias Core = SpyCore<Input, Output, Failure>
    typealias Answer = Core.Answer
    @usableFromInline typealias Resolution = Core.Resolution

    /// The spy's core under the spy's lock, with what only a spy that can be awaited needs.
    @usableFromInline
    struct Records {
        @usableFromInline var core: Core
        @usableFromInline var suspension: CallSuspension?
        @usableFromInline var waitList = WaitList()

        init(answer: Answer) {
            self.core = Core(answer: answer)
        }

        /// Records one call and picks its answer; the whole of a call's work under the lock, in
        /// one access to the spy's records. A call that `canWait` and meets a held suspension
        /// gets the suspension and no answer yet: it is answered after the wait, so the test
        /// can still change the answer.
        @inlinable
        mutating func record(
            _ input: Input,
            ordinal: UInt64,
            caller: StaticString,
            learnsName: Bool,
            canWait: Bool,
            resolution: inout Resolution,
            suspension: inout CallSuspension?,
            ready: inout [WaitList.Waiter]?
        ) {
            core.record(input, ordinal: ordinal, caller: caller, learnsName: learnsName)
            ready = waitList.increment()
            if let held = self.suspension, !held.isReleased {
                suspension = held
                if canWait { return }
            }
            resolution = core.resolve()
        }
    }

    @usableFromInline let setup: SpySetup<Input, Output, Failure>
    /// The mutable part of the spy, under a lock of its own.
    @usableFromInline let records: Locked<Records>
    let failures = OffTaskFailureReporter()

    init(method: String?, declaredIn: String, fallback: SpyFallback<Output, Failure>, initialAnswer: Answer) {
        self.setup = SpySetup(method: method, declaredIn: declaredIn, fallback: fallback, initialAnswer: initialAnswer)
        self.records = Locked(Records(answer: initialAnswer))
    }

    /// Runs `body` on the records under the spy's lock.
    @inlinable
    func withRecords<R>(_ body: (inout Records) -> R) -> R {
        records.withLock(body)
    }

    /// Creates a spy that answers every call the test has not configured with a default answer,
    /// silently, even after a reset.
    ///
    /// ```swift
    /// let cachedBooksSpy = Spy<Void, [Book]>(defaultAnswer: [])
    /// ```
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
    /// ```swift
    /// let recentlyAddedSpy = Spy<Int, [Book]>(strictFallback: [])
    /// ```
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
    /// Configuring an answer turns it into an ordinary spy; ``reset()`` makes it unimplemented
    /// again.
    ///
    /// ```swift
    /// let cachedBooksSpy: Spy<Void, [Book]> = .unimplemented(
    ///     "cachedBooks()", fallback: [])
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - fallback: What a call returns once the failure is reported.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, fallback: Output, declaredIn member: String = #function) -> MethodSpy {
        MethodSpy(method: method, declaredIn: member, fallback: .value(fallback), initialAnswer: .unimplemented)
    }

    /// A spy for a method with typed throws that the test expects never to be called: every call
    /// reports a failure, then throws.
    ///
    /// The failure reads "Unimplemented: …".
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - fallbackError: What a call throws once the failure is reported.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, fallbackError: Failure, declaredIn member: String = #function) -> MethodSpy {
        MethodSpy(method: method, declaredIn: member, fallback: .error(fallbackError), initialAnswer: .unimplemented)
    }

    // MARK: Name

    /// The method's name as failure messages print it.
    ///
    /// Such as `fetchPage(_:)`: the name given at creation, else the stub method that first called
    /// the spy, else where the spy was declared ("a spy of BookRepositoryStub").
    public var method: String {
        withRecords { $0.core.method(named: setup.explicitName, declaredIn: setup.declaredIn) }
    }

    // MARK: Recorded calls

    /// Every call's input, in the order the calls were made.
    public var calls: [Input] { withRecords { $0.core.inputs } }

    /// How many times the method was called.
    public var callCount: Int { withRecords { $0.core.calls.count } }

    /// The input of the most recent call, or nothing if there was none.
    public var lastCall: Input? { withRecords { $0.core.calls.last?.input } }

    /// Whether the method was called at least once.
    public var wasCalled: Bool { callCount > 0 }

    /// Makes the spy unimplemented from now on, until the test configures an answer.
    ///
    /// Every call reports "Unimplemented: …" naming the method. For a stub whose spies are created
    /// as ordinary ones, in a test that must not touch this method.
    ///
    /// ```swift
    /// let repository = BookRepositoryStub()
    /// let viewModel = BookListViewModel(repository: repository)
    /// repository.saveSpy.makeUnimplemented()
    /// await viewModel.load()          // fails the test if load() saves anything
    /// ```
    ///
    /// ``reset()`` goes back to how the spy was created.
    public func makeUnimplemented() {
        withRecords { $0.core.configure(.unimplemented) }
    }

    /// Forgets every recorded call and keeps the configured answer.
    ///
    /// Every recording tool of the package clears its record with the same `clearRecorded()`.
    /// A sequence of answers goes on where it was; ``reset()`` also forgets answers.
    public func clearRecorded() {
        withRecords { records in
            records.core.clearRecorded()
            records.waitList.count = 0
        }
    }

    /// Forgets every recorded call and configured answer, releases held calls, and goes back to how
    /// the spy was created.
    ///
    /// It releases the calls held by ``suspendCalls()`` and goes back to the spy's default answer,
    /// strict, or unimplemented. To forget only the calls, use ``clearRecorded()``.
    public func reset() {
        let suspension = withRecords { records -> CallSuspension? in
            let suspension = records.suspension
            records.core.reset(to: setup.initialAnswer)
            records.suspension = nil
            records.waitList.count = 0
            return suspension
        }
        suspension?.release()
    }
}

extension MethodSpy where Output == Void {
    /// Creates a spy for a method that returns nothing: it records each call and returns, with
    /// nothing to configure.
    ///
    /// Use `unimplemented()` for a method that must not be called.
    ///
    /// ```swift
    /// let removeSpy = Spy<Book.ID, Void>()
    /// ```
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    public convenience init(_ method: String? = nil, declaredIn member: String = #function) {
        self.init(method: method, declaredIn: member, fallback: .value(()), initialAnswer: .result(.success(())))
    }

    /// A spy for a method returning nothing that the test expects never to be called.
    ///
    /// - Parameters:
    ///   - method: The method's name for failure messages; by default the name of the stub
    ///     method that first calls the spy.
    ///   - member: Where the spy is declared; leave the default.
    /// - Returns: A new spy.
    public static func unimplemented(_ method: String? = nil, declaredIn member: String = #function) -> MethodSpy {
        MethodSpy(method: method, declaredIn: member, fallback: .value(()), initialAnswer: .unimplemented)
    }
}

extension MethodSpy where Failure == any Error {
    /// Creates a strict throwing spy: an unconfigured call reports a failure naming the method and
    /// throws.
    ///
    /// It throws ``SpyError/noAnswer(method:)``.
    ///
    /// ```swift
    /// let fetchPageSpy = ThrowingSpy<Int, CatalogPage>()
    /// ```
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
    public static func unimplemented(_ method: String? = nil, declaredIn member: String = #function) -> MethodSpy {
        MethodSpy(method: method, declaredIn: member, fallback: .spyError { $0 }, initialAnswer: .unimplemented)
    }
}

extension MethodSpy where Output == Void, Failure == any Error {
    /// Creates a throwing spy for a method that returns nothing: it records each call and returns
    /// until the test configures an error.
    ///
    /// Configure the error with ``throws(_:)``; use `unimplemented()` for a method that must not be
    /// called.
    ///
    /// ```swift
    /// let saveSpy = ThrowingSpy<Book, Void>()
    /// ```
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
    public static func unimplemented(_ method: String? = nil, declaredIn member: String = #function) -> MethodSpy {
        MethodSpy(method: method, declaredIn: member, fallback: .spyError { $0 }, initialAnswer: .unimplemented)
    }
}
