import TestSupportCore

/// A `Clock` for code paths that must not read the time or sleep: each use reports a failure
/// at the line that created the clock, then behaves like an ``ImmediateClock`` so the code
/// under test can finish.
///
/// ```swift
/// let loader = RetryingLoader(clock: UnimplementedClock())   // the first attempt succeeds
/// _ = try await loader.load()                                 // so no backoff sleep happens
/// ```
public final class UnimplementedClock: Clock, Sendable {
    /// The clock's instants.
    public typealias Instant = TestClock.Instant

    private let name: String
    private let createdAt: CallSite
    private let reporter: OffTaskFailureReporter
    private let fallback = ImmediateClock()

    /// Creates a clock that fails the test when used; create it on the test's task.
    ///
    /// - Parameters:
    ///   - name: A name for messages.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public init(
        _ name: String = "UnimplementedClock",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.name = name
        self.createdAt = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        self.reporter = OffTaskFailureReporter()
    }

    /// Reports a failure, then returns the fallback clock's time.
    public var now: Instant {
        reporter.report("Unimplemented: \(name).now was read; this code path was expected not to use the clock", at: createdAt)
        return fallback.now
    }

    /// Zero.
    public var minimumResolution: Duration { .zero }

    /// Reports a failure, then returns at once.
    ///
    /// - Parameters:
    ///   - deadline: The requested deadline.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        reporter.report(
            "Unimplemented: \(name).sleep(until: \(deadline)) was called; this code path was expected not to sleep",
            at: createdAt
        )
        try await fallback.sleep(until: deadline, tolerance: tolerance)
    }

    /// Reports again, on the calling task, failures raised on other threads.
    public func flush() { reporter.flush() }
}

extension Clock where Self == UnimplementedClock {
    /// A clock that fails the test when used.
    ///
    /// ```swift
    /// let loader = RetryingLoader(clock: .unimplemented())
    /// ```
    ///
    /// - Parameters:
    ///   - name: A name for messages.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A new unimplemented clock.
    public static func unimplemented(
        _ name: String = "UnimplementedClock",
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> UnimplementedClock {
        UnimplementedClock(name, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
