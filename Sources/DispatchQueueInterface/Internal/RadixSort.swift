/// The sort behind ``Schedule``'s run: a stable least-significant-digit radix sort of blocks by
/// deadline, linear in the number of blocks, so a burst of scheduled blocks is ordered in a few
/// sequential passes rather than one heap operation per block.
enum RadixSort {
    /// Below this many blocks a comparison sort is cheaper than the histogram passes.
    private static let minimumCount = 256
    private static let digitBits = 11
    private static let bucketCount = 1 << digitBits

    /// A block's deadline as an unsigned key (order kept, negatives included) and its index.
    private struct Pair {
        var key: UInt64
        var index: Int
    }

    /// Sorts the blocks of `blocks` by deadline in place; blocks with the same deadline keep their
    /// order, so blocks pushed in submission order keep ties in submission order. Empty places go
    /// last.
    static func sortByDeadline(_ blocks: inout ChunkedDeque) {
        let first = blocks.head
        var low = UInt64.max
        var high = UInt64.min
        var pairs = (0..<blocks.count).map { index in
            let deadline: Int64? = blocks.place(first + index).pointee?.deadline
            let key = deadline.map { UInt64(bitPattern: $0) ^ (1 << 63) } ?? .max
            low = min(low, key)
            high = max(high, key)
            return Pair(key: key, index: index)
        }
        if pairs.count < minimumCount {
            pairs.sort { $0.key != $1.key ? $0.key < $1.key : $0.index < $1.index }
        } else if high > low {
            sortByKey(&pairs, low: low, bits: UInt64.bitWidth - (high - low).leadingZeroBitCount)
        } else {
            return
        }
        permute(blocks, by: &pairs)
    }

    /// Puts the block at place `pairs[i].index` at place `i`, following each cycle of the
    /// permutation so every block moves once and no second buffer is needed.
    private static func permute(_ blocks: ChunkedDeque, by pairs: inout [Pair]) {
        let first = blocks.head
        pairs.withUnsafeMutableBufferPointer { pairs in
            for start in pairs.indices where pairs[start].index != start {
                let saved = blocks.place(first + start).pointee.take()
                var place = start
                while true {
                    let source = pairs[place].index
                    pairs[place].index = place
                    if source == start {
                        blocks.place(first + place).pointee = saved
                        break
                    }
                    blocks.place(first + place).pointee = blocks.place(first + source).pointee.take()
                    place = source
                }
            }
        }
    }

    /// Sorts `pairs` stably by `key - low`, which fits in `bits` bits, one digit per pass;
    /// a pass whose digit is the same for every pair is skipped.
    private static func sortByKey(_ pairs: inout [Pair], low: UInt64, bits: Int) {
        let count = pairs.count
        let mask = UInt64(bucketCount - 1)
        var scratch = [Pair](repeating: Pair(key: 0, index: 0), count: count)
        var counts = [Int](repeating: 0, count: bucketCount)
        var shift = 0
        while shift < bits {
            let digitShift = UInt64(shift)
            shift += digitBits
            let skipped = pairs.withUnsafeBufferPointer { source in
                counts.withUnsafeMutableBufferPointer { counts in
                    for index in counts.indices { counts[index] = 0 }
                    for pair in source { counts[Int(truncatingIfNeeded: ((pair.key &- low) >> digitShift) & mask)] += 1 }
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
            pairs.withUnsafeBufferPointer { source in
                scratch.withUnsafeMutableBufferPointer { target in
                    counts.withUnsafeMutableBufferPointer { offsets in
                        for pair in source {
                            let digit = Int(truncatingIfNeeded: ((pair.key &- low) >> digitShift) & mask)
                            target[offsets[digit]] = pair
                            offsets[digit] += 1
                        }
                    }
                }
            }
            swap(&pairs, &scratch)
        }
    }
}
