import TestSupportCore

/// Hands out increasing numbers that order recorded calls across every spy, so
/// `expectInOrder` can compare calls made to different spies.
///
/// Process-wide on purpose, and harmless to parallel tests: it holds no test's data, only a
/// counter, and a test compares the ordinals of its own spies' calls, whose relative order is
/// all that matters. Other tests' calls only leave gaps between the numbers.
enum DoublesCallOrdinal {
    private static let counter = Locked<UInt64>(0)

    /// The next ordinal; every call returns a larger one than any call before it.
    static func next() -> UInt64 {
        counter.withLock { value in
            value += 1
            return value
        }
    }
}
