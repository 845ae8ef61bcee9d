/// Checks that objects are deallocated by the end of a scope: the memory-leak check for Swift
/// Testing and plain async code.
///
/// Track the objects a test creates, then verify when they should be gone. The scoped form does
/// both:
///
/// ```swift
/// @Test("The view model does not retain itself through its repository")
/// @MainActor func viewModelIsReleased() async {
///     await withLeakTracking { tracker in
///         let viewModel = BookListViewModel(repository: BookRepositoryStub())
///         tracker.track(viewModel)
///         await viewModel.load()
///     }   // fails here, naming BookListViewModel and the line that tracked it, if it leaked
/// }
/// ```
///
/// XCTest cases use `trackForMemoryLeaks(_:)`, which verifies at teardown.
public final class LeakTracker: Sendable {
    private struct Entry: Sendable {
        let reference: WeakReference
        let typeName: String
        let trackedAt: CallSite
    }

    private let entries = Locked<[Entry]>([])

    /// Creates an empty tracker.
    public init() {}

    /// Starts watching an object, so that the leak check fails if the object is still alive then.
    ///
    /// The check is ``expectNoLeaks(fileID:filePath:line:column:)``. The tracker holds the object
    /// weakly, so tracking never keeps it alive.
    ///
    /// - Parameters:
    ///   - object: The instance that should be deallocated by the time of verification.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func track(
        _ object: AnyObject,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let entry = Entry(
            reference: WeakReference(object),
            typeName: String(reflecting: type(of: object)),
            trackedAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
        entries.withLock { $0.append(entry) }
    }

    /// The number of tracked objects that are still alive.
    public var liveObjectCount: Int {
        entries.value.filter { $0.reference.object != nil }.count
    }

    /// Reports a failure for every tracked object that is still alive, then stops tracking all
    /// of them.
    ///
    /// Each failure names the type and the line where tracking began, and points at the line
    /// where tracking began.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNoLeaks(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let verifiedAt = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        let tracked = entries.exchange([])
        for entry in tracked where entry.reference.object != nil {
            FailureReporter.report(
                "Memory leak: \(entry.typeName) tracked at \(entry.trackedAt) is still alive at \(verifiedAt); "
                    + "look for a retain cycle (a closure capturing self strongly, a delegate that is not weak)",
                at: entry.trackedAt
            )
        }
    }
}

/// Runs a closure with a leak tracker and verifies, once it has returned and released its locals,
/// that every object it tracked was deallocated.
///
/// ```swift
/// withLeakTracking { tracker in
///     let viewModel = BookSearchViewModel(queue: .immediate) { _ in [] }
///     tracker.track(viewModel)
///     viewModel.queryChanged("dune")
/// }
/// ```
///
/// - Parameters:
///   - fileID: The caller's file ID.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
///   - body: The code that creates and tracks objects.
/// - Returns: What `body` returns. Returning a tracked object keeps it alive and is reported.
public func withLeakTracking<R>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (LeakTracker) throws -> R
) rethrows -> R {
    let tracker = LeakTracker()
    let result = try body(tracker)
    tracker.expectNoLeaks(fileID: fileID, filePath: filePath, line: line, column: column)
    return result
}

/// Runs an asynchronous closure with a leak tracker and verifies, once it has returned, that every
/// object it tracked was deallocated.
///
/// - Parameters:
///   - isolation: The caller's actor; inferred.
///   - fileID: The caller's file ID.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
///   - body: The code that creates and tracks objects.
/// - Returns: What `body` returns.
public func withLeakTracking<R>(
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (LeakTracker) async throws -> R
) async rethrows -> R {
    let tracker = LeakTracker()
    let result = try await body(tracker)
    tracker.expectNoLeaks(fileID: fileID, filePath: filePath, line: line, column: column)
    return result
}
