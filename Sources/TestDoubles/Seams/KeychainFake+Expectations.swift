import KeychainInterface
import TestSupportCore

extension KeychainFake {
    /// Reports a failure at the caller's line for each `failNext` fault that no operation used:
    /// the error path the test meant to exercise was never reached.
    ///
    /// ```swift
    /// keychain.failNext(.add, with: .interactionNotAllowed)
    /// try? store.save("abc")
    /// keychain.expectAllInjectedFaultsUsed()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectAllInjectedFaultsUsed(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        for (kind, errors) in unusedInjectedFaults.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let ran = operations.filter { $0.kind == kind }.count
            FailureReporter.report(
                "Expected the injected \(kind.rawValue) fault(s) \(errors.map(\.description).joined(separator: ", ")) to be used, "
                    + "but \(errors.count) remained; \(ran) \(kind.rawValue) operation(s) ran",
                at: site
            )
        }
    }
}
