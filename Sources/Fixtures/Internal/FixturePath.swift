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
}
