import Foundation
import TestSupportCore

/// Gives production code "now" under the test's control: a fixed date, or one that moves on
/// by a fixed step at every read.
///
/// ```swift
/// // Production
/// final class ShelfService {
///     let now: @Sendable () -> Date
///     init(now: @escaping @Sendable () -> Date = Date.init) { self.now = now }
/// }
///
/// // Test
/// let dates = DateGenerator.incrementing(from: .testReference, by: 60)
/// let service = ShelfService(now: dates.generate)
/// ```
///
/// Each instance keeps its own time, so parallel tests never share a clock.
public final class DateGenerator: Sendable {
    private let current: Locked<Date>
    private let step: TimeInterval

    private init(start: Date, step: TimeInterval) {
        current = Locked(start)
        self.step = step
    }

    /// A generator that always returns the same date.
    ///
    /// A generator that always returns `date`.
    ///
    /// - Parameter date: The date every read returns; `Date.testReference` by
    ///   default.
    /// - Returns: A new generator.
    public static func fixed(_ date: Date = .testReference) -> DateGenerator {
        DateGenerator(start: date, step: 0)
    }

    /// A generator that returns a start date, then each next date one step later.
    ///
    /// A generator that returns `start`, then `start + step`, `start + 2 × step`, ….
    ///
    /// - Parameters:
    ///   - start: The first date; `Date.testReference` by default.
    ///   - step: Seconds added after each read; 1 by default.
    /// - Returns: A new generator.
    public static func incrementing(from start: Date = .testReference, by step: TimeInterval = 1) -> DateGenerator {
        DateGenerator(start: start, step: step)
    }

    /// The next date, then moves on by the step.
    ///
    /// - Returns: The current date of the generator.
    public func now() -> Date {
        current.withLock { date -> Date in
            defer { date = date.addingTimeInterval(step) }
            return date
        }
    }

    /// The next date, so the generator reads as a function.
    ///
    /// The next date, so the generator reads as a function: `dates()`.
    ///
    /// - Returns: The current date of the generator.
    public func callAsFunction() -> Date { now() }

    /// Moves the generator's date on by a number of seconds without reading it.
    ///
    /// Moves the generator's date on by `interval` seconds without reading it.
    ///
    /// - Parameter interval: Seconds to add; negative moves back.
    public func advance(by interval: TimeInterval) {
        current.withLock { $0 = $0.addingTimeInterval(interval) }
    }

    /// The generator as a closure, for production code that takes a date-making closure.
    ///
    /// The generator as a closure, for production code that takes `@Sendable () -> Date`.
    public var generate: @Sendable () -> Date { { self.now() } }
}

extension Date {
    /// A fixed reference date for test data, 2024-01-01 00:00:00 UTC, so dates in test data
    /// never depend on when the test runs.
    public static let testReference = Date(timeIntervalSince1970: 1_704_067_200)
}
