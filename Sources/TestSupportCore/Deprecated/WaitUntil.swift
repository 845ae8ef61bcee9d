/// Waits until a condition holds, checking it repeatedly; renamed.
///
/// Renamed `waitForCondition(_:timeout:)`: the old name collided with Nimble's `waitUntil`, so a
/// file importing both could not call either without qualifying it.
///
/// - Parameters:
///   - description: What is awaited, for the failure message.
///   - timeout: How long to wait before failing.
///   - pollingInterval: The pause between checks once the first yields are spent.
///   - isolation: The caller's actor; inferred.
///   - fileID: The caller's file ID.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
///   - condition: The condition to wait for.
/// - Returns: `true` if the condition held in time; `false` after reporting a failure.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
@available(*, deprecated, renamed: "waitForCondition(_:timeout:pollingInterval:isolation:fileID:filePath:line:column:_:)")
@discardableResult
public func waitUntil(
    _ description: String = "the condition",
    timeout: Duration = .seconds(5),
    pollingInterval: Duration = .milliseconds(1),
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    try await waitForCondition(
        description, timeout: timeout, pollingInterval: pollingInterval, isolation: isolation, fileID: fileID, filePath: filePath,
        line: line, column: column, condition)
}
