extension SpyPlan {
    /// Plans the spy of one requirement, or says why the generator cannot.
    init(requirement: SymbolGraph.Symbol, context: PlanContext) throws(StubProblem) {
        let title = requirement.names.title
        let owner = context.owner
        let kind: RequirementKind
        switch requirement.kind.identifier {
        case "swift.method": kind = .function
        case "swift.property": kind = .property
        case "swift.subscript": kind = .subscript
        case "swift.type.method", "swift.type.property", "swift.type.subscript":
            throw StubProblem(
                reason: "static requirement '\(title)' (of \(owner)) would need a spy shared by every test running in "
                    + "parallel; write this stub by hand, keeping the static answer in a task local"
            )
        case "swift.init":
            // An initializer is a member that records its arguments in a spy of its own.
            if title == "init()" || requirement.declaration.includes("init?") || requirement.declaration.includes("init!") {
                throw StubProblem(
                    reason: "initializer requirement '\(title)' (of \(owner)) is failable or takes no arguments, which the "
                        + "stub's own initializer cannot be beside; write this stub by hand"
                )
            }
            kind = .function
        case "swift.func.op":
            throw StubProblem(reason: "operator requirement '\(title)' (of \(owner)) is not generated; write this stub by hand")
        default:
            throw StubProblem(
                reason: "requirement '\(title)' (of \(owner)) is a \(requirement.kind.identifier), which the generator does not know"
            )
        }

        // The member keeps the protocol's spelling; the spies get every alias spelled out.
        var text = requirement.declaration
        for name in context.associatedTypes { text = text.replacingAll("Self.\(name)", with: name) }
        for keyword in ["mutating ", "nonmutating ", "override "] { text = text.replacingAll(keyword, with: "") }
        var expanded = text
        for (name, type) in context.aliases.sorted(by: { $0.key < $1.key }) {
            text = text.replacingAll("Self.\(name)", with: name)
            expanded = expanded.replacingAll("Self.\(name)", with: TypeSpelling.isFunction(type) ? "(\(type))" : type)
        }
        if Declaration.identifiers(in: expanded).contains("Self") {
            throw StubProblem(
                reason: "requirement '\(title)' (of \(owner)) uses Self, which a final class or actor stub cannot "
                    + "satisfy one line at a time; write this stub by hand"
            )
        }
        let declaration = Declaration(expanded, kind: kind)
        let genericNames = Set(
            (requirement.swiftGenerics?.parameters ?? []).map { $0.name.hasPrefix("each ") ? String($0.name.dropFirst(5)) : $0.name }
        ).subtracting(["Self"]).subtracting(context.associatedTypes)
        let sendability = Sendability(
            graph: context.graph, fragments: requirement.declarationFragments ?? [], assumed: context.associatedTypes)

        var output = TypeSpelling.stored(declaration.returnType)
        var resultCast: String?
        let returnsGeneric = !genericNames.isDisjoint(with: Declaration.identifiers(in: output))
        if returnsGeneric {
            // An optional generic result: the spy answers any Sendable value, cast to the type asked for.
            guard output.hasSuffix("?"), genericNames.contains(String(output.dropLast())) else {
                throw StubProblem(
                    reason: "generic method '\(title)' (of \(owner)) returns its generic parameter, which one spy cannot "
                        + "produce for every type; write this stub by hand"
                )
            }
            resultCast = String(output.dropLast())
            output = "(any Sendable)?"
        }
        let returnsNever = output == "Never"
        if returnsNever { output = "Void" }
        output = TypeSpelling.sendableClosure(output)

        var notes: [String] = []
        var recorded: [Recorded] = []
        var inoutParameters: [String] = []
        var closures: [(name: String, type: String, escapes: Bool)] = []
        for parameter in declaration.parameters {
            let type = TypeSpelling.stored(parameter.writtenType)
            if parameter.isInout { inoutParameters.append(parameter.name) }
            if parameter.writtenType.includes("@autoclosure"), type.hasPrefix("()"),
                let arrow = Declaration.topLevelRange(of: "->", in: type)
            {
                // A non-escaping autoclosure is evaluated, so the spy records the value it stands for.
                let result = String(type[arrow.upperBound...]).trimmed
                let expression = TypeSpelling.escaped(parameter.name) + "()"
                recorded.append(
                    Recorded(label: parameter.name, expression: expression, type: result, isSendable: sendability.isSendable(result)))
                continue
            }
            if parameter.isClosure {
                closures.append(
                    (parameter.name, type, parameter.writtenType.includes("@escaping") || TypeSpelling.isOptionalFunction(type)))
                continue
            }
            let name = TypeSpelling.escaped(parameter.name)
            let usesGeneric = !genericNames.isDisjoint(with: Declaration.identifiers(in: type))
            if type.hasPrefix("some ") || type.hasPrefix("repeat ") || usesGeneric {
                notes.append("`\(title)` records its generic or opaque parameter `\(parameter.name)` as a description string.")
                let value = type.hasPrefix("repeat ") ? "(repeat each \(name))" : name
                recorded.append(
                    Recorded(label: parameter.name, expression: "String(describing: \(value))", type: "String", isSendable: true))
                continue
            }
            recorded.append(Recorded(label: parameter.name, expression: name, type: type, isSendable: sendability.isSendable(type)))
        }

        var failure: Failure
        switch declaration.throwing {
        case .none, .rethrows: failure = .never
        case .untyped: failure = .any
        case let .typed(error):
            switch error {
            case "any Error", "Error", "Swift.Error": failure = .any
            case "Never", "Swift.Never": failure = .never
            default: failure = .typed(error)
            }
        }

        var inoutParameter: String?
        if let name = inoutParameters.first {
            guard inoutParameters.count == 1, Self.isVoid(output), !returnsNever,
                let value = recorded.first(where: { $0.label == name })
            else {
                throw StubProblem(
                    reason: "requirement '\(title)' (of \(owner)) has several inout parameters or an inout parameter and a "
                        + "result; a spy answers one value, so the stub could not set what the caller receives; write this "
                        + "stub by hand"
                )
            }
            inoutParameter = name
            output = value.type + "?"
            notes.append("`\(title)` gives the caller the new value of `\(name)` its spy answers; nil leaves it unchanged.")
        }

        // The last escaping closure of a method that returns nothing is its completion handler: the
        // spy keeps it for the test to complete. Other closures are not recorded.
        var completion: Completion?
        var handlerName: String?
        if kind == .function, requirement.kind.identifier != "swift.init", Self.isVoid(output), !returnsNever, failure == .never,
            !declaration.isAsync, inoutParameter == nil,
            let handler = closures.last(where: \.escapes), let adapted = Self.completion(handler.name, type: handler.type)
        {
            handlerName = handler.name
            completion = Completion(
                value: adapted.value, valueIsSendable: sendability.isSendable(adapted.value), expression: adapted.expression
            )
        }
        for closure in closures where closure.name != handlerName {
            notes.append("`\(title)` does not record its closure parameter `\(closure.name)`.")
        }
        if let handlerName {
            notes.append(
                "`\(title)` passes its completion handler `\(handlerName)` to its spy: configure an answer, or call "
                    + "`holdCompletions()` first, then `completeLast(with:)`.")
        }

        var signature = text
        var getterEffects = ""
        var setterType: String?
        if kind != .function {
            let (head, accessors) = Declaration.splitAccessors(text)
            signature = head
            let words = accessors.split(separator: " ").map(String.init)
            getterEffects = words.filter { $0 == "async" || $0.hasPrefix("throws") }.joined(separator: " ")
            if words.contains("set") { setterType = TypeSpelling.stored(declaration.returnType) }
        }

        let base: String
        switch kind {
        case .function: base = String(title.prefix(while: { $0 != "(" && $0 != "<" }))
        case .property: base = title
        case .subscript: base = "subscript"
        }
        let labels = declaration.parameters.map(\.label).filter { $0 != "_" }
        self.init(
            title: title,
            baseStem: base.replacingAll("`", with: ""),
            labelSuffix: labels.map(\.capitalizedFirst).joined(),
            typeSuffix: (recorded.map(\.type) + [output]).map { Declaration.identifiers(in: $0).map(\.capitalizedFirst).joined() }
                .joined(),
            kind: kind,
            signature: signature,
            recorded: recorded,
            output: output,
            outputIsSendable: sendability.isSendable(output),
            failure: failure,
            isAsync: declaration.isAsync,
            getterEffects: getterEffects,
            setterType: setterType,
            setterIsSendable: setterType.map { sendability.isSendable($0) } ?? true,
            returnsNever: returnsNever,
            inoutParameter: inoutParameter,
            resultCast: resultCast,
            completion: completion,
            notes: notes
        )
        isInitializer = requirement.kind.identifier == "swift.init"
        if isInitializer { self.notes.append("`\(title)` records its arguments in its spy on each instance it makes.") }
    }

