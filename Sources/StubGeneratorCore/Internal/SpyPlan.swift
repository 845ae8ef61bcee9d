/// The spy (and, for a settable property or subscript, the setter spy) that implements one
/// requirement, and the one-line member that calls it.
struct SpyPlan {
    enum Failure: Equatable {
        case never, any
        case typed(String)
    }

    /// One value a call records.
    struct Recorded {
        let label: String
        let expression: String
        let type: String
        let isSendable: Bool
    }

    /// A completion handler the spy keeps, so the test can complete the call.
    struct Completion {
        /// The type the handler receives: `Void`, one type, or a tuple of its parameters.
        let value: String
        let valueIsSendable: Bool
        /// What the stub passes as the handler: the parameter, or a closure adapting it.
        let expression: String
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
    var recorded: [Recorded]
    /// The type the spy answers.
    let output: String
    let outputIsSendable: Bool
    let failure: Failure
    let isAsync: Bool
    /// The getter's effects, such as `async throws`, for a property or subscript.
    let getterEffects: String
    let setterType: String?
    let setterIsSendable: Bool
    /// The requirement returns `Never`: the member records the call, then stops.
    let returnsNever: Bool
    /// The one `inout` parameter whose new value the spy answers (`nil` leaves it unchanged).
    let inoutParameter: String?
    /// The generic result type the spy's `any Sendable` answer is cast to.
    let resultCast: String?
    /// The completion handler the spy keeps, if the requirement takes one and returns nothing.
    var completion: Completion?
    var notes: [String]
    /// Whether the spy is a main-actor spy, which keeps values that are not Sendable.
    var isMainActor = false
    /// Whether unconfigured calls answer a default instead of failing.
    var answersByDefault = false
    /// Whether the requirement is an initializer: its member records the arguments of each instance made with it.
    var isInitializer = false
    /// The `@available` attributes the member needs beyond the stub type's.
    var availability: [String] = []

    var spyName: String { stem + "Spy" }
    var setterSpyName: String { stem + "SetSpy" }

    /// Whether the spy or the setter spy would keep a value that is not Sendable.
    var keepsNonSendableValues: Bool {
        !outputIsSendable || recorded.contains { !$0.isSendable } || (setterType != nil && !setterIsSendable)
            || completion?.valueIsSendable == false
    }

    // MARK: Emitted code (the only place that knows the spy API)

    private var input: String { Self.inputType(recorded) }

    private var isVoidOutput: Bool { Self.isVoid(output) }

    static func isVoid(_ type: String) -> Bool { ["", "()", "Void", "Swift.Void"].contains(type) }

    private var literalAnswer: String? { isVoidOutput ? nil : Self.literalDefault(for: output) }

    /// The literal a lenient spy answers: for a completion spy, what its handler receives, as an
    /// optional that is never `nil` (a `nil` answer completes no handler).
    private var defaultLiteral: String? {
        guard let completion else { return literalAnswer }
        if Self.isVoid(completion.value) { return "()" }
        let literal = Self.literalDefault(for: completion.value)
        return literal == "nil" ? ".some(nil)" : literal
    }

    private var spyType: String {
        if let completion { return (isMainActor ? "MainActorCompletionSpy" : "CompletionSpy") + "<\(input), \(completion.value)>" }
        let outputType = isVoidOutput ? "Void" : output
        switch (failure, isMainActor) {
        case (.never, false): return "Spy<\(input), \(outputType)>"
        case (.any, false): return "ThrowingSpy<\(input), \(outputType)>"
        case let (.typed(error), false): return "MethodSpy<\(input), \(outputType), \(error)>"
        case (.never, true): return "MainActorSpy<\(input), \(outputType)>"
        case (.any, true): return "MainActorThrowingSpy<\(input), \(outputType)>"
        case let (.typed(error), true): return "MainActorMethodSpy<\(input), \(outputType), \(error)>"
        }
    }

    private var setterSpyType: String {
        let setterInput = Self.inputType(
            recorded + [Recorded(label: "newValue", expression: "", type: setterType ?? "", isSendable: setterIsSendable)]
        )
        return (isMainActor ? "MainActorSpy" : "Spy") + "<\(setterInput), Void>"
    }

