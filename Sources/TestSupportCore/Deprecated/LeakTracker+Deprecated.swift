// The tracker's earlier name, kept so that code written against it still builds with a fix-it.
extension LeakTracker {
    /// Reports a failure for every tracked object that is still alive; renamed.
    ///
    /// Renamed `expectNoLeaks()`.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    @available(*, deprecated, renamed: "expectNoLeaks(fileID:filePath:line:column:)")
    public func verifyNoLeaks(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expectNoLeaks(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
