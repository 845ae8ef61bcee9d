/// Held blocks in arrival order, added at the back and taken from the front, stored in chunks
/// from a ``ChunkPool``: growing never copies what is held, and a chunk emptied at the front goes
/// back to the pool at once.
///
/// Places are numbered from `head` to `tail`; the numbering stays fixed while blocks are added
/// and taken, so a place can be addressed directly (the radix sort permutes blocks in place).
struct ChunkedDeque {
    private var chunks: [UnsafeMutablePointer<Schedule.Entry?>] = []
    /// The number of the front place.
    private(set) var head = 0
    /// One past the number of the back place.
    private(set) var tail = 0

    /// How many blocks are held.
    var count: Int { tail - head }

    var isEmpty: Bool { head == tail }

    /// The place numbered `index`, from `head` to `tail - 1`.
    @inline(__always)
    func place(_ index: Int) -> UnsafeMutablePointer<Schedule.Entry?> {
        chunks[index >> ChunkPool.chunkShift] + (index & ChunkPool.chunkMask)
    }

    /// The deadline and sequence of the front block, read in place.
    var front: (deadline: Int64, sequence: Int)? { isEmpty ? nil : order(at: head) }

    /// The deadline and sequence of the back block, read in place.
    var back: (deadline: Int64, sequence: Int)? { isEmpty ? nil : order(at: tail - 1) }

    @inline(__always)
    private func order(at index: Int) -> (deadline: Int64, sequence: Int)? {
        let place = place(index)
        guard let deadline = place.pointee?.deadline, let sequence = place.pointee?.sequence else { return nil }
        return (deadline, sequence)
    }

    /// Adds `entry` at the back.
    mutating func append(_ entry: consuming Schedule.Entry, pool: ChunkPool) {
        if tail == chunks.count << ChunkPool.chunkShift { chunks.append(pool.makeChunk()) }
        place(tail).pointee = entry
        tail += 1
    }

    /// Takes the front block out; its chunk goes back to `pool` once emptied.
    mutating func removeFirst(pool: ChunkPool) -> Schedule.Entry? {
        guard head < tail else { return nil }
        let entry = place(head).pointee.take()
        head += 1
        if head == tail {
            removeAll(pool: pool)
        } else if head == ChunkPool.chunkCapacity {
            pool.recycle(chunks.removeFirst())
            head = 0
            tail -= ChunkPool.chunkCapacity
        }
        return entry
    }

    /// Gives every chunk back to `pool`; call once every block has been taken out.
    mutating func removeAll(pool: ChunkPool) {
        for chunk in chunks { pool.recycle(chunk) }
        chunks.removeAll(keepingCapacity: true)
        head = 0
        tail = 0
    }

    /// A copy of every held block, front first.
    var entries: [Schedule.Entry] {
        (head..<tail).compactMap { place($0).pointee }
    }
}
