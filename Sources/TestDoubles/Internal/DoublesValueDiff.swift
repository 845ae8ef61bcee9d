/// Describes values for failure messages and explains how two values differ, property by
/// property, using their mirrors.
enum DoublesValueDiff {
    /// A short description of a recorded input: `()` reads as "no arguments".
    static func describe(_ value: Any) -> String {
        if value is Void { return "no arguments" }
        if let string = value as? String { return "\"\(string)\"" }
        return String(describing: value)
    }

    /// A description that always shows the type: class instances without a description of their
    /// own read as `LoadPage(page: 2)` instead of the bare `Module.LoadPage`.
    static func describeWithType(_ value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .class, !(value is CustomStringConvertible), !(value is CustomDebugStringConvertible) else {
            let text = describe(value)
            let typeName = String(describing: type(of: value))
            return text.hasPrefix(typeName) || mirror.displayStyle == .enum ? text : "\(typeName): \(text)"
        }
        var children: [Mirror.Child] = []
        var current: Mirror? = mirror
        while let level = current {
            children = Array(level.children) + children
            current = level.superclassMirror
        }
        let fields = children.map { "\($0.label ?? "_"): \(describe($0.value))" }.joined(separator: ", ")
        return "\(type(of: value))(\(fields))"
    }

    /// Lines naming each differing property, such as `title: expected "A", got "B"`; one line
    /// comparing the whole values when they have no comparable properties.
    static func differences(expected: Any, actual: Any, path: String = "", depth: Int = 0) -> [String] {
        let expectedMirror = Mirror(reflecting: expected)
        let actualMirror = Mirror(reflecting: actual)
        let expectedChildren = Array(expectedMirror.children)
        let actualChildren = Array(actualMirror.children)
        let comparable = depth < 3
            && !expectedChildren.isEmpty
            && expectedChildren.count == actualChildren.count
            && expectedMirror.subjectType == actualMirror.subjectType
            && expectedMirror.displayStyle != .enum
            && expectedMirror.displayStyle != .collection
            && expectedMirror.displayStyle != .set
            && expectedMirror.displayStyle != .dictionary
        guard comparable else {
            let expectedText = describe(expected)
            let actualText = describe(actual)
            guard expectedText != actualText else { return [] }
            let label = path.isEmpty ? "" : "\(path): "
            return ["\(label)expected \(expectedText), got \(actualText)"]
        }
        var lines: [String] = []
        for (index, pair) in zip(expectedChildren, actualChildren).enumerated() {
            let name = pair.0.label.map { $0.hasPrefix(".") ? String($0.dropFirst()) : $0 } ?? "\(index)"
            let childPath = path.isEmpty ? name : "\(path).\(name)"
            lines += differences(expected: pair.0.value, actual: pair.1.value, path: childPath, depth: depth + 1)
        }
        if lines.isEmpty, describe(expected) != describe(actual) {
            lines.append("expected \(describe(expected)), got \(describe(actual))")
        }
        return lines
    }

    /// The differences as one indented block, or a whole-value comparison when the mirrors
    /// show nothing.
    static func diffBlock(expected: Any, actual: Any) -> String {
        let lines = differences(expected: expected, actual: actual)
        if lines.isEmpty {
            return "    expected \(describe(expected)), got \(describe(actual))"
        }
        return lines.map { "    \($0)" }.joined(separator: "\n")
    }
}
