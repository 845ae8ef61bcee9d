/// Picks the names closest to one that was asked for, for "did you mean" hints: the package's one
/// edit-distance implementation.
package enum NearMiss {
    /// Up to `limit` names from `available` equal to `requested` or within a third of its length
    /// in edit distance (at least 2), ignoring case, closest first, ties by name.
    package static func closest(to requested: String, in available: [String], limit: Int) -> [String] {
        let wanted = requested.lowercased()
        return closest(in: available, limit: limit, threshold: threshold(for: requested)) { distance(wanted, $0.lowercased()) }
    }

    /// The one name from `available` closest to `requested`, or `nil` when none is close enough.
    package static func closest(to requested: String, in available: [String]) -> String? {
        closest(to: requested, in: available, limit: 1).first
    }

    /// Up to `limit` names from `available` whose `score` is at most `threshold`, lowest score
    /// first, ties by name: for callers that compare names their own way (a path's last component,
    /// a name without its extension).
    package static func closest(
        in available: [String], limit: Int, threshold: Int, score: (String) -> Int
    ) -> [String] {
        var scored: [(name: String, score: Int)] = []
        for name in available {
            let value = score(name)
            if value <= threshold { scored.append((name, value)) }
        }
        scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.name < $1.name }
        return scored.prefix(limit).map(\.name)
    }

    /// How far a name may be from `requested` and still count as close: a third of its length, at
    /// least 2.
    package static func threshold(for requested: String) -> Int {
        max(2, requested.count / 3)
    }

    /// The Levenshtein distance between two strings, in characters.
    package static func distance(_ lhs: String, _ rhs: String) -> Int {
        let source = Array(lhs)
        let target = Array(rhs)
        if source.isEmpty { return target.count }
        if target.isEmpty { return source.count }
        var previous = Array(0...target.count)
        var current = [Int](repeating: 0, count: target.count + 1)
        for sourceIndex in 1...source.count {
            current[0] = sourceIndex
            for targetIndex in 1...target.count {
                let substitution = previous[targetIndex - 1] + (source[sourceIndex - 1] == target[targetIndex - 1] ? 0 : 1)
                current[targetIndex] = min(previous[targetIndex] + 1, current[targetIndex - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[target.count]
    }
}
