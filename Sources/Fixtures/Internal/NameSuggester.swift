/// Picks the available fixture names closest to a name that was not found, by edit distance.
enum NameSuggester {
    /// Up to `limit` names from `available` close enough to `requested` to be the intended one,
    /// closest first.
    ///
    /// A name counts as close when its edit distance (ignoring case) is within a third of the
    /// length of the requested file name without folder and extension (at least 2). Names are compared whole, without their extension
    /// when `requested` has none, and by their last path component, so `"feed.json"` finds
    /// `"Catalog/feed.json"`.
    static func suggestions(for requested: String, in available: [String], limit: Int = 3) -> [String] {
        let requestedHasExtension = FixturePath.hasExtension(requested)
        let requestedLast = FixturePath.lastComponent(of: requested).lowercased()
        let stem = FixturePath.removingExtension(FixturePath.lastComponent(of: requested))
        let threshold = max(2, stem.count / 3)
        var scored: [(name: String, score: Int)] = []
        for name in available {
            let candidate = requestedHasExtension ? name : FixturePath.removingExtension(name)
            var score = distance(requested.lowercased(), candidate.lowercased())
            let last = FixturePath.lastComponent(of: candidate).lowercased()
            if last != candidate.lowercased() || requestedLast != requested.lowercased() {
                score = min(score, distance(requestedLast, last) + 1)
            }
            if score <= threshold {
                scored.append((name, score))
            }
        }
        return
            scored
            .sorted { $0.score != $1.score ? $0.score < $1.score : $0.name < $1.name }
            .prefix(limit)
            .map(\.name)
    }

    /// The Levenshtein distance between two strings, counted in characters.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
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
