import TestSupportCore
import Testing

@Suite("RecordedLog")
struct RecordedLogTests {
    @Test("clear forgets the entries, and later entries go on from the positions before it")
    func clearKeepsPositions() {
        var log = RecordedLog<String, Never>()
        log.append("a")
        log.append("b")

        log.clear()
        let position = log.append("c")

        #expect(log.entries == ["c"])
        #expect(position == 2)
        #expect(log.clearedCount == 2)
        #expect(log[position: 2] == "c")
        #expect(log[position: 0] == nil)
    }

    @Test("update changes the entry at a position and drops an update to a cleared one")
    func updateDropsClearedPositions() {
        var log = RecordedLog<String, Never>()
        let first = log.append("a")
        log.clear()
        let second = log.append("b")

        log.update(at: first) { $0 = "changed" }
        log.update(at: second) { $0 += "!" }

        #expect(log.entries == ["b!"])
    }

    @Test("entries(from:) gives the entries at or after a position that were not cleared")
    func entriesFromPosition() {
        var log = RecordedLog<Int, Never>()
        for value in 0..<3 { log.append(value) }
        log.clear()
        for value in 3..<6 { log.append(value) }

        #expect(Array(log.entries(from: 1)) == [3, 4, 5])
        #expect(Array(log.entries(from: 4)) == [4, 5])
        #expect(log.entries(from: 6).isEmpty)
        #expect(log.endPosition == 6)
    }

    @Test("A tallied log finds an entry by count, and forgets it on clear")
    func talliedContains() {
        var log = RecordedLog<String, String>()
        log.append("a")
        log.append("a")

        #expect(log.contains("a"))
        #expect(!log.contains("b"))
        log.clear()
        #expect(!log.contains("a"))
    }

    @Test("closest ranks the highest first and the latest first on a tie, leaving out the unranked")
    func closestOrder() {
        var log = RecordedLog<String, Never>()
        for entry in ["x1", "y", "x2", "z", "x3"] { log.append(entry) }

        let indices = log.closest(limit: 3) { entry -> Int? in
            entry == "z" ? 2 : entry.hasPrefix("x") ? 1 : nil
        }

        #expect(indices.map { log.entries[$0] } == ["z", "x3", "x2"])
    }

    @Test("closestDistinct lists each entry once and counts the recorded entries it leaves out")
    func closestDistinctCountsOthers() {
        var log = RecordedLog<String, String>()
        for entry in ["a", "b", "a", "c", "a"] { log.append(entry) }

        let (closest, others) = log.closestDistinct(limit: 2) { $0 == "c" ? nil : 0 }

        #expect(closest == ["a", "b"])
        #expect(others == 1)
    }
}
