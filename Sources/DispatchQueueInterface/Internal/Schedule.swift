@preconcurrency import Dispatch

/// The blocks a ``ManualDispatchQueue`` holds, ordered by (deadline, submission).
///
/// Tests schedule in bursts and then drain, so the order is settled lazily, in three parts:
/// - an inbox: the blocks pushed since the last pop, in submission order;
/// - a sorted run, read from the front: an inbox as large as the rest of the run is sorted by
///   deadline in place (a stable radix sort, so ties keep submission order) and merged into it,
///   and a block no earlier than the run's last one is appended to it as is;
/// - a 4-ary min-heap for the few blocks that fit neither, ordered by small keys while the
///   blocks themselves stay put in a slab.
///
/// The earliest block is the earlier of the run's front and the heap's root. Pushing costs O(1);
/// a burst of n blocks costs one linear sort and O(1) per pop, reading the blocks in the order
/// they run; interleaved pushes and pops cost O(log n) each, as a plain heap does. The inbox and
/// the run keep their blocks in chunks of raw memory that never move (see ``ChunkPool``); the
/// schedule is a class so that, when it goes, it releases the blocks still held there.
final class Schedule {
    /// What a held block carries besides its place in the order; the group comes after the
    /// one-byte fields, so a payload takes 32 bytes and an entry 48.
    struct Payload {
        let body: QueuedWork.Body
        let kind: ScheduledWork.Kind
        let qos: DispatchQoS.QoSClass
        let group: DispatchGroup?

        init(_ work: QueuedWork, kind: ScheduledWork.Kind, qos: DispatchQoS.QoSClass) {
            body = work.body
            self.kind = kind
            self.qos = qos
            group = work.group
        }

        var work: QueuedWork { QueuedWork(body: body, group: group) }

        /// Runs the block unless it is a cancelled work item, then leaves the group.
        /// - Returns: Whether the block ran.
        func run() -> Bool { QueuedWork.run(body, group: group) }
    }

    /// One held block with its place in the order.
    struct Entry {
        let deadline: Int64
        let sequence: Int
        let payload: Payload
    }

    /// The parts, behind a pointer: reaching them costs no run-time exclusivity check, as a class's
    /// stored properties would.
    private let storage: UnsafeMutablePointer<Storage>

    init() {
        storage = UnsafeMutablePointer<Storage>.allocate(capacity: 1)
        storage.initialize(to: Storage())
    }

