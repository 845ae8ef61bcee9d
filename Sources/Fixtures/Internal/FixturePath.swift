import NameSuggestions

/// String operations on fixture names: relative paths with `/` separators such as
/// `"Catalog/feed.json"`.
enum FixturePath {
    /// The part after the last `/`.
    static func lastComponent(of name: String) -> String {
        name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
    }

    /// Whether the last path component has an extension (a `.` that is not its first character).
    static func hasExtension(_ name: String) -> Bool {
        let last = lastComponent(of: name)
        guard let dot = last.lastIndex(of: ".") else { return false }
        return dot != last.startIndex
    }

    /// The name without the extension of its last component.
    static func removingExtension(_ name: String) -> String {
        guard hasExtension(name), let dot = name.lastIndex(of: ".") else { return name }
        return String(name[..<dot])
    }

    /// The name with redundant separators removed: no leading `./` or `/`, no doubled `/`.
    static func normalized(_ name: String) -> String {
        name.split(separator: "/", omittingEmptySubsequences: true)
            .filter { $0 != "." }
            .joined(separator: "/")
    }

    /// Up to `limit` names from `available` close enough to `requested` to be the intended one,
    /// closest first.
    ///
    /// A name counts as close when its edit distance (ignoring case) is within a third of the
    /// length of the requested file name without folder and extension (at least 2). Names are
    /// compared whole, without their extension when `requested` has none, and by their last path
    /// component, so `"feed.json"` finds `"Catalog/feed.json"`.
    static func suggestions(for requested: String, in available: [String], limit: Int = 3) -> [String] {
        let requestedHasExtension = hasExtension(requested)
        let requestedLast = lastComponent(of: requested).lowercased()
        let threshold = NearMiss.threshold(for: removingExtension(lastComponent(of: requested)))
        return NearMiss.closest(in: available, limit: limit, threshold: threshold) { name in
            let candidate = requestedHasExtension ? name : removingExtension(name)
            let score = NearMiss.distance(requested.lowercased(), candidate.lowercased())
            let last = lastComponent(of: candidate).lowercased()
            guard last != candidate.lowercased() || requestedLast != requested.lowercased() else { return score }
            return min(score, NearMiss.distance(requestedLast, last) + 1)
        }
    }
}