    /// How the spy answers an unconfigured call: the argument after its name, if any, and the
    /// initializer parameter that gives it, if a literal cannot.
    private var answer: (argument: String?, parameter: String?) {
        if inoutParameter != nil { return ("defaultAnswer: nil", nil) }
        if completion == nil && isVoidOutput { return (nil, nil) }
        // A lenient completion spy completes each call at once, as a lenient spy returns: it never
        // holds a handler the test did not ask it to hold.
        if answersByDefault {
            if let literal = defaultLiteral { return ("defaultAnswer: \(literal)", nil) }
            let type = completion?.value ?? output
            return ("defaultAnswer: \(stem)Answer", "\(stem)Answer: \(Self.escapingIfFunction(type))")
        }
        // A strict completion spy reports an unconfigured call itself.
        if completion != nil { return (nil, nil) }
        switch failure {
        case .never:
            if let literal = literalAnswer { return ("strictFallback: \(literal)", nil) }
            return ("strictFallback: \(stem)Fallback", "\(stem)Fallback: \(Self.escapingIfFunction(output))")
        case .any:
            return (nil, nil)
        case let .typed(error):
            return ("strictFallbackError: \(stem)FallbackError", "\(stem)FallbackError: \(error)")
        }
    }

    private var creation: String {
        "\(spyType)(" + (["\"\(title)\""] + [answer.argument].compactMap { $0 }).joined(separator: ", ") + ")"
    }

    /// The spy property declarations (one line each).
    var declarations: [String] {
        var lines: [String] = []
        if answer.parameter == nil {
            lines.append("let \(spyName) = \(creation)")
        } else {
            lines.append("let \(spyName): \(spyType)")
        }
        if setterType != nil {
            lines.append("let \(setterSpyName) = \(setterSpyType)(\"\(title) (set)\")")
        }
        return lines
    }

    /// The initializer parameter that gives the spy its first answer, when no literal can.
    var initializerParameter: String? { answer.parameter }

    var initializerAssignment: String? {
        answer.parameter == nil ? nil : "\(spyName) = \(creation)"
    }

    /// The spies of this plan, by name.
    var spyNames: [String] { [spyName] + (setterType == nil ? [] : [setterSpyName]) }

    private var callArguments: String {
        let arguments = Self.arguments(recorded)
        return arguments.isEmpty && isMainActor ? "()" : arguments
    }

    private var callExpression: String {
        if let completion {
            let arguments = Self.arguments(recorded)
            return "\(spyName).call(\(arguments.isEmpty ? "()" : arguments), completion: \(completion.expression))"
        }
        return effects + "\(spyName).call(\(callArguments))"
    }

    private var effects: String { (failure == .never ? "" : "try ") + (isAsync ? "await " : "") }

    private var setterCallExpression: String {
        "\(setterSpyName).call(\(Self.arguments(recorded + [Recorded(label: "newValue", expression: "newValue", type: "", isSendable: true)])))"
    }

    private var body: String {
        if returnsNever {
            return "\(callExpression); fatalError(\"\(title) returns Never: the stub recorded the call and stops here\")"
        }
        if let inoutParameter {
            let name = TypeSpelling.escaped(inoutParameter)
            return "\(name) = \(callExpression) ?? \(name)"
        }
        // An answer of another type than the one asked for fails the test rather than answering nil.
        if let resultCast { return effects + "\(spyName).answer(\(spyName).call(\(callArguments)), as: \(resultCast).self)" }
        return callExpression
    }

    /// The member that implements the requirement, on one line, after its `@available` attributes.
    var member: String? {
        guard let line = memberWithoutAttributes else { return nil }
        return (availability + [line]).joined(separator: " ")
    }

    private var memberWithoutAttributes: String? {
        switch kind {
        case .function:
            return "\(signature) { \(body) }"
        case .property, .subscript:
            if setterType != nil {
                return "\(signature) { get { \(body) } set { \(setterCallExpression) } }"
            }
            if getterEffects.isEmpty { return "\(signature) { \(body) }" }
            return "\(signature) { get \(getterEffects) { \(body) } }"
        }
    }

    private static func escapingIfFunction(_ type: String) -> String {
        TypeSpelling.isFunction(type) ? "@escaping " + type : type
    }

    private static func inputType(_ recorded: [Recorded]) -> String {
        switch recorded.count {
        case 0: return "Void"
        case 1: return recorded[0].type
        // Labelled by the parameters' names, so a test reads `lastCall?.folder`; verification still
        // takes the values one by one, and messages take their labels from the method's name.
        default: return "(" + recorded.map { "\(TypeSpelling.escaped($0.label)): \($0.type)" }.joined(separator: ", ") + ")"
        }
    }

    private static func arguments(_ recorded: [Recorded]) -> String {
        switch recorded.count {
        case 0: return ""
        case 1: return recorded[0].expression
        default: return "(" + recorded.map(\.expression).joined(separator: ", ") + ")"
        }
    }

    /// A value of the type a spy can answer before it is configured, when a literal can write one.
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
        case "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float",
            "Decimal", "TimeInterval":
            return "0"
        default: return nil
        }
    }
}
