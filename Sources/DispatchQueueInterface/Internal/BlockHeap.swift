@preconcurrency import Dispatch

/// The blocks a ``ManualDispatchQueue`` holds: a binary min-heap ordered by (deadline,
/// submission), so blocks run in deadline order and ties run in the order they were submitted.
///
/// Pushing and removing the earliest block cost O(log n), sifting by swaps.
struct BlockHeap {
    /// One held block with its place in the order.
    struct Entry {
        let deadline: Int64
        let sequence: Int
        let work: QueuedWork
        let kind: ScheduledWork.Kind
        let qos: DispatchQoS.QoSClass

        func runsBefore(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    /// Every held block, in heap order (not in the order they run).
    private(set) var entries: [Entry] = []

    /// How many blocks are held.
    var count: Int { entries.count }

    /// The deadline of the block that runs next, or `nil` when empty.
    var earliestDeadline: Int64? { entries.first?.deadline }

    /// Adds a block; its sequence must be larger than that of every block pushed before.
    mutating func push(_ entry: Entry) {
        entries.append(entry)
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard entries[child].runsBefore(entries[parent]) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest block if it is due by `limit`.
    mutating func removeEarliest(dueBy limit: Int64) -> Entry? {
        guard let earliest = entries.first, earliest.deadline <= limit else { return nil }
        entries.swapAt(0, entries.count - 1)
        entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            guard left < entries.count else { break }
            let right = left + 1
            let child = right < entries.count && entries[right].runsBefore(entries[left]) ? right : left
            guard entries[child].runsBefore(entries[parent]) else { break }
            entries.swapAt(child, parent)
            parent = child
        }
        return earliest
    }

    /// Drops every block and returns them, in no particular order.
    mutating func removeAll() -> [Entry] {
        defer { entries = [] }
        return entries
    }
}
