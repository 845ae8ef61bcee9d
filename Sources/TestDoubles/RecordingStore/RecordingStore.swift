import TestSupportCore

/// A store double for Redux-style architectures that records every dispatched action in order and
/// optionally runs a reducer.
///
/// The reducer changes its state, and the test can await "N actions dispatched" without an
/// `XCTestExpectation`.
///
/// Make it conform to your app's store protocol in the test target, hand it to the middleware
/// or view under test, then assert on what was dispatched:
///
/// ```swift
/// // In the test support target:
/// // extension RecordingStore: LibraryStore
/// // where Action == LibraryAction, State == LibraryState {}
///
/// @Test("A refresh dispatches the loaded books")
/// func refreshDispatchesLoadedBooks() async {
///     let book = Book.testValue
///     let repository = BookRepositoryStub()
///     repository.fetchPageSpy.returns(
///         CatalogPage(books: [book], nextPage: nil))
///     let store = RecordingStore<LibraryAction, LibraryState>(
///         initialState: LibraryState())
///     let middleware = LibraryMiddleware(repository: repository)
///
///     middleware.handle(.refreshRequested, store: store)
///     let actions = await store.waitForActions(1)
///
///     #expect(actions == [.booksLoaded([book])])
/// }
/// ```
///
/// Actions are reduced one at a time, in dispatch order. The reducer and the ``onDispatch(_:)``
/// callbacks run outside the store's lock, so they may dispatch again: such an action is
/// queued and handled as soon as the current one is done, before the outer `dispatch` returns.
/// A dispatch from another thread while one is being handled is likewise queued, and handled
/// by the dispatch already running.
public final class RecordingStore<Action: Sendable, State: Sendable>: Sendable {
    /// Changes the state for an action, like the app's reducer.
    public typealias Reducer = @Sendable (inout State, Action) -> Void
    /// Called after each action is handled, with the action and the state after it.
    public typealias Callback = @Sendable (Action, State) -> Void

    @usableFromInline
    struct Storage {
        @usableFromInline var state: State
        @usableFromInline var actions = RecordedLog<Action, Never>()
        @usableFromInline var queue: [Action] = []
        @usableFromInline var isHandling = false
        @usableFromInline var callbacks: [Callback] = []
        /// Handled actions counted for `waitForActions`, under the same lock.
        @usableFromInline var waitList = WaitList()

        init(state: State) {
            self.state = state
        }

        /// Records a handled action and its state; returns the waiters it satisfies.
        @inlinable
        mutating func record(_ action: Action, state reduced: State) -> [WaitList.Waiter]? {
            state = reduced
            actions.append(action)
            return waitList.increment()
        }

        /// The next queued action with the state to reduce it from, or `nil` (and handling
        /// stops) when the queue is empty.
        @inlinable
        mutating func takeNext() -> (Action, State)? {
            guard !queue.isEmpty else {
                isHandling = false
                return nil
            }
            return (queue.removeFirst(), state)
        }
    }

    private let initialState: State
    @usableFromInline let reducer: Reducer?
    @usableFromInline let storage: Locked<Storage>

    /// Creates a store with an initial state, which changes only if a reducer is given.
    ///
    /// The reducer changes the state in place: the `(inout State, Action) -> Void` shape.
    ///
    /// ```swift
    /// let store = RecordingStore(
    ///     initialState: LibraryState(), reducer: LibraryState.reduce)
    /// ```
    ///
    /// For reducers that return the new state, see ``init(initialState:reducer:)-(_,(State,Action)->State)``.
    ///
    /// - Parameters:
    ///   - initialState: The state before any action, and after ``reset()``.
    ///   - reducer: Run for each action to change the state; `nil` keeps the state as is.
    public init(initialState: State, reducer: Reducer? = nil) {
        self.initialState = initialState
        self.reducer = reducer
        self.storage = Locked(Storage(state: initialState))
    }

    /// Creates a store whose reducer returns the new state, given the state before the action.
    ///
    /// The `(State, Action) -> State` shape.
    ///
    /// ```swift
    /// let store = RecordingStore<LibraryAction, Int>(
    ///     initialState: 0, reducer: { count, _ in count + 1 })
    /// ```
    ///
    /// - Parameters:
    ///   - initialState: The state before any action, and after ``reset()``.
    ///   - reducer: Returns the state after an action, given the state before it.
    public convenience init(initialState: State, reducer: @escaping @Sendable (State, Action) -> State) {
        self.init(initialState: initialState, reducer: { state, action in state = reducer(state, action) })
    }

    /// The current state.
    public var state: State { storage.withLock { $0.state } }

    /// Every handled action, in dispatch order.
    ///
    /// `dispatchedActions.last` is the latest; handing the record out costs the same however
    /// long it is.
    public var dispatchedActions: [Action] { storage.withLock { $0.actions.entries } }

