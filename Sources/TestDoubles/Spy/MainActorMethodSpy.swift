import TestSupportCore

/// A main-actor spy for one method that does not throw, whose values need not be Sendable.
///
/// ```swift
/// let makeDetailScreenSpy = MainActorSpy<Book, BookDetailScreen>(
///     strictFallback: BookDetailScreen(book: .make(), offersFinish: false))
/// ```
public typealias MainActorSpy<Input, Output> = MainActorMethodSpy<Input, Output, Never>

/// A main-actor spy for one method that can throw any error, whose values need not be Sendable.
///
/// ```swift
/// let showSpy = MainActorThrowingSpy<BookDetailScreen, Void>()
/// ```
public typealias MainActorThrowingSpy<Input, Output> = MainActorMethodSpy<Input, Output, any Error>

/// A main-actor spy for a method that answers through a completion handler, whose values need
/// not be Sendable.
///
/// Written `MainActorCompletionSpy<Input, Value>`; it works as ``CompletionSpy``, on the main
/// actor.
///
/// ```swift
/// let pickSpy = MainActorCompletionSpy<BookDetailScreen, Book?>()
/// ```
public typealias MainActorCompletionSpy<Input, Value> = MainActorMethodSpy<Input, Value?, Never>

/// The method spy of main-actor stubs: it records and answers calls as a method spy does, and
/// holds values that are not Sendable.
///
/// It lives on the main actor, so its inputs and outputs can be coordinators, view controllers
/// and delegates.
///
/// ```swift
/// final class RouterStub: BookDetailRouting {
///     let makeDetailScreenSpy = MainActorSpy<Book, BookDetailScreen>(
///         strictFallback: BookDetailScreen(
///             book: .make(), offersFinish: false))
///     let showSpy = MainActorSpy<BookDetailScreen, Void>()
///     let logOpenSpy = Spy<(Book.ID, Bool), Void>()
///
///     func makeDetailScreen(for book: Book) -> BookDetailScreen {
///         makeDetailScreenSpy.call(book)
///     }
///     func show(_ screen: BookDetailScreen) { showSpy.call(screen) }
///     func logOpen(of id: Book.ID, fromSearch: Bool) {
///         logOpenSpy.call((id, fromSearch))
///     }
/// }
/// ```
///
/// Answers (``returns(_:)``,
/// [`returns(inOrder:afterLast:)`](<doc:returns(inOrder:afterLast:fileID:filePath:line:column:)>),
/// ``throws(_:)``, `answers(_:)`), default and strict creation, naming, ``reset()`` and the
/// verifications, waits and ``suspendCalls()`` read exactly as on ``MethodSpy``: this spy's
/// public members are generated from that spy's, with `@MainActor` answer closures in place of
/// `@Sendable` ones. The free
/// [`expectInOrder(_:)`](<doc:expectInOrder(_:fileID:filePath:line:column:)>) takes
/// ``MethodSpy``s only; a ``SpyingStub`` checks main-actor spies in order on the main actor.
@MainActor
public final class MainActorMethodSpy<Input, Output, Failure: Error> {
    typealias Core = SpyCore<Input, Output, Failure>
    typealias Answer = Core.Answer
    typealias Resolution = Core.Resolution

    /// The mutable part of the spy, with the same names as ``MethodSpy``'s, on the main actor.
    struct Records {
        var core: Core
        var suspension: CallSuspension?
        /// Counts calls for the waits; its waiters go on on the main actor, after the call that
        /// woke them has returned.
        let callCounter = EventCounter()

        init(answer: Answer) {
            self.core = Core(answer: answer)
        }

        /// Forgets the recorded calls and the count waiters look at.
        mutating func clearRecorded() {
            core.clearRecorded()
            callCounter.reset()
        }

        /// Goes back to `answer` with no calls, and returns the suspension to release.
        mutating func reset(to answer: Answer) -> CallSuspension? {
            let held = suspension
            suspension = nil
            core.reset(to: answer)
            callCounter.reset()
            return held
        }
    }

    let setup: SpySetup<Input, Output, Failure>
    var records: Records
    let failures = OffTaskFailureReporter()

    init(method: String?, declaredIn: String, fallback: SpyFallback<Output, Failure>, initialAnswer: Answer) {
        self.setup = SpySetup(method: method, declaredIn: declaredIn, fallback: fallback, initialAnswer: initialAnswer)
        self.records = Records(answer: initialAnswer)
    }

    /// Runs `body` on the records, on the main actor.
    func withRecords<R>(_ body: (inout Records) -> R) -> R {
        body(&records)
    }
}
