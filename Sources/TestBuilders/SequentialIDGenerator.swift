import TestSupportCore

/// Generates increasing integer IDs, 1, 2, 3 and so on, for models keyed by integers.
///
/// For models keyed by `Int`.
///
/// ```swift
/// let ids = SequentialIDGenerator()
/// let orderNumbers = [ids.next(), ids.next()]
/// #expect(orderNumbers == [1, 2])
/// ```
///
/// Each instance counts on its own, so parallel tests never share a sequence.
public final class SequentialIDGenerator: Sendable {
    private let counter: Locked<Int>
    private let step: Int

    /// Creates a generator.
    ///
    /// - Parameters:
    ///   - first: The first id; 1 by default.
    ///   - step: The difference between consecutive ids; 1 by default.
    public init(startingAt first: Int = 1, step: Int = 1) {
        counter = Locked(first)
        self.step = step
    }

    /// The next id.
    ///
    /// - Returns: The first id on the first call, then each one `step` more.
    public func next() -> Int {
        counter.withLock { value -> Int in
            defer { value &+= step }
            return value
        }
    }
}
