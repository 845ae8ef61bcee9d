/// Held blocks in arrival order, added at the back and taken from the front, stored in chunks
/// from a ``ChunkPool``: growing never copies what is held, and a chunk emptied at the front goes
/// back to the pool at once.
///
/// Places are numbered from `head` to `tail`; the numbering stays fixed while blocks are added
/// and taken, so a place can be addressed directly (the radix sort permutes blocks in place).
/// The places from `head` to `tail` hold blocks; every other place is uninitialized. The owner
/// empties a deque (taking its blocks out, or ``destroyAll(pool:)``) before dropping it.
struct ChunkedDeque {
    private var chunks: [UnsafeMutablePointer<Schedule.Entry>] = []
    /// The number of the front place.
    private(set) var head = 0
    /// One past the number of the back place.
    private(set) var tail = 0

    /// How many blocks are held.
    var count: Int { tail - head }

    var isEmpty: Bool { head == tail }

    /// The place numbered `index`, from `head` to `tail - 1`.
    @inline(__always)
    func place(_ index: Int) -> UnsafeMutablePointer<Schedule.Entry> {
        chunks[index >> ChunkPool.chunkShift] + (index & ChunkPool.chunkMask)
    }

    /// The deadline and sequence of the front block, read in place.
    var front: (deadline: Int64, sequence: Int)? {
        guard head < tail else { return nil }
        let place = place(head)
        return (place.pointee.deadline, place.pointee.sequence)
    }

    /// The deadline and sequence of the back block, read in place.
    var back: (deadline: Int64, sequence: Int)? {
        guard head < tail else { return nil }
        let place = place(tail - 1)
        return (place.pointee.deadline, place.pointee.sequence)
    }

    /// Adds `entry` at the back.
    mutating func append(_ entry: consuming Schedule.Entry, pool: inout ChunkPool) {
        if tail == chunks.count << ChunkPool.chunkShift { chunks.append(pool.makeChunk()) }
        place(tail).initialize(to: entry)
        tail += 1
    }

    /// Takes the front block out; its chunk goes back to `pool` once emptied.
    mutating func removeFirst(pool: inout ChunkPool) -> Schedule.Entry? {
        guard head < tail else { return nil }
        let entry = place(head).move()
        head += 1
        if head == tail {
            releaseChunks(to: &pool)
        } else if head == ChunkPool.chunkCapacity {
            pool.recycle(chunks.removeFirst())
            head = 0
            tail -= ChunkPool.chunkCapacity
        }
        return entry
    }

    /// Releases every block in place, without collecting them, and gives every chunk back to
    /// `pool`.
    mutating func destroyAll(pool: inout ChunkPool) {
        for index in head..<tail { place(index).deinitialize(count: 1) }
        releaseChunks(to: &pool)
    }

    private mutating func releaseChunks(to pool: inout ChunkPool) {
        for chunk in chunks { pool.recycle(chunk) }
        chunks.removeAll(keepingCapacity: true)
        head = 0
        tail = 0
    }

    /// A copy of every held block, front first.
    var entries: [Schedule.Entry] {
        (head..<tail).map { place($0).pointee }
    }
}
