/// The spy (and, for a settable property or subscript, the setter spy) that implements one
/// requirement, and the one-line member that calls it.
struct SpyPlan {
    enum Failure: Equatable {
        case never, any
        case typed(String)
    }

    let title: String
    /// The spy's name without `Spy`, before overloads are told apart: the requirement's base name.
    let baseStem: String
    /// What tells this requirement from an overload with the same base name: its labels.
    let labelSuffix: String
    let typeSuffix: String
    var stem = ""
    let kind: RequirementKind
    /// The member's declaration without a body, such as `func find(name: String) -> [String]`.
    let signature: String
    let recorded: [(label: String, expression: String, type: String)]
    let output: String
    let failure: Failure
    let isAsync: Bool
    /// The getter's effects, such as `async throws`, for a property or subscript.
    let getterEffects: String
    let setterType: String?
    var notes: [String]

    var spyName: String { stem + "Spy" }
    var setterSpyName: String { stem + "SetSpy" }

    // MARK: Emitted code (the only place that knows the spy API)

    private var input: String { Self.inputType(recorded) }

    private var isVoidOutput: Bool { ["", "()", "Void", "Swift.Void"].contains(output) }

    private var literalFallback: String? { isVoidOutput ? nil : Self.literalDefault(for: output) }

    /// The spy property declarations (one line each).
    var declarations: [String] {
        var lines: [String] = []
        switch failure {
        case .never where isVoidOutput:
            lines.append("let \(spyName) = Spy<\(input), Void>(\"\(title)\")")
        case .never:
            if let literal = literalFallback {
                lines.append("let \(spyName) = Spy<\(input), \(output)>(\"\(title)\", strictFallback: \(literal))")
            } else {
                lines.append("let \(spyName): Spy<\(input), \(output)>")
            }
        case .any:
            lines.append("let \(spyName) = ThrowingSpy<\(input), \(isVoidOutput ? "Void" : output)>(\"\(title)\")")
        case let .typed(error) where isVoidOutput:
            lines.append("let \(spyName) = MethodSpy<\(input), Void, \(error)>(\"\(title)\")")
        case let .typed(error):
            lines.append("let \(spyName): MethodSpy<\(input), \(output), \(error)>")
        }
        if let setterType {
            let setterInput = Self.inputType(recorded + [("newValue", "newValue", setterType)])
            lines.append("let \(setterSpyName) = Spy<\(setterInput), Void>(\"\(title) (set)\")")
        }
        return lines
    }

    /// The initializer parameter that gives the spy its first answer, when no literal can.
    var initializerParameter: String? {
        switch failure {
        case .never where !isVoidOutput && literalFallback == nil: return "\(stem)Fallback: \(output)"
        case .typed(let error) where !isVoidOutput: return "\(stem)FallbackError: \(error)"
        default: return nil
        }
    }

    var initializerAssignment: String? {
        switch failure {
        case .never where !isVoidOutput && literalFallback == nil:
            return "\(spyName) = Spy<\(input), \(output)>(\"\(title)\", strictFallback: \(stem)Fallback)"
        case .typed(let error) where !isVoidOutput:
            return "\(spyName) = MethodSpy<\(input), \(output), \(error)>(\"\(title)\", strictFallbackError: \(stem)FallbackError)"
        default: return nil
        }
    }

    private var callExpression: String {
        (failure == .never ? "" : "try ") + (isAsync ? "await " : "") + "\(spyName).call(\(Self.arguments(recorded)))"
    }

    private var setterCallExpression: String {
        "\(setterSpyName).call(\(Self.arguments(recorded + [("newValue", "newValue", "")])))"
    }

    /// The member that implements the requirement, on one line.
    var member: String? {
        switch kind {
        case .function:
            return "\(signature) { \(callExpression) }"
        case .property, .subscript:
            if setterType != nil {
                return "\(signature) { get { \(callExpression) } set { \(setterCallExpression) } }"
            }
            if getterEffects.isEmpty { return "\(signature) { \(callExpression) }" }
            return "\(signature) { get \(getterEffects) { \(callExpression) } }"
        }
    }

    private static func inputType(_ recorded: [(label: String, expression: String, type: String)]) -> String {
        switch recorded.count {
        case 0: return "Void"
        case 1: return recorded[0].type
        default: return "(" + recorded.map { "\($0.label): \($0.type)" }.joined(separator: ", ") + ")"
        }
    }

    private static func arguments(_ recorded: [(label: String, expression: String, type: String)]) -> String {
        switch recorded.count {
        case 0: return ""
        case 1: return recorded[0].expression
        default: return "(" + recorded.map { "\($0.label): \($0.expression)" }.joined(separator: ", ") + ")"
        }
    }

    /// A value of the type a non-throwing spy can answer before it is configured, when a literal can write one.
    static func literalDefault(for type: String) -> String? {
        if type.hasSuffix("?") || type.hasPrefix("Optional<") { return "nil" }
        if type.hasPrefix("[") && type.hasSuffix("]") {
            return Declaration.topLevelRange(of: ":", in: String(type.dropFirst().dropLast())) == nil ? "[]" : "[:]"
        }
        if type.hasPrefix("Array<") || type.hasPrefix("Set<") { return "[]" }
        if type.hasPrefix("Dictionary<") { return "[:]" }
        switch type {
        case "Bool": return "false"
        case "String", "Substring": return "\"\""
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float":
            return "0"
        default: return nil
        }
    }
}
