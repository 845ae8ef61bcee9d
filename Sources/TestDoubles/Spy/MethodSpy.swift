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
            announces: Bool,
            resolution: inout Resolution,
            suspension: inout CallSuspension?,
            ready: inout [WaitList.Waiter]?
        ) {
            core.record(input, ordinal: ordinal, caller: caller, learnsName: learnsName)
            if announces { ready = waitList.increment() }
            if let held = self.suspension, !held.isReleased {
                suspension = held
                if canWait { return }
            }
            resolution = core.resolve()
        }

        /// Forgets the recorded calls and the count waiters look at.
        mutating func clearRecorded() {
            core.clearRecorded()
            waitList.count = 0
        }

        /// Goes back to `answer` with no calls, and returns the suspension to release, outside the
        /// lock.
        mutating func reset(to answer: Answer) -> CallSuspension? {
            let held = suspension
            suspension = nil
            core.reset(to: answer)
            waitList.count = 0
            return held
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
}
