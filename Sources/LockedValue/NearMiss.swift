/// Picks the names closest to one that was asked for, for "did you mean" hints.
package enum NearMiss {
    /// Up to `limit` names from `available` equal to `requested` or within a third of its length
    /// in edit distance (at least 2), closest first, ties by name.
    package static func closest(to requested: String, in available: [String], limit: Int) -> [String] {
        let threshold = max(2, requested.count / 3)
        let wanted = requested.lowercased()
        var scored: [(name: String, score: Int)] = []
        for name in available {
            let score = distance(wanted, name.lowercased())
            if score <= threshold { scored.append((name, score)) }
        }
        scored.sort { $0.score != $1.score ? $0.score < $1.score : $0.name < $1.name }
        return scored.prefix(limit).map(\.name)
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
