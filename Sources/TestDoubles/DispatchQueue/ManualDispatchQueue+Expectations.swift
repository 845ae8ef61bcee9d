import DispatchQueueInterface
import TestSupportCore

extension ManualDispatchQueue {
    /// Reports a failure at the caller's line if any block is still waiting to run: work the
    /// test forgot to drive, or a timer the feature forgot to cancel.
    ///
    /// ```swift
    /// let queue = ManualDispatchQueue()
    /// let viewModel = BookSearchViewModel(queue: queue) { _ in [] }
    /// viewModel.queryChanged("dune")
    /// queue.advance(by: .milliseconds(300))
    /// queue.expectNoPendingWork()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNoPendingWork(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let pending = self.pending
        guard !pending.isEmpty else { return }
        FailureReporter.report(
            "Expected no pending work on queue '\(label)' at virtual time \(VirtualDelay.describe(nanoseconds: elapsedNanoseconds)), found \(pending.count) block(s): "
                + pending.map(\.description).joined(separator: "; "),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// Reports, at the caller's line, each misuse the queue recorded, then forgets them.
    ///
    /// A misuse is a `sync` from inside the queue's own work, runaway work or a negative time step.
    ///
    /// ```swift
    /// let queue = ManualDispatchQueue()
    /// queue.runAll()
    /// queue.expectNoMisuse()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNoMisuse(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        for misuse in takeMisuses() {
            FailureReporter.report(misuse.message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }
}

extension ImmediateDispatchQueue {
    /// Reports, at the caller's line, each misuse the queue recorded, then forgets them.
    ///
    /// A misuse is a `sync` from inside the queue's own work.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectNoMisuse(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        for misuse in takeMisuses() {
            FailureReporter.report(misuse.message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }
}
