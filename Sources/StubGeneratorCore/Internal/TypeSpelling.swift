/// How a type written in a requirement is spelled where a spy keeps it.
enum TypeSpelling {
    /// Words that must be written in backticks where they name a value or a label.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
        "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "any", "some",
    ]

    /// A name as an expression or a tuple label: `for` -> `` `for` ``.
    static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// The type a spy stores: no `inout`, ownership or `sending` modifiers, no `@escaping` or
    /// `@autoclosure`, an implicitly unwrapped optional as an optional, a variadic as an array.
    static func stored(_ written: String) -> String {
        var type = written.trimmed
        var changed = true
        while changed {
            changed = false
            for prefix in [
                "inout ", "__owned ", "__shared ", "borrowing ", "consuming ", "sending ", "@escaping ", "@autoclosure ",
            ] where type.hasPrefix(prefix) {
                type = String(type.dropFirst(prefix.count)).trimmed
                changed = true
            }
        }
        type = type.replacingAll(" sending ", with: " ").replacingAll("(sending ", with: "(")
        if type.hasSuffix("...") { type = "[" + type.dropLast(3) + "]" }
        return unwrappingImplicitOptionals(type)
    }

    /// `String!` -> `String?`: an implicitly unwrapped optional is not a type a generic argument can be.
    static func unwrappingImplicitOptionals(_ type: String) -> String {
        var result = ""
        var previous: Character = " "
        for character in type {
            if character == "!" && (previous.isLetter || previous.isNumber || previous == ">" || previous == "]" || previous == ")") {
                result.append("?")
            } else {
                result.append(character)
            }
            previous = character
        }
        return result
    }

    /// Whether the type is a function type at its top level, such as `(Int) -> Void`.
    static func isFunction(_ type: String) -> Bool {
        Declaration.topLevelRange(of: "->", in: type) != nil
    }

    /// The type with its closures made `@Sendable`, so a spy can keep them: `(Int) -> Int` ->
    /// `@Sendable (Int) -> Int`, `((Int) -> Void)?` -> `(@Sendable (Int) -> Void)?`.
    static func sendableClosure(_ type: String) -> String {
        if isFunction(type) {
            return type.includes("@Sendable") ? type : "@Sendable " + type
        }
        if type.hasPrefix("("), type.hasSuffix(")?"), let close = Declaration.matchingClose(type, from: type.startIndex),
            type.index(after: close) == type.index(before: type.endIndex)
        {
            let inner = String(type.dropFirst().dropLast(2))
            if isFunction(inner) { return "(" + sendableClosure(inner) + ")?" }
        }
        return type
    }

    /// Whether the type is an optional function type, such as `((Int) -> Void)?`.
    static func isOptionalFunction(_ type: String) -> Bool {
        guard type.hasPrefix("("), type.hasSuffix(")?") else { return false }
        return isFunction(String(type.dropFirst().dropLast(2)))
    }
}
