import TestSupportCore

extension RecordingStore {
    /// Installs this store in the app's task-local store slot while an operation runs, then
    /// restores whatever was there.
    ///
    /// The scoped replacement for "set the global store in setUp, reset it in tearDown".
    ///
    /// The app declares its shared store as a task local, so each test's installation is seen
    /// only by that test's task and its child tasks, and parallel tests never see each
    /// other's store:
    ///
    /// ```swift
    /// // Production
    /// public enum StoreEnvironment {
    ///     @TaskLocal public static var current: any LibraryStore = AppStore.live
    /// }
    ///
    /// // Test
    /// let store = RecordingStore<LibraryAction, LibraryState>(
    ///     initialState: LibraryState())
    /// await store.install(in: StoreEnvironment.$current) {
    ///     StoreEnvironment.current.dispatch(.refreshRequested)
    /// }
    /// store.expectDispatched([.refreshRequested])
    /// ```
    ///
    /// In XCTest, wrap the whole test by overriding `invokeTest()` and calling
    /// `store.install(in:) { super.invokeTest() }` with the synchronous overload.
    ///
    /// If the store does not conform to the slot's type, the failure names both types and
    /// `operation` runs with the slot untouched.
    ///
    /// - Parameters:
    ///   - slot: The app's task-local store, such as `StoreEnvironment.$current`.
    ///   - isolation: The caller's actor; inferred.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - operation: The code that should see this store.
    /// - Returns: What `operation` returns.
    public func install<Slot: Sendable, R>(
        in slot: TaskLocal<Slot>,
        isolation: isolated (any Actor)? = #isolation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        operation: () async throws -> R
    ) async rethrows -> R {
        guard let installed = installable(as: Slot.self, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        else {
            return try await operation()
        }
        return try await slot.withValue(installed, operation: operation, isolation: isolation)
    }

    /// Installs this store in the app's task-local store slot while a synchronous operation runs,
    /// then restores whatever was there.
    ///
    /// The store is installed for the duration of the synchronous `operation`.
    ///
    /// ```swift
    /// final class LibraryTests: XCTestCase {
    ///     let store = RecordingStore<LibraryAction, LibraryState>(
    ///         initialState: LibraryState())
    ///
    ///     override func invokeTest() {
    ///         store.install(in: StoreEnvironment.$current) { super.invokeTest() }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - slot: The app's task-local store.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    ///   - operation: The code that should see this store.
    /// - Returns: What `operation` returns.
    public func install<Slot: Sendable, R>(
        in slot: TaskLocal<Slot>,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column,
        operation: () throws -> R
    ) rethrows -> R {
        guard let installed = installable(as: Slot.self, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        else {
            return try operation()
        }
        return try slot.withValue(installed, operation: operation)
    }

    private func installable<Slot>(as slotType: Slot.Type, at site: CallSite) -> Slot? {
        if let installed = self as? Slot { return installed }
        FailureReporter.report(
            "Cannot install \(String(describing: Self.self)) in a slot of type \(String(describing: Slot.self)): "
                + "the store does not conform to it. Add a conformance in the test target, such as "
                + "`extension RecordingStore: YourStoreProtocol where Action == YourAction {}`; "
                + "the slot was left unchanged",
            at: site
        )
        return nil
    }
}
