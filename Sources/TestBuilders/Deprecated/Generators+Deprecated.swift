import Foundation

// The generators' earlier names, kept so that code written against them still builds with a
// fix-it. Every generator now has one shape: `init(startingAt:step:)`, `next()` and
// `callAsFunction()`; production code that takes a closure gets the method `generator.next`.

extension SequentialIDGenerator {
    /// The generator as a closure; renamed.
    ///
    /// Pass the method `next` instead, as in `ids.next`.
    @available(*, deprecated, renamed: "next", message: "pass the method: ids.next")
    public var generate: @Sendable () -> Int { { self.next() } }
}

extension SequentialUUIDGenerator {
    /// The generator as a closure; renamed.
    ///
    /// Pass the method `next` instead, as in `ids.next`.
    @available(*, deprecated, renamed: "next", message: "pass the method: ids.next")
    public var generate: @Sendable () -> UUID { { self.next() } }
}

extension DateGenerator {
    /// The generator as a closure; renamed.
    ///
    /// Pass the method `next` instead, as in `dates.next`.
    @available(*, deprecated, renamed: "next", message: "pass the method: dates.next")
    public var generate: @Sendable () -> Date { { self.next() } }

    /// The next date, then moves on by the step; renamed.
    ///
    /// Renamed `next()`.
    ///
    /// - Returns: The current date of the generator.
    @available(*, deprecated, renamed: "next()")
    public func now() -> Date { next() }

    /// A generator that starts at a date and moves on by a step after each read; renamed.
    ///
    /// Renamed `init(startingAt:step:)`. It returns `start`, then `start + step`, and so on.
    ///
    /// - Parameters:
    ///   - start: The first date; `Date.testReference` by default.
    ///   - step: Seconds added after each read; 1 by default.
    /// - Returns: A new generator.
    @available(*, deprecated, renamed: "init(startingAt:step:)")
    public static func incrementing(from start: Date = .testReference, by step: TimeInterval = 1) -> DateGenerator {
        DateGenerator(startingAt: start, step: step)
    }
}
