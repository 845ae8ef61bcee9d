/// Fixed-size chunks of places for held blocks, owned by one ``Schedule`` and reused: a chunk
/// emptied at the front of a ``ChunkedDeque`` comes back here and is refilled at a back.
///
/// Chunks never move or grow, so a burst of blocks is stored without copying and touches each
/// page once. A chunk's places are raw memory: the deque holding the chunk initializes and
/// deinitializes them. The owner calls ``deallocateAll()`` once no deque holds blocks.
struct ChunkPool {
    /// Places per chunk (48 KB of blocks): a power of two, so a place is found by shift and mask.
    static let chunkCapacity = 1 << chunkShift
    static let chunkShift = 10
    static let chunkMask = chunkCapacity - 1

    private var allocated: [UnsafeMutablePointer<Schedule.Entry>] = []
    private var spare: [UnsafeMutablePointer<Schedule.Entry>] = []

    /// A chunk whose places are all uninitialized.
    mutating func makeChunk() -> UnsafeMutablePointer<Schedule.Entry> {
        if let chunk = spare.popLast() { return chunk }
        let chunk = UnsafeMutablePointer<Schedule.Entry>.allocate(capacity: Self.chunkCapacity)
        allocated.append(chunk)
        return chunk
    }

    /// Takes back a chunk whose places are all uninitialized again.
    mutating func recycle(_ chunk: UnsafeMutablePointer<Schedule.Entry>) {
        spare.append(chunk)
    }

    /// Frees every chunk; no deque may hold a block or a chunk any more.
    mutating func deallocateAll() {
        for chunk in allocated { chunk.deallocate() }
        allocated = []
        spare = []
    }
}
