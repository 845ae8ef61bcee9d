import KeyValueStoreInterface
import TestSupportCore

extension KeyValueStoreFake {
    /// Reports, at the caller's line, each call the real store would have rejected (a value
    /// that is not a property list), then forgets them.
    ///
    /// ```swift
    /// let store = KeyValueStoreFake()
    /// let settings = ReadingSettings(store: store)
    /// settings.reset()
    /// store.expectNoMisuse()
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
            FailureReporter.report(misuse, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
        }
    }
}

extension KeyValueStoreFake {
    /// Reports a failure at the caller's line unless a write was recorded, in the same time however
    /// many writes there are.
    ///
    /// A failure lists the closest few writes and counts the rest.
    ///
    /// ```swift
    /// let store = KeyValueStoreFake()
    /// let settings = ReadingSettings(store: store)
    /// settings.dailyGoalPages = 30
    /// store.expectRecorded(
    ///     KeyValueStoreWrite(key: "dailyGoalPages", value: .integer(30)))
    /// ```
    ///
    /// - Parameters:
    ///   - write: The write expected.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectRecorded(
        _ write: KeyValueStoreWrite,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        guard !hasRecorded(write) else { return }
        let (closest, others) = closestWrites(to: write)
        var message = "Expected the write \(write), but it was not recorded"
        let recorded = writes
        if recorded.isEmpty {
            message += "; no writes were recorded"
        } else if closest.isEmpty {
            message += "; none of the \(recorded.count) recorded write(s) is close (latest: \(recorded.last.map(\.description) ?? "none"))"
        } else {
            message += "; did you mean " + closest.map(\.description).joined(separator: " or ") + "?"
            if others > 0 { message += " (\(others) other write(s) not shown)" }
        }
        FailureReporter.report(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }
}
