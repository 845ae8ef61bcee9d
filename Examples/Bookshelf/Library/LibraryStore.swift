/// The store the library's screens and middleware dispatch to.
public protocol LibraryStore: Sendable {
    /// The current state.
    var state: LibraryState { get }
    /// Sends an action to the reducer and the middleware.
    func dispatch(_ action: LibraryAction)
}

/// Where components that do not get a store injected find the shared one.
///
/// A task local rather than a global variable: a test installs its own store for its own task
/// only, so tests running in parallel never see each other's store.
public enum StoreEnvironment {
    /// The store of the current task; the app's live store unless a scope replaced it.
    @TaskLocal public static var current: any LibraryStore = AppStore.live
}
