/// A URL path with optional wildcards: `*` is exactly one segment, `**` any number (even none).
struct PathPattern: Sendable {
    let text: String
    private let segments: [Substring]
    private let hasWildcards: Bool
    private let trimmedText: Substring

    init(_ text: String) {
        let normalized = text.isEmpty ? "/" : text
        self.text = normalized
        self.segments = normalized.split(separator: "/", omittingEmptySubsequences: true)
        self.hasWildcards = segments.contains { $0 == "*" || $0 == "**" }
        self.trimmedText = Self.trimmed(normalized)
    }

    func matches(_ path: String) -> Bool {
        guard hasWildcards else { return path == text || Self.trimmed(path) == trimmedText }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        return Self.match(segments[...], parts[...])
    }

    /// For a pattern without wildcards, the one key every path it matches has (see
    /// ``key(of:)``); `nil` for a pattern with wildcards.
    var exactKey: String? {
        hasWildcards ? nil : String(trimmedText)
    }

    /// The path without its trailing slashes: a pattern without wildcards matches `path` exactly
    /// when this equals the pattern's ``exactKey``.
    static func key(of path: String) -> String {
        // Only a path whose last byte is "/" can end in the character "/".
        guard path.utf8.last == UInt8(ascii: "/") else { return path.isEmpty ? "/" : path }
        return String(trimmed(path))
    }

    private static func trimmed(_ path: String) -> Substring {
        var result = Substring(path.isEmpty ? "/" : path)
        while result.count > 1 && result.hasSuffix("/") { result = result.dropLast() }
        return result
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ parts: ArraySlice<Substring>) -> Bool {
        guard let first = pattern.first else { return parts.isEmpty }
        if first == "**" {
            let rest = pattern.dropFirst()
            var index = parts.startIndex
            while true {
                if match(rest, parts[index...]) { return true }
                if index == parts.endIndex { return false }
                index += 1
            }
        }
        guard let part = parts.first else { return false }
        guard first == "*" || first == part else { return false }
        return match(pattern.dropFirst(), parts.dropFirst())
    }
}