    /// What a completion handler receives, and how the stub hands it to the spy: `(T) -> Void`
    /// as it is, `() -> Void` and several parameters adapted, an optional one called if present.
    static func completion(_ name: String, type: String) -> (value: String, expression: String)? {
        let isOptional = TypeSpelling.isOptionalFunction(type)
        var function = isOptional ? String(type.dropFirst().dropLast(2)) : type
        while function.hasPrefix("@") {
            guard let space = function.firstIndex(of: " ") else { return nil }
            function = String(function[function.index(after: space)...]).trimmed
        }
        guard function.hasPrefix("("), let close = Declaration.matchingClose(function, from: function.startIndex),
            let arrow = Declaration.topLevelRange(of: "->", in: function), arrow.lowerBound > close,
            isVoid(String(function[arrow.upperBound...]).trimmed),
            !String(function[function.index(after: close)..<arrow.lowerBound]).includes("throws"),
            !String(function[function.index(after: close)..<arrow.lowerBound]).includes("async")
        else { return nil }
        let parameters = Declaration.splitTopLevel(String(function[function.index(after: function.startIndex)..<close]), on: ",")
            .map(\.trimmed).filter { !$0.isEmpty }.map(TypeSpelling.stored)
        let call = TypeSpelling.escaped(name) + (isOptional ? "?" : "")
        switch parameters.count {
        case 0: return ("Void", "{ _ in \(call)() }")
        case 1: return (parameters[0], isOptional ? "{ \(call)($0) }" : TypeSpelling.escaped(name))
        default:
            let arguments = parameters.indices.map { "$0.\($0)" }.joined(separator: ", ")
            return ("(" + parameters.joined(separator: ", ") + ")", "{ \(call)(\(arguments)) }")
        }
    }

