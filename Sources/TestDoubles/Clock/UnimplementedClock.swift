import TestSupportCore

/// A clock for code paths that must not read the time or sleep: its first use reports a failure at
/// the line that created the clock.
///
/// A `Clock` that reports once (`sleep(for:)` reads `now` and then sleeps, which is one mistake),
/// then behaves like an ``ImmediateClock`` so the code under test can finish.
///
/// ```swift
/// // The first attempt succeeds, so no backoff sleep happens
/// let loader = RetryingCatalogLoader(clock: UnimplementedClock()) { _ in
///     CatalogPage(books: [], nextPage: nil)
/// }
/// _ = try await loader.load(page: 1)
/// ```
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public final class UnimplementedClock: Clock, Sendable {
    /// The clock's instants.
    public typealias Instant = TestClock.Instant

    private let name: String
    private let uses: UnimplementedUse
    private let fallback = ImmediateClock()
    private let reported = Locked(false)

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
        self.uses = UnimplementedUse(of: "the clock", createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports a failure on first use, then returns the fallback clock's time.
    public var now: Instant {
        reportFirstUse("now was read")
        return fallback.now
    }

    /// Zero.
    public var minimumResolution: Duration { .zero }

    /// Reports a failure on first use, then returns at once.
    ///
    /// - Parameters:
    ///   - deadline: The requested deadline.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        reportFirstUse("sleep(until: \(deadline)) was called")
        try await fallback.sleep(until: deadline, tolerance: tolerance)
    }

    /// Reports, on the calling task, every use of the double made on another thread and not yet
    /// reported.
    ///
    /// A use on the test's own task has failed the test already. Call it at the end of a Swift
    /// Testing test whose code under test may have used the double from another thread; under
    /// XCTest every use is reported at once.
    public func expectNotUsed() { uses.flush() }

    private func reportFirstUse(_ use: String) {
        guard !reported.exchange(true) else { return }
        uses.report("\(name) was used (\(use))")
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension Clock where Self == UnimplementedClock {
    /// A clock that fails the test when used.
    ///
    /// ```swift
    /// let loader = RetryingCatalogLoader(clock: .unimplemented()) { _ in
    ///     CatalogPage(books: [], nextPage: nil)
    /// }
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
