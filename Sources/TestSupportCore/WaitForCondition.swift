/// Waits until a condition holds, checking it repeatedly, and reports a failure if it does not hold
/// within the timeout.
///
/// Waits until `condition` holds, checking it repeatedly, and reports a failure if it does not
/// hold within `timeout`.
///
/// Use it only for code that is really asynchronous and offers no hook to await; prefer the
/// deterministic tools (a manual queue, a test clock, a spy that suspends) everywhere else.
///
/// ```swift
/// let timeout = SearchSessionTimeout(
///     queue: DispatchQueue.global(), timeout: .milliseconds(10))
/// timeout.inputReceived()   // fires and forgets work on its own queue
/// await waitForCondition("the session timed out") { timeout.hasTimedOut }
/// ```
///
/// The condition is checked at once, then after each `Task.yield()` for the first few tries,
/// then every `pollingInterval`, until it holds or `timeout` has passed. It runs in the
/// caller's isolation, so it may read main-actor state from a main-actor test.
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
@discardableResult
public func waitForCondition(
    _ description: String = "the condition",
    timeout: WaitTimeout = .seconds(5),
    pollingInterval: Duration = .milliseconds(1),
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ condition: () async throws -> Bool
) async rethrows -> Bool {
    let clock = ContinuousClock()
    let start = clock.now
    let deadline = start.advanced(by: .nanoseconds(Int64(clamping: timeout.nanoseconds)))
    var checks = 0
    while true {
        checks += 1
        if try await condition() { return true }
        if clock.now >= deadline { break }
        if checks <= 10 {
            await Task.yield()
        } else {
            try? await Task.sleep(for: pollingInterval)
        }
        if Task.isCancelled { break }
    }
    let waited = clock.now - start
    FailureReporter.report(
        "Timed out waiting for \(description): not true after \(WaitTimeout(waited).text) "
            + "(timeout \(timeout.text), checked \(checks) times)",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
    return false
}