    /// Records the parameters that are not Sendable as description strings, for a stub whose spies
    /// cross threads; says why when a result or a set value is not Sendable.
    mutating func describeNonSendableValues() throws(StubProblem) {
        if let completion, !completion.valueIsSendable {
            notes.removeAll { $0.hasPrefix("`\(title)` passes its completion handler") }
            notes.append("`\(title)` does not keep its completion handler: it receives \(completion.value), which is not Sendable.")
            self.completion = nil
        }
        if !outputIsSendable {
            throw StubProblem(
                reason: "requirement '\(title)' returns \(output), which is not Sendable, from a protocol whose stub is "
                    + "shared across threads, so no spy can keep it; write this stub by hand"
            )
        }
        if setterType != nil && !setterIsSendable {
            throw StubProblem(
                reason: "requirement '\(title)' is set to \(setterType ?? ""), which is not Sendable, in a protocol whose "
                    + "stub is shared across threads, so no spy can keep it; write this stub by hand"
            )
        }
        for index in recorded.indices where !recorded[index].isSendable {
            let value = recorded[index]
            notes.append("`\(title)` records `\(value.label)`, which is not Sendable, as a description string.")
            recorded[index] = Recorded(
                label: value.label, expression: "String(describing: \(value.expression))", type: "String", isSendable: true
            )
        }
    }

    /// Gives every spy a unique name: the base name, then the labels for overloads, then the types;
    /// never the name of one of the protocol's own members.
    static func assignNames(_ plans: inout [SpyPlan], reserved: Set<String>) {
        var counts: [String: Int] = [:]
        for plan in plans { counts[plan.baseStem, default: 0] += 1 }
        for index in plans.indices {
            let plan = plans[index]
            plans[index].stem = counts[plan.baseStem, default: 0] > 1 ? plan.baseStem + plan.labelSuffix : plan.baseStem
        }
        var stems: [String: Int] = [:]
        for plan in plans { stems[plan.stem, default: 0] += 1 }
        for index in plans.indices where stems[plans[index].stem, default: 0] > 1 {
            plans[index].stem += plans[index].typeSuffix
        }
        var used: Set<String> = []
        for index in plans.indices {
            var stem = plans[index].stem
            if reserved.contains(stem + "Spy") || reserved.contains(stem + "SetSpy") { stem += "Call" }
            let base = stem
            var number = 2
            while used.contains(stem) || reserved.contains(stem + "Spy") || reserved.contains(stem + "SetSpy") {
                stem = base + String(number)
                number += 1
            }
            used.insert(stem)
            plans[index].stem = stem
        }
    }
}