    deinit {
        storage.pointee.destroyAll()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// How many blocks are held.
    var count: Int { storage.pointee.count }

    /// Adds a block; its sequence must be larger than that of every block pushed before.
    func push(_ entry: consuming Entry) { storage.pointee.push(entry) }

    /// The earliest deadline held, or `nil` when empty.
    func earliestDeadline() -> Int64? { storage.pointee.earliestDeadline() }

    /// Removes and returns the earliest block if it is due by `limit`.
    func removeEarliest(dueBy limit: Int64) -> Entry? { storage.pointee.removeEarliest(dueBy: limit) }

    /// Every held block, in no particular order.
    var entries: [Entry] { storage.pointee.entries }

    /// Drops every block and returns them.
    func removeAll() -> [Entry] { storage.pointee.removeAll() }
}

extension Schedule {
    /// The inbox, the run and the heap, with the ordering logic.
    fileprivate struct Storage {
        /// A block in the heap: its place in the order and its slot in the slab.
        private struct Key {
            let deadline: Int64
            let sequence: Int
            let slot: Int

            @inline(__always)
            func isBefore(_ other: Key) -> Bool {
                deadline != other.deadline ? deadline < other.deadline : sequence < other.sequence
            }
        }

        /// An inbox at least this large, and at least as large as the run, is sorted and merged; a
        /// smaller one goes block by block to the run's end or to the heap.
        private static let sortThreshold = 32

        private var pool = ChunkPool()
        private var inbox = ChunkedDeque()
        private var run = ChunkedDeque()
        private var heap: [Key] = []
        private var slab: [Payload?] = []
        private var freeSlots: [Int] = []

        /// How many blocks are held.
        var count: Int { inbox.count + run.count + heap.count }

        /// Adds a block; its sequence must be larger than that of every block pushed before.
        mutating func push(_ entry: consuming Entry) {
            inbox.append(entry, pool: &pool)
        }

        /// The earliest deadline held, or `nil` when empty.
        mutating func earliestDeadline() -> Int64? {
            settleInbox()
            let front = run.front
            if let root = heap.first, !Self.isBefore(front, root) { return root.deadline }
            return front?.deadline
        }

        /// Removes and returns the earliest block if it is due by `limit`.
        mutating func removeEarliest(dueBy limit: Int64) -> Entry? {
            settleInbox()
            let front = run.front
            if let root = heap.first, !Self.isBefore(front, root) {
                guard root.deadline <= limit else { return nil }
                removeHeapRoot()
                let payload = slab[root.slot].take()
                freeSlots.append(root.slot)
                return payload.map { Entry(deadline: root.deadline, sequence: root.sequence, payload: $0) }
            }
            guard let front, front.deadline <= limit else { return nil }
            return run.removeFirst(pool: &pool)
        }

        /// Every held block, in no particular order.
        var entries: [Entry] {
            inbox.entries + run.entries
                + heap.compactMap { key in
                    slab[key.slot].map { Entry(deadline: key.deadline, sequence: key.sequence, payload: $0) }
                }
        }

        /// Drops every block and returns them.
        mutating func removeAll() -> [Entry] {
            let dropped = entries
            inbox.destroyAll(pool: &pool)
            run.destroyAll(pool: &pool)
            heap = []
            slab = []
            freeSlots = []
            return dropped
        }

        /// Releases every block and frees the chunks; the schedule is going.
        mutating func destroyAll() {
            inbox.destroyAll(pool: &pool)
            run.destroyAll(pool: &pool)
            pool.deallocateAll()
        }

        // MARK: Inbox and run

        /// Whether `front` is a block and comes before `key`.
        @inline(__always)
        private static func isBefore(_ front: (deadline: Int64, sequence: Int)?, _ key: Key) -> Bool {
            guard let front else { return false }
            return front.deadline != key.deadline ? front.deadline < key.deadline : front.sequence < key.sequence
        }

        @inline(__always)
        private static func isBefore(_ left: (deadline: Int64, sequence: Int), _ right: (deadline: Int64, sequence: Int)) -> Bool {
            left.deadline != right.deadline ? left.deadline < right.deadline : left.sequence < right.sequence
        }

        /// Moves the inbox into the ordered parts.
        private mutating func settleInbox() {
            guard !inbox.isEmpty else { return }
            if inbox.count >= Self.sortThreshold && inbox.count >= run.count {
                RadixSort.sortByDeadline(&inbox)
                if run.isEmpty {
                    swap(&run, &inbox)
                } else {
                    mergeInboxIntoRun()
                }
                return
            }
            while let entry = inbox.removeFirst(pool: &pool) {
                if let back = run.back, Self.isBefore((entry.deadline, entry.sequence), back) {
                    pushHeap(entry)
                } else {
                    run.append(entry, pool: &pool)
                }
            }
        }

        /// Merges the sorted inbox into the run, moving each block once; both give their chunks back
        /// as they empty.
        private mutating func mergeInboxIntoRun() {
            var merged = ChunkedDeque()
            while let left = run.front, let right = inbox.front {
                let source = Self.isBefore(right, left) ? inbox.removeFirst(pool: &pool) : run.removeFirst(pool: &pool)
                if let entry = source { merged.append(entry, pool: &pool) }
            }
            while let entry = run.removeFirst(pool: &pool) { merged.append(entry, pool: &pool) }
            while let entry = inbox.removeFirst(pool: &pool) { merged.append(entry, pool: &pool) }
            run = merged
        }

        // MARK: Heap

        private mutating func pushHeap(_ entry: Entry) {
            let slot: Int
            if let free = freeSlots.popLast() {
                slot = free
                slab[slot] = entry.payload
            } else {
                slot = slab.count
                slab.append(entry.payload)
            }
            let key = Key(deadline: entry.deadline, sequence: entry.sequence, slot: slot)
            // Sift up with a hole: parents move down, the new key is written once.
            heap.append(key)
            var hole = heap.count - 1
            while hole > 0 {
                let parent = (hole - 1) / 4
                guard key.isBefore(heap[parent]) else { break }
                heap[hole] = heap[parent]
                hole = parent
            }
            heap[hole] = key
        }

        private mutating func removeHeapRoot() {
            let last = heap.removeLast()
            guard !heap.isEmpty else { return }
            // Sift down with a hole from the root, then write the last key once.
            var hole = 0
            let count = heap.count
            while true {
                let first = 4 * hole + 1
                guard first < count else { break }
                var child = first
                let end = min(first + 4, count)
                var index = first + 1
                while index < end {
                    if heap[index].isBefore(heap[child]) { child = index }
                    index += 1
                }
                guard heap[child].isBefore(last) else { break }
                heap[hole] = heap[child]
                hole = child
            }
            heap[hole] = last
        }
    }
}
