// A file that imports a module with `@preconcurrency`: the stubs of its protocols do the same.

@preconcurrency import Foundation

/// Measures durations.
public protocol DurationMeasuring: Sendable {
    /// The time between two dates.
    func interval(from start: Date, to end: Date) -> TimeInterval
}
