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
/// verifications read exactly as on ``MethodSpy``. Answer closures are main-actor closures and
/// run synchronously; calls cannot be suspended (use ``MethodSpy/suspendCalls()`` for Sendable
/// values), and the free
/// [`expectInOrder(_:)`](<doc:expectInOrder(_:fileID:filePath:line:column:)>) takes ``MethodSpy``s
/// only; a ``SpyingStub`` checks main-actor spies in order on the main actor.
@MainActor
public final class MainActorMethodSpy<Input, Output, Failure: Error> {
    typealias Core = SpyCore<Input, Output, Failure>

    let setup: SpySetup<Input, Output, Failure>
    var core: Core
    let callCounter = EventCounter()
    let failures = OffTaskFailureReporter()

    init(method: String?, declaredIn: String, fallback: SpyFallback<Output, Failure>, initialAnswer: Core.Answer) {
        self.setup = SpySetup(method: method, declaredIn: declaredIn, fallback: fallback, initialAnswer: initialAnswer)
        self.core = Core(answer: initialAnswer)
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
    public static func unimplemented(
        _ method: String? = nil,
        fallbackError: Failure,
        declaredIn member: String = #function
    ) -> MainActorMethodSpy {
        MainActorMethodSpy(method: method, declaredIn: member, fallback: .error(fallbackError), initialAnswer: .unimplemented)
    }

    /// The method's name as failure messages print it.
    ///
    /// The name given at creation, else the stub method that first called the spy, else where the
    /// spy was declared.
    public var method: String { core.method(named: setup.explicitName, declaredIn: setup.declaredIn) }

    /// Every call's input, in the order the calls were made.
    public var calls: [Input] { core.inputs }

    /// How many times the method was called.
    public var callCount: Int { core.calls.count }

    /// The input of the most recent call, or nothing if there was none.
    public var lastCall: Input? { core.calls.last?.input }

    /// Whether the method was called at least once.
    public var wasCalled: Bool { !core.calls.isEmpty }
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
