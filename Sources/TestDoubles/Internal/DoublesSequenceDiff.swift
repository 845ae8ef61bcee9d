/// The one element-by-element diff of an expected and a recorded sequence, shared by the spies'
/// `expectCalls` and the store's `expectDispatched(_:)`, so both name differences alike.
package enum DoublesSequenceDiff {
    /// One entry per position where `actual` differs from `expected`, such as
    /// `  call #2 differs:` with the differing properties, `  call #3 missing: expected …` or
    /// `  call #4 unexpected: …`; at most ten of them (the listing limit of every message), then a line
    /// counting the rest, so a long mismatch stays readable and cheap.
    ///
    /// - Parameters:
    ///   - expected: The expected elements, first first.
    ///   - actual: The recorded elements, first first.
    ///   - noun: What an element is called in the lines: `call`, `action`.
    ///   - describe: An element as the lines print it.
    ///   - equal: Whether two elements are the same.
    ///   - differences: The property lines of an expected and a recorded element that differ.
    /// - Returns: The lines, empty when the sequences are equal.
    package static func lines<Element>(
        expected: [Element],
        actual: [Element],
        noun: String,
        describe: (Element) -> String,
        equal: (Element, Element) -> Bool,
        differences: (Element, Element) -> [String]
    ) -> [String] {
        let limit = DoublesCallLog<Element>.listLimit
        var lines: [String] = []
        var unreported = 0
        for index in 0..<max(actual.count, expected.count) {
            let line: String
            switch (index < expected.count ? expected[index] : nil, index < actual.count ? actual[index] : nil) {
            case let (expectedElement?, actualElement?) where !equal(expectedElement, actualElement):
                line =
                    "  \(noun) #\(index + 1) differs:\n"
                    + DoublesCallLog<Element>.block(
                        differences(expectedElement, actualElement), expected: describe(expectedElement), actual: describe(actualElement))
            case let (expectedElement?, nil):
                line = "  \(noun) #\(index + 1) missing: expected \(describe(expectedElement))"
            case let (nil, actualElement?):
                line = "  \(noun) #\(index + 1) unexpected: \(describe(actualElement))"
            default:
                continue
            }
            if lines.count < limit { lines.append(line) } else { unreported += 1 }
        }
        if unreported > 0 { lines.append("  … and \(unreported) more \(unreported == 1 ? "difference" : "differences")") }
        return lines
    }
}
