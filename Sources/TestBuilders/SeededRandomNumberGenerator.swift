/// A random number generator that gives the same sequence for the same seed on every platform and
/// every run.
///
/// It is SplitMix64, which needs only 64-bit integer arithmetic.
///
/// Inject it where production code uses randomness:
///
/// ```swift
/// // Production
/// func shuffledShelf<G: RandomNumberGenerator>(
///     _ books: [Book], using generator: inout G
/// ) -> [Book] {
///     books.shuffled(using: &generator)
/// }
///
/// // Test
/// var generator = SeededRandomNumberGenerator(seed: 42)
/// let first = generator.next()     // 0xBDD7_3226_2FEB_6E95, everywhere
/// ```
///
/// The raw sequence from ``next()`` is pinned by the package's tests. Values derived through
/// the standard library (`Int.random(in:using:)`, `shuffled(using:)`) depend on its algorithms,
/// which are the same on every platform of one Swift release but may change between releases.
///
/// It is a value: copy it to replay the sequence from the same point; each test owns its own.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable, Equatable {
    private var state: UInt64

    /// Creates a generator whose sequence is fixed by a seed.
    ///
    /// - Parameter seed: Any 64-bit value; equal seeds give equal sequences.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    ///
    /// - Returns: The next value of the SplitMix64 sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }
}
