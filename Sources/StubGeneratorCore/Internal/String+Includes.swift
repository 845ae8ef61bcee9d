extension String {
    /// Whether `text` occurs in the string.
    ///
    /// The standard library's `contains(_:)` that takes a string needs iOS 16 and macOS 13, and
    /// this module imports no Foundation, so it searches with `hasPrefix`, which is older.
    func includes(_ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(text) { return true }
            index = self.index(after: index)
        }
        return false
    }
}
