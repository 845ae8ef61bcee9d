@preconcurrency import Dispatch
import DispatchQueueInterface
import TestSupportCore

/// A queue double for code paths that must not touch a queue: every call reports a failure at
/// the line that created it, and no block runs.
///
/// ```swift
/// // Reading its state must not hop:
/// let timeout = SearchSessionTimeout(queue: UnimplementedDispatchQueue())
/// _ = timeout.hasTimedOut
/// ```
///
/// Failures raised on another thread are kept and reported again on the test's task by
/// ``expectNotUsed()`` (see `OffTaskFailureReporter`).
public final class UnimplementedDispatchQueue: DispatchQueueInterface {
    /// The label used in failure messages.
    public let label: String
    /// Whether this double stands in for the main queue.
    public let isMainQueue: Bool

    private let uses: UnimplementedUse

    /// Creates a queue that fails the test when used; create it on the test's task.
    ///
    /// - Parameters:
    ///   - label: The label for messages.
    ///   - isMainQueue: Whether it stands in for the main queue.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public init(
        label: String = "UnimplementedDispatchQueue",
        isMainQueue: Bool = false,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.label = label
        self.isMainQueue = isMainQueue
        self.uses = UnimplementedUse(of: "the queue", createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Always false: the code under test is never running on this queue.
    public var isCurrentQueue: Bool { false }

    /// Reports, on the calling task, every use of the double made on another thread and not yet
    /// reported.
    ///
    /// A use on the test's own task has failed the test already. Call it at the end of a Swift
    /// Testing test whose code under test may have used the double from another thread; under
    /// XCTest every use is reported at once.
    public func expectNotUsed() { uses.flush() }

    private func fail(_ call: String) {
        uses.report("\(call) was called on queue '\(label)'")
    }

    /// Reports a failure naming the async or asyncAfter call; the work does not run.
    ///
    /// - Parameters:
    ///   - work: Not run.
    ///   - time: Ignored.
    public func schedule(_ work: QueueWork, at time: QueueTime) {
        let isItem: Bool
        if case .workItem = work { isItem = true } else { isItem = false }
        switch time {
        case .now: fail(isItem ? "async(execute: DispatchWorkItem)" : "async")
        case .deadline, .delay: fail(isItem ? "asyncAfter(deadline:execute: DispatchWorkItem)" : "asyncAfter(deadline:)")
        case .wallDeadline, .wallDelay: fail(isItem ? "asyncAfter(wallDeadline:execute: DispatchWorkItem)" : "asyncAfter(wallDeadline:)")
        }
    }

    /// Reports a failure, then runs the work, since a value must be returned.
    ///
    /// - Parameter work: The work.
    /// - Returns: What `work` returns.
    public func performSync<T>(_ work: () throws -> T) rethrows -> T {
        fail("sync")
        return try work()
    }
}

extension DispatchQueueInterface where Self == UnimplementedDispatchQueue {
    /// A queue that fails the test when used.
    ///
    /// ```swift
    /// let timeout = SearchSessionTimeout(queue: .unimplemented())
    /// ```
    ///
    /// - Parameters:
    ///   - label: The label for messages.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A new unimplemented queue.
    public static func unimplemented(
        label: String = "UnimplementedDispatchQueue",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> UnimplementedDispatchQueue {
        UnimplementedDispatchQueue(label: label, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
