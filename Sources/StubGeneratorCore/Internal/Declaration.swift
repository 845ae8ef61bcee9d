/// A requirement's declaration text taken apart: no parser, only bracket counting over the
/// symbol graph's declaration fragments, which the compiler has already normalised.
struct Declaration {
    /// One parameter of a function or subscript.
    struct Parameter {
        let label: String
        let name: String
        /// The type as written, with `inout`, `...` and attributes.
        let writtenType: String

        var isInout: Bool { writtenType.hasPrefix("inout ") }
        var isClosure: Bool { writtenType.includes("->") }
    }

    let parameters: [Parameter]
    let isAsync: Bool
    let throwing: Throwing
    let returnType: String
    /// For properties and subscripts: the accessor block, such as `get set`.
    let accessors: String

    enum Throwing: Equatable {
        case none, untyped, `rethrows`
        case typed(String)
    }

    /// Parses a function, property or subscript declaration.
    init(_ text: String, kind: RequirementKind) {
        switch kind {
        case .property:
            let (head, accessors) = Self.splitAccessors(text)
            let type = head.firstIndex(of: ":").map { String(head[head.index(after: $0)...]) } ?? ""
            self.init(parameters: [], accessors: accessors, returnType: type.trimmed, tail: "")
        case .function, .subscript:
            let (head, accessors) = kind == .subscript ? Self.splitAccessors(text) : (text, "")
            guard let open = Self.parameterListStart(head), let close = Self.matchingClose(head, from: open) else {
                self.init(parameters: [], accessors: accessors, returnType: "", tail: "")
                return
            }
            let inside = String(head[head.index(after: open)..<close])
            let parameters = Self.splitTopLevel(inside, on: ",").map(\.trimmed).filter { !$0.isEmpty }.map(Self.parameter)
            let tail = String(head[head.index(after: close)...])
            var returnType = ""
            if let arrow = Self.topLevelRange(of: "->", in: tail) {
                returnType = String(tail[arrow.upperBound...])
                if let whereRange = Self.topLevelRange(of: " where ", in: returnType) {
                    returnType = String(returnType[..<whereRange.lowerBound])
                }
            }
            self.init(parameters: parameters, accessors: accessors, returnType: returnType.trimmed, tail: tail)
        }
    }

    private init(parameters: [Parameter], accessors: String, returnType: String, tail: String) {
        self.parameters = parameters
        self.accessors = accessors
        self.returnType = returnType
        let effectsEnd = Self.topLevelRange(of: "->", in: tail)?.lowerBound ?? tail.endIndex
        let effects = String(tail[..<effectsEnd]) + " " + accessors
        let words = Set(effects.split(whereSeparator: { !$0.isLetter && $0 != "(" }).map(String.init))
        isAsync = words.contains("async")
        if words.contains("rethrows") {
            throwing = .rethrows
        } else if let typed = effects.rangeOfText("throws(") {
            let rest = effects[typed.upperBound...]
            throwing = .typed(String(rest.prefix(while: { $0 != ")" })).trimmed)
        } else if words.contains("throws") {
            throwing = .untyped
        } else {
            throwing = .none
        }
    }

    var isVoid: Bool { ["", "()", "Void", "Swift.Void"].contains(returnType) }

    /// The declaration without its accessor block: `var count: Int { get set }` -> `var count: Int`.
    static func splitAccessors(_ text: String) -> (String, String) {
        guard let brace = text.lastIndex(of: "{"), text.hasSuffix("}") else { return (text, "") }
        let accessors = text[text.index(after: brace)..<text.index(before: text.endIndex)]
        return (String(text[..<brace]).trimmed, String(accessors).trimmed)
    }

    private static func parameter(_ text: String) -> Parameter {
        guard let colon = text.firstIndex(of: ":") else { return Parameter(label: "_", name: text, writtenType: "") }
        let names = text[..<colon].split(separator: " ").map(String.init)
        let type = String(text[text.index(after: colon)...]).trimmed
        let label = names.first ?? "_"
        return Parameter(label: label, name: names.count > 1 ? names[1] : label, writtenType: type)
    }

    /// The parameter list's `(`: the first one after the name and any generic parameter clause.
    private static func parameterListStart(_ text: String) -> String.Index? {
        var angle = 0
        var index = text.startIndex
        var previous: Character = " "
        while index < text.endIndex {
            let character = text[index]
            if character == "<" { angle += 1 }
            if character == ">" && previous != "-" { angle -= 1 }
            if character == "(" && angle == 0 {
                // Skip attribute arguments such as `@available(...)`.
                let before = text[..<index]
                if let at = before.lastIndex(of: "@"), !before[at...].contains(" ") {
                    if let close = matchingClose(text, from: index) {
                        index = text.index(after: close)
                        continue
                    }
                }
                return index
            }
            previous = character
            index = text.index(after: index)
        }
        return nil
    }

    static func matchingClose(_ text: String, from open: String.Index) -> String.Index? {
        var depth = 0
        var index = open
        while index < text.endIndex {
            switch text[index] {
            case "(", "[": depth += 1
            case ")", "]":
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index = text.index(after: index)
        }
        return nil
    }

    static func splitTopLevel(_ text: String, on separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var previous: Character = " "
        for character in text {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            default: break
            }
            if character == separator && depth == 0 {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        parts.append(current)
        return parts
    }

    static func topLevelRange(of needle: String, in text: String) -> Range<String.Index>? {
        var depth = 0
        var index = text.startIndex
        var previous: Character = " "
        while index < text.endIndex {
            let character = text[index]
            if depth == 0, text[index...].hasPrefix(needle) {
                return index..<text.index(index, offsetBy: needle.count)
            }
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            default: break
            }
            previous = character
            index = text.index(after: index)
        }
        return nil
    }

    /// The identifiers in a type, such as `["Result", "String", "Item"]`.
    static func identifiers(in text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") })
            .flatMap { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
    }
}
