/// Fixed-size chunks of places for held blocks, owned by one ``Schedule`` and reused: a chunk
/// emptied at the front of a ``ChunkedDeque`` comes back here and is refilled at a back.
///
/// Chunks never move or grow, so a burst of blocks is stored without copying and touches each
/// page once; the memory is freed with the schedule. Every place of every chunk always holds a
/// value (`nil` when empty), so freeing needs no bookkeeping of what is live.
final class ChunkPool {
    /// Places per chunk (48 KB of blocks): a power of two, so a place is found by shift and mask.
    static let chunkCapacity = 1 << chunkShift
    static let chunkShift = 10
    static let chunkMask = chunkCapacity - 1

    private var allocated: [UnsafeMutablePointer<Schedule.Entry?>] = []
    private var spare: [UnsafeMutablePointer<Schedule.Entry?>] = []

    init() {}

    deinit {
        // A spare chunk's places are all `nil`, which holds nothing to release: only chunks
        // still in use need their places deinitialized.
        let spare = Set(spare)
        for chunk in allocated {
            if !spare.contains(chunk) { chunk.deinitialize(count: Self.chunkCapacity) }
            chunk.deallocate()
        }
    }

    /// A chunk whose places are all empty.
    func makeChunk() -> UnsafeMutablePointer<Schedule.Entry?> {
        if let chunk = spare.popLast() { return chunk }
        let chunk = UnsafeMutablePointer<Schedule.Entry?>.allocate(capacity: Self.chunkCapacity)
        chunk.initialize(repeating: nil, count: Self.chunkCapacity)
        allocated.append(chunk)
        return chunk
    }

    /// Takes back a chunk whose places have all been emptied.
    func recycle(_ chunk: UnsafeMutablePointer<Schedule.Entry?>) {
        spare.append(chunk)
    }
}
