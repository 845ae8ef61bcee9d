@preconcurrency import Dispatch

/// The blocks a ``ManualDispatchQueue`` holds: a binary min-heap ordered by (deadline,
/// submission), so blocks run in deadline order and ties run in the order they were submitted.
///
/// Pushing and removing the earliest block cost O(log n). The heap moves only small plain keys;
/// the blocks themselves stay put in a slab, so sifting copies no reference and costs no
/// reference counting.
struct BlockHeap {
    /// One held block with its place in the order.
    struct Entry {
        let deadline: Int64
        let sequence: Int
        let work: QueuedWork
        let kind: ScheduledWork.Kind
        let qos: DispatchQoS.QoSClass

        func runsBefore(_ other: Entry) -> Bool {
            (deadline, sequence) < (other.deadline, other.sequence)
        }
    }

    /// What the heap orders: a block's place in the order and its slot in the slab.
    private struct Key {
        let deadline: Int64
        let sequence: Int
        let slot: Int

        @inline(__always)
        func runsBefore(_ other: Key) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private var keys: [Key] = []
    private var slab: [Entry?] = []
    private var freeSlots: [Int] = []

    /// How many blocks are held.
    var count: Int { keys.count }

    /// The deadline of the block that runs next, or `nil` when empty.
    var earliestDeadline: Int64? { keys.first?.deadline }

    /// Every held block, in no particular order.
    var entries: [Entry] { keys.compactMap { slab[$0.slot] } }

    /// Adds a block; its sequence must be larger than that of every block pushed before.
    mutating func push(_ entry: Entry) {
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slab[slot] = entry
        } else {
            slot = slab.count
            slab.append(entry)
        }
        let key = Key(deadline: entry.deadline, sequence: entry.sequence, slot: slot)
        keys.append(key)
        keys.withUnsafeMutableBufferPointer { keys in
            // Sift up with a hole: parents move down, the new key is written once.
            var hole = keys.count - 1
            while hole > 0 {
                let parent = (hole - 1) / 2
                guard key.runsBefore(keys[parent]) else { break }
                keys[hole] = keys[parent]
                hole = parent
            }
            keys[hole] = key
        }
    }

    /// Removes and returns the earliest block if it is due by `limit`.
    mutating func removeEarliest(dueBy limit: Int64) -> Entry? {
        guard let root = keys.first, root.deadline <= limit else { return nil }
        let last = keys.removeLast()
        if !keys.isEmpty {
            keys.withUnsafeMutableBufferPointer { keys in
                // Sift down with a hole from the root, then write the last key once.
                var hole = 0
                while true {
                    let left = 2 * hole + 1
                    guard left < keys.count else { break }
                    let right = left + 1
                    let child = right < keys.count && keys[right].runsBefore(keys[left]) ? right : left
                    guard keys[child].runsBefore(last) else { break }
                    keys[hole] = keys[child]
                    hole = child
                }
                keys[hole] = last
            }
        }
        let earliest = slab[root.slot].take()
        if keys.isEmpty {
            // Drained: slots start afresh, so the next burst fills the slab in order.
            slab.removeAll(keepingCapacity: true)
            freeSlots.removeAll(keepingCapacity: true)
        } else {
            freeSlots.append(root.slot)
        }
        return earliest
    }

    /// Drops every block and returns them, in no particular order.
    mutating func removeAll() -> [Entry] {
        defer { self = BlockHeap() }
        return entries
    }
}
