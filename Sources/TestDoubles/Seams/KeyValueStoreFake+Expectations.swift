import KeyValueStoreInterface
import TestSupportCore

extension KeyValueStoreFake {
    /// Reports, at the caller's line, each call the real store would have rejected (a value
    /// that is not a property list), then forgets them.
    ///
    /// ```swift
    /// settings.save()
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
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        for misuse in takeMisuses() {
            FailureReporter.report(misuse, at: site)
        }
    }
}
