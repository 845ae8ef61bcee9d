import NameSuggestions

/// The fake's write record with counts by write and by key, so that checking for one write
/// after each step of a test costs the same however long the record is.
struct KeyValueWriteRecord {
    private(set) var all: [KeyValueStoreWrite] = []
    private var counts: [KeyValueStoreWrite: Int] = [:]
    private var countsByKey: [String: Int] = [:]

    var count: Int { all.count }
    var last: KeyValueStoreWrite? { all.last }

    mutating func append(_ write: KeyValueStoreWrite) {
        all.append(write)
        counts[write, default: 0] += 1
        countsByKey[write.key, default: 0] += 1
    }

    func contains(_ write: KeyValueStoreWrite) -> Bool {
        counts[write] != nil
    }

    /// Up to `limit` distinct writes closest to `write`: the same key first (latest first),
    /// then keys within a small edit distance; and how many recorded writes are not listed.
    /// Only the distinct keys are compared by edit distance; this runs only when a check fails.
    func closest(to write: KeyValueStoreWrite, limit: Int) -> (closest: [KeyValueStoreWrite], others: Int) {
        let keys = NearMiss.closest(to: write.key, in: Array(countsByKey.keys), limit: limit)
        var chosen: [KeyValueStoreWrite] = []
        var seen = Set<KeyValueStoreWrite>()
        for key in keys where chosen.count < limit {
            for candidate in all.reversed() where candidate.key == key && chosen.count < limit {
                if seen.insert(candidate).inserted { chosen.append(candidate) }
            }
        }
        let shownCount = chosen.reduce(0) { $0 + (counts[$1] ?? 0) }
        return (chosen, all.count - shownCount)
    }
}
