@preconcurrency import Dispatch

/// The blocks a ``ManualDispatchQueue`` holds: a binary min-heap ordered by (deadline,
/// submission), so blocks run in deadline order and ties run in the order they were submitted.
///
/// Pushing and removing the earliest block cost O(log n). Sifting moves each block with a hole
/// (one move per level, the moving block written once) rather than swapping copies, so reordering
/// the blocks costs no reference counting.
///
/// Removing the earliest block reads two entries per level, each read waiting for the one
/// before; once the heap outgrows the processor's cache, those reads dominate its cost. So an
/// entry is kept at 40 bytes on 64-bit platforms: the work is one 17-byte enum (see
/// ``QueuedWork``), and kind and QoS fill the bytes after it.
struct BlockHeap {
    /// One held block with its place in the order.
    struct Entry {
        let deadline: Int64
        let sequence: Int
        let work: QueuedWork
        let kind: ScheduledWork.Kind
        let qos: DispatchQoS.QoSClass

        @inline(__always)
        func runsBefore(_ other: Entry) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    /// Every held block, in heap order (not in the order they run).
    private(set) var entries: [Entry] = []

    /// How many blocks are held.
    var count: Int { entries.count }

    /// The deadline of the block that runs next, or `nil` when empty.
    var earliestDeadline: Int64? { entries.isEmpty ? nil : entries[0].deadline }

    /// Adds a block; its sequence must be larger than that of every block pushed before.
    mutating func push(_ entry: Entry) {
        entries.append(entry)
        entries.withUnsafeMutableBufferPointer { heap in
            guard let base = heap.baseAddress else { return }
            var hole = heap.count - 1
            let moving = (base + hole).move()
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard moving.runsBefore(base[parent]) else { break }
                (base + hole).moveInitialize(from: base + parent, count: 1)
                hole = parent
            }
            (base + hole).initialize(to: moving)
        }
    }

    /// Removes and returns the earliest block if it is due by `limit`.
    mutating func removeEarliest(dueBy limit: Int64) -> Entry? {
        guard !entries.isEmpty, entries[0].deadline <= limit else { return nil }
        let last = entries.removeLast()
        guard !entries.isEmpty else { return last }
        return entries.withUnsafeMutableBufferPointer { heap in
            guard let base = heap.baseAddress else { return nil }
            let earliest = base.move()
            var hole = 0
            while true {
                let left = 2 * hole + 1
                guard left < heap.count else { break }
                let right = left + 1
                let child = right < heap.count && base[right].runsBefore(base[left]) ? right : left
                guard base[child].runsBefore(last) else { break }
                (base + hole).moveInitialize(from: base + child, count: 1)
                hole = child
            }
            (base + hole).initialize(to: last)
            return earliest
        }
    }

    /// Drops every block and returns them, in no particular order.
    mutating func removeAll() -> [Entry] {
        defer { entries = [] }
        return entries
    }
}
