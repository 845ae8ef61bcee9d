import Testing

@testable import DispatchQueueInterface

@Suite("RadixSort.sortByDeadline")
struct RadixSortTests {
    private static func sorted(_ deadlines: [Int64]) -> [Int] {
        var pool = ChunkPool()
        var blocks = ChunkedDeque()
        for (sequence, deadline) in deadlines.enumerated() {
            let payload = Schedule.Payload(QueuedWork(body: .closure({}), group: nil), kind: .async, qos: .unspecified)
            blocks.append(Schedule.Entry(deadline: deadline, sequence: sequence, payload: payload), pool: &pool)
        }
        RadixSort.sortByDeadline(&blocks)
        let sequences = blocks.entries.map(\.sequence)
        blocks.destroyAll(pool: &pool)
        pool.deallocateAll()
        return sequences
    }

    private static func expected(_ deadlines: [Int64]) -> [Int] {
        deadlines.indices.sorted { (deadlines[$0], $0) < (deadlines[$1], $1) }
    }

    @Test(
        "Orders by deadline and keeps ties in their order, at every size and width of deadline",
        arguments: [0, 1, 2, 255, 256, 1_023, 1_024, 1_025, 5_000], [Int64(1), 1_000, 1 << 40, .max])
    func ordersByDeadlineStably(count: Int, range: Int64) {
        var generator = SeededGenerator(seed: UInt64(count) &* 31 &+ UInt64(range.trailingZeroBitCount))
        let deadlines = (0..<count).map { _ in Int64.random(in: 0...range - 1, using: &generator) }

        #expect(Self.sorted(deadlines) == Self.expected(deadlines))
    }

    @Test("Deadlines at both ends of the range, the far future included, sort in order")
    func extremeDeadlinesSort() {
        var generator = SeededGenerator(seed: 99)
        let ends: [Int64] = [0, 1, .max - 1, .max, 1 << 62]
        let deadlines = (0..<3_000).map { _ in ends.randomElement(using: &generator) ?? 0 }

        #expect(Self.sorted(deadlines) == Self.expected(deadlines))
    }
}
