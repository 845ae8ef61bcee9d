import Testing

@testable import DispatchQueueInterface

/// The schedule settles its order lazily (inbox, sorted run, heap); these drive every path
/// against a plain reference: the held keys kept sorted, latest first, by binary insertion.
@Suite("Schedule order")
struct ScheduleTests {
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

    private static func entry(deadline: Int64, sequence: Int) -> Schedule.Entry {
        Schedule.Entry(
            deadline: deadline,
            sequence: sequence,
            payload: Schedule.Payload(QueuedWork(body: .closure({}), group: nil), kind: .async, qos: .unspecified)
        )
    }

    @Test("Bursts, single pushes and partial drains come out in (deadline, submission) order, whatever the path")
    func randomPushesAndPopsMatchTheReference() {
        var generator = SeededGenerator(seed: 7_340_033)
        let schedule = Schedule()
        var reference = Reference()
        var sequence = 0
        var popped = 0
        // Burst sizes that take each path: block by block (below the sort threshold), sorted
        // by comparison (below the radix minimum), radix-sorted, and larger than one chunk.
        let burstSizes = [1, 3, 31, 32, 200, 700, 1_500, 2_600]
        for _ in 0..<150 {
            let size = burstSizes.randomElement(using: &generator) ?? 1
            // Narrow ranges give ties; rising deadlines take the run's append path; the far
            // future and the virtual clock's last value test the radix sort's full width.
            let shape = Int.random(in: 0..<4, using: &generator)
            for index in 0..<size {
                let deadline: Int64
                switch shape {
                case 0: deadline = Int64.random(in: 0..<50, using: &generator)
                case 1: deadline = Int64(popped + index)
                case 2: deadline = Bool.random(using: &generator) ? .max : .max - 1 - Int64.random(in: 0..<3, using: &generator)
                default: deadline = Int64.random(in: 0..<1_000_000_000_000, using: &generator)
                }
                schedule.push(Self.entry(deadline: deadline, sequence: sequence))
                reference.insert(deadline: deadline, sequence: sequence)
                sequence += 1
            }
            let limit = Bool.random(using: &generator) ? Int64.max : Int64.random(in: 0..<1_000_000_000_000, using: &generator)
            for _ in 0..<Int.random(in: 0..<2_000, using: &generator) {
                let expected = reference.removeEarliest(dueBy: limit)
                let actual = schedule.removeEarliest(dueBy: limit)
                #expect(actual?.deadline == expected?.deadline && actual?.sequence == expected?.sequence)
                guard expected != nil else { break }
                popped += 1
            }
            #expect(schedule.count == reference.count)
        }
        while let expected = reference.removeEarliest(dueBy: .max) {
            let actual = schedule.removeEarliest(dueBy: .max)
            #expect(actual?.deadline == expected.deadline && actual?.sequence == expected.sequence)
        }
        #expect(schedule.count == 0)
        #expect(schedule.removeEarliest(dueBy: .max) == nil)
    }

    @Test("earliestDeadline answers the deadline removeEarliest takes next")
    func earliestDeadlineMatchesTheNextRemoval() {
        var generator = SeededGenerator(seed: 524_287)
        let schedule = Schedule()
        for sequence in 0..<3_000 {
            schedule.push(Self.entry(deadline: Int64.random(in: 0..<10_000, using: &generator), sequence: sequence))
            if sequence.isMultiple(of: 7) {
                let deadline = schedule.earliestDeadline()
                #expect(schedule.removeEarliest(dueBy: .max)?.deadline == deadline)
            }
        }
        while let deadline = schedule.earliestDeadline() {
            #expect(schedule.removeEarliest(dueBy: .max)?.deadline == deadline)
        }
    }

    @Test("entries lists every held block once, wherever it is held, and removeAll empties the schedule")
    func entriesListEveryBlock() {
        let schedule = Schedule()
        for sequence in 0..<2_000 { schedule.push(Self.entry(deadline: Int64(2_000 - sequence), sequence: sequence)) }
        _ = schedule.removeEarliest(dueBy: .max)
        for sequence in 2_000..<2_010 { schedule.push(Self.entry(deadline: Int64(sequence % 3), sequence: sequence)) }
        _ = schedule.earliestDeadline()
        for sequence in 2_010..<2_020 { schedule.push(Self.entry(deadline: 5, sequence: sequence)) }

        #expect(schedule.entries.map(\.sequence).sorted() == Array(0..<2_020).filter { $0 != 1_999 })
        #expect(schedule.removeAll().count == 2_019)
        #expect(schedule.count == 0)
        #expect(schedule.entries.isEmpty)
    }
}
