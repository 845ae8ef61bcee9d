import Foundation

/// The app's live store: reduces actions with ``LibraryState/reduce(_:_:)`` and hands each one
/// to the middleware.
public final class AppStore: LibraryStore, @unchecked Sendable {
    // @unchecked Sendable: `current` is only read and written under `lock`; middleware runs
    // outside it.
    private let lock = NSLock()
    private var current: LibraryState
    private let middleware: [@Sendable (LibraryAction, any LibraryStore) -> Void]

    /// The store the app runs with.
    public static let live = AppStore(initialState: LibraryState(), middleware: [])

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - initialState: The state at launch.
    ///   - middleware: Called with each action after it is reduced.
    public init(initialState: LibraryState, middleware: [@Sendable (LibraryAction, any LibraryStore) -> Void]) {
        self.current = initialState
        self.middleware = middleware
    }

    /// The current state.
    public var state: LibraryState {
        lock.lock()
        defer { lock.unlock() }
        return current
    }

    /// Reduces `action`, then passes it to the middleware.
    ///
    /// - Parameter action: What happened.
    public func dispatch(_ action: LibraryAction) {
        lock.lock()
        LibraryState.reduce(&current, action)
        lock.unlock()
        for handler in middleware { handler(action, self) }
    }
}
