import TestSupportCore

/// A clock whose sleeps return at once, moving its time forward by the amount slept, and which
/// records every sleep.
///
/// A `Clock` for tests that care what was waited, not about stepping through it.
///
/// ```swift
/// // Feature: Bookshelf's RetryingCatalogLoader retries with exponential
/// // backoff on any `Clock<Duration>`.
/// let clock = ImmediateClock()
/// let fetch = makeFlakyCatalogFetch(
///     failures: 2, then: CatalogPage(books: [], nextPage: nil))
/// let loader = RetryingCatalogLoader(
///     clock: clock, fetchPage: { try await fetch.call($0) })
/// _ = try await loader.load(page: 1)
/// #expect(clock.sleeps == [.seconds(1), .seconds(2)])
/// ```
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public final class ImmediateClock: Clock, Sendable {
    /// The clock's instants: an offset from its start, like the test clock's.
    ///
    /// The same type as ``TestClock/Instant``.
    public typealias Instant = TestClock.Instant

    private struct State {
        var now: Instant
        var sleeps: [Duration] = []
    }

    private let state: Locked<State>

    /// Creates a clock at a given instant.
    ///
    /// - Parameter now: The starting instant; the clock's zero by default.
    public init(now: Instant = Instant()) {
        state = Locked(State(now: now))
    }

    /// The current instant: the start plus every sleep so far.
    public var now: Instant { state.withLock { $0.now } }

    /// Zero: the clock is exact.
    public var minimumResolution: Duration { .zero }

    /// The durations of the sleeps so far, in order (a sleep to a past deadline records zero).
    public var sleeps: [Duration] { state.withLock { $0.sleeps } }

    /// Returns at once, moving the clock to the deadline if it is later than now.
    ///
    /// - Parameters:
    ///   - deadline: When the caller wanted to wake.
    ///   - tolerance: Ignored.
    /// - Throws: `CancellationError` if the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        state.withLock { state in
            state.sleeps.append(max(state.now.duration(to: deadline), .zero))
            state.now = max(state.now, deadline)
        }
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension Clock where Self == ImmediateClock {
    /// A clock whose sleeps return at once.
    ///
    /// ```swift
    /// let loader = RetryingCatalogLoader(clock: .immediate) { _ in
    ///     CatalogPage(books: [], nextPage: nil)
    /// }
    /// ```
    public static var immediate: ImmediateClock { ImmediateClock() }
}
