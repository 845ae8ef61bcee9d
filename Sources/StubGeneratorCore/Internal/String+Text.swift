// Small text helpers, without Foundation or the string-processing module.

extension StringProtocol {
    /// The first occurrence of a text, without Foundation or the string-processing module.
    func rangeOfText(_ needle: String) -> Range<Index>? {
        guard !needle.isEmpty else { return nil }
        var index = startIndex
        while index < endIndex {
            if self[index...].hasPrefix(needle) { return index..<self.index(index, offsetBy: needle.count) }
            index = self.index(after: index)
        }
        return nil
    }

    var trimmed: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }

    func replacingAll(_ target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var result = ""
        var rest = self[...]
        while let range = rest.rangeOfText(target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}
