import Testing

@testable import DispatchQueueInterface

/// The heap against a plain reference: the held keys kept sorted, latest first, by binary
/// insertion.
@Suite("BlockHeap order")
struct BlockHeapTests {
    private struct Reference {
        private var keys: [(deadline: Int64, sequence: Int)] = []

        var count: Int { keys.count }

        mutating func insert(deadline: Int64, sequence: Int) {
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if (keys[middle].deadline, keys[middle].sequence) > (deadline, sequence) { low = middle + 1 } else { high = middle }
            }
            keys.insert((deadline, sequence), at: low)
        }

        mutating func removeEarliest(dueBy limit: Int64) -> (deadline: Int64, sequence: Int)? {
            guard let last = keys.last, last.deadline <= limit else { return nil }
            return keys.removeLast()
        }
    }

    private static func entry(deadline: Int64, sequence: Int) -> BlockHeap.Entry {
        BlockHeap.Entry(
            deadline: deadline, sequence: sequence, work: .closure({}), kind: .async, qos: .unspecified)
    }

    @Test("Bursts, single pushes and partial drains come out in (deadline, submission) order, whatever the path")
    func randomPushesAndPopsMatchTheReference() {
        var generator = SeededGenerator(seed: 7_340_033)
        var heap = BlockHeap()
        var reference = Reference()
        var sequence = 0
        var popped = 0
        // Single pushes, small and large bursts, between partial drains.
        let burstSizes = [1, 3, 31, 32, 200, 700, 1_500, 2_600]
        for _ in 0..<150 {
            let size = burstSizes.randomElement(using: &generator) ?? 1
            // Narrow ranges give ties; then rising deadlines, the far future and the virtual
            // clock's last value, and a wide random spread.
            let shape = Int.random(in: 0..<4, using: &generator)
            for index in 0..<size {
                let deadline: Int64
                switch shape {
                case 0: deadline = Int64.random(in: 0..<50, using: &generator)
                case 1: deadline = Int64(popped + index)
                case 2: deadline = Bool.random(using: &generator) ? .max : .max - 1 - Int64.random(in: 0..<3, using: &generator)
                default: deadline = Int64.random(in: 0..<1_000_000_000_000, using: &generator)
                }
                heap.push(Self.entry(deadline: deadline, sequence: sequence))
                reference.insert(deadline: deadline, sequence: sequence)
                sequence += 1
            }
            let limit = Bool.random(using: &generator) ? Int64.max : Int64.random(in: 0..<1_000_000_000_000, using: &generator)
            for _ in 0..<Int.random(in: 0..<2_000, using: &generator) {
                let expected = reference.removeEarliest(dueBy: limit)
                let actual = heap.removeEarliest(dueBy: limit)
                #expect(actual?.deadline == expected?.deadline && actual?.sequence == expected?.sequence)
                guard expected != nil else { break }
                popped += 1
            }
            #expect(heap.count == reference.count)
        }
        while let expected = reference.removeEarliest(dueBy: .max) {
            let actual = heap.removeEarliest(dueBy: .max)
            #expect(actual?.deadline == expected.deadline && actual?.sequence == expected.sequence)
        }
        #expect(heap.count == 0)
        #expect(heap.removeEarliest(dueBy: .max) == nil)
    }

    @Test("An entry stays 40 bytes on 64-bit platforms: the sift's reads, not its comparisons, set the cost of a large heap")
    func entrySize() {
        #if _pointerBitWidth(_64)
        #expect(MemoryLayout<QueuedWork>.size == 17)
        #expect(MemoryLayout<BlockHeap.Entry>.stride == 40)
        #endif
    }

    @Test("earliestDeadline answers the deadline removeEarliest takes next")
    func earliestDeadlineMatchesTheNextRemoval() {
        var generator = SeededGenerator(seed: 524_287)
        var heap = BlockHeap()
        for sequence in 0..<3_000 {
            heap.push(Self.entry(deadline: Int64.random(in: 0..<10_000, using: &generator), sequence: sequence))
            if sequence.isMultiple(of: 7) {
                let deadline = heap.earliestDeadline
                #expect(heap.removeEarliest(dueBy: .max)?.deadline == deadline)
            }
        }
        while let deadline = heap.earliestDeadline {
            #expect(heap.removeEarliest(dueBy: .max)?.deadline == deadline)
        }
    }

    @Test("entries lists every held block once, and removeAll empties the heap")
    func entriesListEveryBlock() {
        var heap = BlockHeap()
        for sequence in 0..<2_000 { heap.push(Self.entry(deadline: Int64(2_000 - sequence), sequence: sequence)) }
        _ = heap.removeEarliest(dueBy: .max)
        for sequence in 2_000..<2_010 { heap.push(Self.entry(deadline: Int64(sequence % 3), sequence: sequence)) }
        for sequence in 2_010..<2_020 { heap.push(Self.entry(deadline: 5, sequence: sequence)) }

        #expect(heap.entries.map(\.sequence).sorted() == Array(0..<2_020).filter { $0 != 1_999 })
        #expect(heap.removeAll().count == 2_019)
        #expect(heap.count == 0)
        #expect(heap.entries.isEmpty)
    }
}
