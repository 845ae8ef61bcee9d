extension SpyPlan {
    /// Plans the spy of one requirement, or says why the generator cannot.
    init(requirement: SymbolGraph.Symbol, owner: String, associatedTypes: Set<String>) throws(StubProblem) {
        let title = requirement.names.title
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
            throw StubProblem(reason: "initializer requirement '\(title)' (of \(owner)) is not generated; write this stub by hand")
        case "swift.func.op":
            throw StubProblem(reason: "operator requirement '\(title)' (of \(owner)) is not generated; write this stub by hand")
        default:
            throw StubProblem(
                reason: "requirement '\(title)' (of \(owner)) is a \(requirement.kind.identifier), which the generator does not know"
            )
        }

        var text = requirement.declaration
        for name in associatedTypes { text = text.replacingAll("Self.\(name)", with: name) }
        for keyword in ["mutating ", "nonmutating "] { text = text.replacingAll(keyword, with: "") }
        if Declaration.identifiers(in: text).contains("Self") {
            throw StubProblem(
                reason: "requirement '\(title)' (of \(owner)) uses Self, which a final class or actor stub cannot "
                    + "satisfy one line at a time; write this stub by hand"
            )
        }
        let declaration = Declaration(text, kind: kind)
        let genericNames = Set((requirement.swiftGenerics?.parameters ?? []).map(\.name)).subtracting(["Self"])
            .subtracting(associatedTypes)
        if !genericNames.isDisjoint(with: Declaration.identifiers(in: declaration.returnType)) {
            throw StubProblem(
                reason: "generic method '\(title)' (of \(owner)) returns its generic parameter, which one spy cannot "
                    + "produce for every type; write this stub by hand"
            )
        }

        var notes: [String] = []
        var recorded: [(label: String, expression: String, type: String)] = []
        for parameter in declaration.parameters {
            if parameter.isClosure {
                notes.append("`\(title)` does not record its closure parameter `\(parameter.name)`: a spy keeps Sendable values only.")
                continue
            }
            let type = parameter.recordedType
            let isSendableExistential = type == "any Error" || type.includes("Sendable")
            if type.hasPrefix("some ") || (type.hasPrefix("any ") && !isSendableExistential)
                || !genericNames.isDisjoint(with: Declaration.identifiers(in: parameter.recordedType))
            {
                notes.append("`\(title)` records its generic or existential parameter `\(parameter.name)` as a description string.")
                recorded.append((parameter.name, "String(describing: \(parameter.name))", "String"))
                continue
            }
            recorded.append((parameter.name, parameter.name, parameter.recordedType))
        }

        let failure: Failure
        switch declaration.throwing {
        case .none, .rethrows: failure = .never
        case .untyped: failure = .any
        case let .typed(error): failure = error == "any Error" || error == "Error" ? .any : .typed(error)
        }

        var signature = text
        var getterEffects = ""
        var setterType: String?
        if kind != .function {
            let (head, accessors) = Declaration.splitAccessors(text)
            signature = head
            let words = accessors.split(separator: " ").map(String.init)
            getterEffects = words.filter { $0 == "async" || $0.hasPrefix("throws") }.joined(separator: " ")
            if words.contains("set") { setterType = declaration.returnType }
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
            baseStem: base,
            labelSuffix: labels.map(\.capitalizedFirst).joined(),
            typeSuffix: recorded.map { Declaration.identifiers(in: $0.type).map(\.capitalizedFirst).joined() }.joined(),
            kind: kind,
            signature: signature,
            recorded: recorded,
            output: declaration.returnType,
            failure: failure,
            isAsync: declaration.isAsync,
            getterEffects: getterEffects,
            setterType: setterType,
            notes: notes
        )
    }

    /// Gives every spy a unique name: the base name, then the labels for overloads, then the types.
    static func assignNames(_ plans: inout [SpyPlan]) {
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
            var number = 2
            while used.contains(stem) {
                stem = plans[index].stem + String(number)
                number += 1
            }
            used.insert(stem)
            plans[index].stem = stem
        }
    }
}
