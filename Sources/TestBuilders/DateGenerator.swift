import Foundation
import TestSupportCore

/// Gives production code "now" under the test's control: a fixed date, or one that moves on
/// by a fixed step at every read.
///
/// It has the shape of every generator in the module: `init(startingAt:step:)` and ``next()``;
/// pass the method `dates.next` where production code takes a closure.
///
/// ```swift
/// // Production
/// final class ShelfService {
///     let now: @Sendable () -> Date
///     init(now: @escaping @Sendable () -> Date = Date.init) { self.now = now }
/// }
///
/// // Test
/// let dates = DateGenerator(startingAt: .testReference, step: 60)
/// let service = ShelfService(now: dates.next)
/// ```
///
/// Each instance keeps its own time, so parallel tests never share a clock.
public final class DateGenerator: Sendable {
    private let current: Locked<Date>
    private let step: TimeInterval

    /// Creates a generator that starts at a date and moves on by a step after each read.
    ///
    /// It returns `first`, then `first + step`, `first + 2 × step`, and so on.
    ///
    /// - Parameters:
    ///   - first: The first date; `Date.testReference` by default.
    ///   - step: Seconds added after each read; 1 by default, 0 for a date that never moves.
    public init(startingAt first: Date = .testReference, step: TimeInterval = 1) {
        current = Locked(first)
        self.step = step
    }

    /// A generator that always returns the same date.
    ///
    /// The same as `DateGenerator(startingAt: date, step: 0)`.
    ///
    /// - Parameter date: The date every read returns; `Date.testReference` by
    ///   default.
    /// - Returns: A new generator.
    public static func fixed(_ date: Date = .testReference) -> DateGenerator {
        DateGenerator(startingAt: date, step: 0)
    }

    /// The next date, then moves on by the step.
    ///
    /// - Returns: The current date of the generator.
    public func next() -> Date {
        current.withLock { date -> Date in
            defer { date = date.addingTimeInterval(step) }
            return date
        }
    }

    /// Moves the generator's date on by a number of seconds without reading it.
    ///
    /// - Parameter interval: Seconds to add; negative moves back.
    public func advance(by interval: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(interval) }
    }
}

extension Date {
    /// A fixed reference date for test data, 2024-01-01 00:00:00 UTC, so dates in test data
    /// never depend on when the test runs.
    public static let testReference = Date(timeIntervalSince1970: 1_704_067_200)
}
