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
///     }  // fails here if it leaked, naming the type and the tracking line
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
    /// The check is
    /// [`expectNoLeaks()`](<doc:expectNoLeaks(fileID:filePath:line:column:)>). The tracker holds the object
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
    /// Each failure names the type, the line where tracking began and this call's line, and points
    /// at the line where tracking began; when both are the same place, it names the place once.
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
        reportLeaks(checkedAt: .site(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)))
    }

    /// When a leak check ran, as its failure message says it.
    enum Checkpoint {
        /// A call at this site.
        case site(CallSite)
        /// An XCTest case's teardown.
        case endOfTest
        /// The end of a Swift Testing test's body, for the `.leakTracked` trait.
        case endOfTestBody
    }

    /// Reports every tracked object still alive, at the line that tracked it, then stops tracking.
    ///
    /// - Parameters:
    ///   - checkpoint: When the check runs.
    ///   - returned: What the checked scope returned, when it is an object: if it is a tracked
    ///     object, the message says that is what holds it.
    func reportLeaks(checkedAt checkpoint: Checkpoint, returned: AnyObject? = nil) {
        for entry in entries.exchange([]) {
            guard let object = entry.reference.object else { continue }
            let place: String
            switch checkpoint {
            case .site(let site) where site == entry.trackedAt:
                place = "Memory leak: \(entry.typeName), tracked and checked at \(site), is still alive"
            case .site(let site):
                place = "Memory leak: \(entry.typeName) tracked at \(entry.trackedAt) is still alive at \(site)"
            case .endOfTest:
                place = "Memory leak: \(entry.typeName) tracked at \(entry.trackedAt) is still alive at the end of the test"
            case .endOfTestBody:
                place = "Memory leak: \(entry.typeName) tracked at \(entry.trackedAt) is still alive after the test's body returned"
            }
            let holder =
                returned === object
                ? "it is the value withLeakTracking returned, which keeps it alive: return something else"
                : "look for a retain cycle (a closure capturing self strongly, a delegate that is not weak)"
            FailureReporter.report("\(place); \(holder)", at: entry.trackedAt)
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
    tracker.reportLeaks(
        checkedAt: .site(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)),
        returned: R.self is AnyObject.Type ? result as AnyObject : nil
    )
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
    tracker.reportLeaks(
        checkedAt: .site(CallSite(fileID: fileID, filePath: filePath, line: line, column: column)),
        returned: R.self is AnyObject.Type ? result as AnyObject : nil
    )
    return result
}