    /// Records an action, reduces it if the store has a reducer, then notifies callbacks and
    /// waiting tasks.
    ///
    /// The callbacks are those of ``onDispatch(_:)``; the waiting tasks are those in
    /// [`waitForActions(_:timeout:)`](<doc:waitForActions(_:timeout:fileID:filePath:line:column:)>).
    ///
    /// - Parameter action: The dispatched action.
    @inlinable
    public func dispatch(_ action: Action) {
        // Two lock acquisitions per action when no callback is registered: one to take the
        // action (or queue it behind the dispatch already running), one to record its result
        // and take the next queued action. Inlined and specialized into the caller; the lock's
        // closures return nothing so the generic lock needs no type metadata.
        var next: (Action, State)?
        storage.withLock { storage in
            if storage.isHandling {
                storage.queue.append(action)
            } else {
                storage.isHandling = true
                next = (action, storage.state)
            }
        }
        while let (handled, current) = next {
            var reduced = current
            reducer?(&reduced, handled)
            var callbacks: [Callback] = []
            var ready: [WaitList.Waiter]?
            var following: (Action, State)?
            storage.withLock { storage in
                ready = storage.record(handled, state: reduced)
                // With callbacks, the queue is read after they ran, so what they dispatch is
                // queued behind this action rather than handled inside them.
                if storage.callbacks.isEmpty {
                    following = storage.takeNext()
                } else {
                    callbacks = storage.callbacks
                }
            }
            if let ready { WaitList.resume(ready) }
            if !callbacks.isEmpty {
                for callback in callbacks { callback(handled, reduced) }
                storage.withLock { following = $0.takeNext() }
            }
            next = following
        }
    }

    /// Adds a callback run after each action is handled, outside the store's lock.
    ///
    /// Prefer
    /// [`waitForActions(_:timeout:)`](<doc:waitForActions(_:timeout:fileID:filePath:line:column:)>)
    /// for waiting; use this to
    /// react, for example by answering an action the way a real middleware would.
    ///
    /// ```swift
    /// let store = RecordingStore<LibraryAction, LibraryState>(
    ///     initialState: LibraryState())
    /// store.onDispatch { action, _ in
    ///     if action == .refreshRequested { store.dispatch(.booksLoaded([])) }
    /// }
    /// ```
    ///
    /// - Parameter callback: Receives the action and the state after it.
    public func onDispatch(_ callback: @escaping Callback) {
        storage.withLock { $0.callbacks.append(callback) }
    }

    /// The handled actions of one type, in order, for stores whose actions are existentials.
    ///
    /// Such as a store whose `Action` is `any Action`.
    ///
    /// ```swift
    /// let store = RecordingStore<any Sendable, Void>()
    /// let loads = store.actions(ofType: LibraryAction.self)
    /// ```
    ///
    /// - Parameter type: The concrete action type to keep.
    /// - Returns: The matching actions, cast to `type`.
    public func actions<Specific>(ofType type: Specific.Type) -> [Specific] {
        dispatchedActions.compactMap { $0 as? Specific }
    }

    /// Waits until a number of actions in all have been handled, and reports a failure if that does
    /// not happen within the timeout.
    ///
    /// It resumes the moment the last action is handled; the failure is reported at the caller's
    /// line.
    ///
    /// ```swift
    /// let store = RecordingStore<LibraryAction, LibraryState>(
    ///     initialState: LibraryState())
    /// let middleware = LibraryMiddleware(repository: BookRepositoryStub())
    /// middleware.handle(.refreshRequested, store: store)
    /// let actions = await store.waitForActions(2)
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many handled actions to wait for, counted since creation or ``reset()``.
    ///   - timeout: How long to wait before failing. Success never waits for it.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: Every action handled so far (at least `count` unless it timed out).
    @discardableResult
    public func waitForActions(
        _ count: Int,
        timeout: WaitTimeout = .seconds(5),
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) async -> [Action] {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let arrived = await WaitList.wait(for: count, timeout: timeout, in: self) { store, body in
            store.storage.withLock { body(&$0.waitList) }
        }
        let actions = dispatchedActions
        if !arrived {
            FailureReporter.report(
                "Timed out after \(timeout.text) waiting for \(count) dispatched "
                    + "\(count == 1 ? "action" : "actions"); \(actions.count) dispatched" + DoublesCallLog.listing(actions),
                at: site
            )
        }
        return actions
    }

    /// Forgets every handled action and keeps the current state.
    ///
    /// ``reset()`` also restores the initial state.
    public func clearRecorded() {
        storage.withLock { storage in
            storage.actions.clear()
            storage.waitList.count = 0
        }
    }

    /// Forgets every handled action and restores the initial state; the reducer and callbacks
    /// stay.
    ///
    /// To forget only the actions, use ``clearRecorded()``.
    public func reset() {
        storage.withLock { storage in
            storage.state = initialState
            storage.actions.clear()
            storage.waitList.count = 0
        }
    }
}

extension RecordingStore where State == Void {
    /// Creates a store that only records actions, for code that dispatches but never reads
    /// state.
    ///
    /// ```swift
    /// let store = RecordingStore<any Sendable, Void>()
    /// ```
    public convenience init() {
        self.init(initialState: ())
    }
}
