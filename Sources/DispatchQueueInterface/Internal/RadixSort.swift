/// The sort behind ``Schedule``'s run: a stable least-significant-digit radix sort of blocks by
/// deadline, linear in the number of blocks, so a burst of scheduled blocks is ordered in a few
/// sequential passes rather than one heap operation per block.
///
/// Each block's deadline (less the smallest) and its index are packed into one 64-bit word,
/// deadline high, so the passes move 8 bytes a block and a tie keeps its order; deadlines too
/// far apart to pack (the far future beside the present) take a comparison sort instead.
enum RadixSort {
    /// Below this many blocks a comparison sort is cheaper than the histogram passes.
    private static let minimumCount = 256
    private static let digitBits = 11
    private static let bucketCount = 1 << digitBits

    /// Sorts the blocks of `blocks` by deadline in place; blocks with the same deadline keep their
    /// order, so blocks pushed in submission order keep ties in submission order.
    static func sortByDeadline(_ blocks: inout ChunkedDeque) {
        let count = blocks.count
        guard count > 1 else { return }
        let first = blocks.head
        var low = UInt64.max
        var high = UInt64.min
        let keys = (0..<count).map { index in
            let key = UInt64(bitPattern: blocks.place(first + index).pointee.deadline) ^ (1 << 63)
            low = min(low, key)
            high = max(high, key)
            return key
        }
        guard high > low else { return }
        let keyBits = UInt64.bitWidth - (high - low).leadingZeroBitCount
        let indexBits = UInt64.bitWidth - UInt64(count - 1).leadingZeroBitCount
        var sources: [UInt64]
        let indexMask: UInt64
        if count >= minimumCount && keyBits + indexBits <= UInt64.bitWidth {
            indexMask = (1 << indexBits) - 1
            sources = keys.enumerated().map { index, key in (key - low) << indexBits | UInt64(index) }
            sortByDigits(&sources, from: indexBits, to: indexBits + keyBits)
        } else {
            indexMask = .max
            sources = (0..<UInt64(count)).sorted { keys[Int($0)] != keys[Int($1)] ? keys[Int($0)] < keys[Int($1)] : $0 < $1 }
        }
        permute(blocks, sources: &sources, indexMask: indexMask)
    }

    /// Puts the block at place `sources[i] & indexMask` at place `i`, following each cycle of the
    /// permutation so every block moves once and no second buffer is needed.
    private static func permute(_ blocks: ChunkedDeque, sources: inout [UInt64], indexMask: UInt64) {
        let first = blocks.head
        sources.withUnsafeMutableBufferPointer { sources in
            for start in sources.indices where Int(truncatingIfNeeded: sources[start] & indexMask) != start {
                let saved = blocks.place(first + start).move()
                var place = start
                while true {
                    let source = Int(truncatingIfNeeded: sources[place] & indexMask)
                    sources[place] = UInt64(place)
                    if source == start {
                        blocks.place(first + place).initialize(to: saved)
                        break
                    }
                    blocks.place(first + place).moveInitialize(from: blocks.place(first + source), count: 1)
                    place = source
                }
            }
        }
    }

    /// Sorts `values` stably by their bits from `lowBit` up to `highBit`, one digit per pass; a
    /// pass whose digit is the same for every value is skipped.
    private static func sortByDigits(_ values: inout [UInt64], from lowBit: Int, to highBit: Int) {
        let count = values.count
        let mask = UInt64(bucketCount - 1)
        var scratch = [UInt64](repeating: 0, count: count)
        var counts = [Int](repeating: 0, count: bucketCount)
        var shift = lowBit
        while shift < highBit {
            let digitShift = UInt64(shift)
            shift += digitBits
            let skipped = values.withUnsafeBufferPointer { source in
                counts.withUnsafeMutableBufferPointer { counts in
                    for index in counts.indices { counts[index] = 0 }
                    for value in source { counts[Int(truncatingIfNeeded: (value >> digitShift) & mask)] += 1 }
                    var total = 0
                    for index in counts.indices {
                        if counts[index] == count { return true }
                        let bucket = counts[index]
                        counts[index] = total
                        total += bucket
                    }
                    return false
                }
            }
            if skipped { continue }
            values.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { offsets in
                        for value in source {
                            let digit = Int(truncatingIfNeeded: (value >> digitShift) & mask)
                            target[offsets[digit]] = value
                            offsets[digit] += 1
                        }
                    }
                }
            }
            swap(&values, &scratch)
        }
    }
}
