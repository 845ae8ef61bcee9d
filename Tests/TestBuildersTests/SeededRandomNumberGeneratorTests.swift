import TestBuilders
import Testing

@Suite("SeededRandomNumberGenerator")
struct SeededRandomNumberGeneratorTests {
    // snippet: seed-zero-reference
    @Test("seed 0 gives the published SplitMix64 reference values")
    func seedZeroMatchesReference() {
        var generator = SeededRandomNumberGenerator(seed: 0)

        #expect(
            [generator.next(), generator.next(), generator.next()] == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4,
                0x06C4_5D18_8009_454F,
            ])
    }
    // end-snippet

    @Test("seed 42 gives its pinned sequence")
    func seedFortyTwoIsPinned() {
        var generator = SeededRandomNumberGenerator(seed: 42)

        #expect(
            [generator.next(), generator.next(), generator.next()] == [
                0xBDD7_3226_2FEB_6E95, 0x28EF_E333_B266_F103, 0x4752_6757_130F_9F52,
            ])
    }

    @Test("equal seeds give equal sequences")
    func equalSeedsGiveEqualSequences() {
        var first = SeededRandomNumberGenerator(seed: 7)
        var second = SeededRandomNumberGenerator(seed: 7)

        #expect((0..<100).map { _ in first.next() } == (0..<100).map { _ in second.next() })
    }

    @Test("a copy replays the sequence from the point it was copied")
    func copyReplaysSequence() {
        var generator = SeededRandomNumberGenerator(seed: 9)
        _ = generator.next()
        var copy = generator

        #expect(generator.next() == copy.next())
    }

    @Test("works with the standard library's random APIs")
    func worksWithStandardLibrary() {
        var first = SeededRandomNumberGenerator(seed: 1)
        var second = SeededRandomNumberGenerator(seed: 1)

        #expect(Array(1...10).shuffled(using: &first) == Array(1...10).shuffled(using: &second))
        #expect(Int.random(in: 0..<1_000, using: &first) == Int.random(in: 0..<1_000, using: &second))
    }
}
