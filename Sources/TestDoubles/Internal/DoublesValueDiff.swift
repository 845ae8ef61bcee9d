/// Describes values for failure messages and explains how two values differ, property by
/// property, using their mirrors.
enum DoublesValueDiff {
    /// A short description of a recorded input: `()` reads as "no arguments".
    static func describe(_ value: Any) -> String {
        describe(value, expandingObjects: true)
    }

    /// Class instances without a description of their own read as `Screen(title: "Dune")`, one
    /// level deep (objects inside show their type only, so reference cycles end), instead of the
    /// bare `Module.Screen`.
    private static func describe(_ value: Any, expandingObjects: Bool) -> String {
        if value is Void { return "no arguments" }
        if let string = value as? String { return "\"\(string)\"" }
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .class, !(value is CustomStringConvertible), !(value is CustomDebugStringConvertible) else {
            return String(describing: value)
        }
        let typeName = String(describing: type(of: value))
        guard expandingObjects else { return typeName }
        var children: [Mirror.Child] = []
        var level: Mirror? = mirror
        while let current = level {
            children = Array(current.children) + children
            level = current.superclassMirror
        }
        let fields = children.map { "\($0.label ?? "_"): \(describe($0.value, expandingObjects: false))" }
        return "\(typeName)(\(fields.joined(separator: ", ")))"
    }

    /// Lines naming each differing property, such as `title: expected "A", got "B"`; one line
    /// comparing the whole values when they have no comparable properties.
    static func differences(expected: Any, actual: Any, path: String = "", depth: Int = 0) -> [String] {
        let expectedMirror = Mirror(reflecting: expected)
        let actualMirror = Mirror(reflecting: actual)
        let expectedChildren = Array(expectedMirror.children)
        let actualChildren = Array(actualMirror.children)
        let comparable =
            depth < 3
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
}
