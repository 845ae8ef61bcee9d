@preconcurrency import Dispatch

/// The blocks a ``ManualDispatchQueue`` holds, as a 4-ary min-heap ordered by (deadline,
/// submission). The heap moves small keys only, over half the levels of a binary heap; the
/// blocks themselves stay put in a slab, so pushing and popping 100,000 blocks stays cheap.
struct ScheduleHeap {
    /// One held block, as the queue gets it back.
    struct Entry {
        let deadline: Int64
        let sequence: Int
        let work: QueuedWork
        let kind: ScheduledWork.Kind
        let qos: DispatchQoS.QoSClass
    }

    private struct Key {
        let deadline: Int64
        let sequence: Int
        let slot: Int

        @inline(__always)
        func isBefore(_ other: Key) -> Bool {
            deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
        }
    }

    private struct Payload {
        let work: QueuedWork
        let kind: ScheduledWork.Kind
        let qos: DispatchQoS.QoSClass
    }

    private var keys: [Key] = []
    private var slab: [Payload?] = []
    private var freeSlots: [Int] = []

    /// How many blocks are held.
    var count: Int { keys.count }

    /// The earliest deadline held, or `nil` when empty.
    var earliestDeadline: Int64? { keys.first?.deadline }

    /// Adds a block.
    mutating func push(_ entry: Entry) {
        let payload = Payload(work: entry.work, kind: entry.kind, qos: entry.qos)
        let slot: Int
        if let free = freeSlots.popLast() {
            slot = free
            slab[slot] = payload
        } else {
            slot = slab.count
            slab.append(payload)
        }
        let key = Key(deadline: entry.deadline, sequence: entry.sequence, slot: slot)
        // Sift up with a hole: parents move down, the new key is written once.
        keys.append(key)
        var hole = keys.count - 1
        while hole > 0 {
            let parent = (hole - 1) / 4
            guard key.isBefore(keys[parent]) else { break }
            keys[hole] = keys[parent]
            hole = parent
        }
        keys[hole] = key
    }

    /// Removes and returns the earliest block if it is due by `limit`.
    mutating func popEarliest(dueBy limit: Int64) -> Entry? {
        guard let first = keys.first, first.deadline <= limit else { return nil }
        let last = keys.removeLast()
        if !keys.isEmpty {
            // Sift down with a hole from the root, then write the last key once.
            var hole = 0
            let count = keys.count
            while true {
                let first = 4 * hole + 1
                guard first < count else { break }
                var child = first
                let end = min(first + 4, count)
                var index = first + 1
                while index < end {
                    if keys[index].isBefore(keys[child]) { child = index }
                    index += 1
                }
                guard keys[child].isBefore(last) else { break }
                keys[hole] = keys[child]
                hole = child
            }
            keys[hole] = last
        }
        let payload = slab[first.slot]
        slab[first.slot] = nil
        freeSlots.append(first.slot)
        guard let payload else { return nil }
        return Entry(deadline: first.deadline, sequence: first.sequence, work: payload.work, kind: payload.kind, qos: payload.qos)
    }

    /// Every held block, in no particular order.
    var entries: [Entry] {
        keys.compactMap { key in
            slab[key.slot].map { Entry(deadline: key.deadline, sequence: key.sequence, work: $0.work, kind: $0.kind, qos: $0.qos) }
        }
    }

    /// Drops every block and returns them.
    mutating func removeAll() -> [Entry] {
        defer {
            keys = []
            slab = []
            freeSlots = []
        }
        return entries
    }
}
