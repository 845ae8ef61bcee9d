/// Why one protocol gets no stub.
struct StubProblem: Error {
    let reason: String
}

/// Writes the stub of one protocol. To change the code the stubs call (for example when the spy
/// API changes), edit `SpyPlan`'s emitted-code section.
struct StubWriter {
    let protocolSymbol: SymbolGraph.Symbol
    let graph: MergedGraph
    let access: StubAccess
    let answers: StubAnswers
    /// The import lines of the protocol's source file, if known.
    let sourceImports: [String]

    /// Protocols whose requirements need nothing from a stub, or are satisfied by the stub's kind.
    static let markerProtocols: Set<String> = [
        "Swift.Sendable", "Swift.SendableMetatype", "Swift.Copyable", "Swift.Escapable", "Swift.AnyObject",
        "_Concurrency.Actor", "Swift.Actor", "Sendable", "SendableMetatype", "Actor", "AnyObject",
    ]

    /// Protocols of the standard library whose requirements the stub implements with spies.
    static let knownExternalRequirements: [String: [String]] = [
        "Swift.CustomStringConvertible": ["var description: String { get }"],
        "Swift.CustomDebugStringConvertible": ["var debugDescription: String { get }"],
    ]

    func write() -> Result<String, StubProblem> {
        do {
            return .success(try render())
        } catch {
            return .failure(error)
        }
    }

    /// The protocol's name from the module, `Outer.Inner` for a nested one.
    private var name: String { protocolSymbol.qualifiedName }

    /// The stub's type name: `Outer_InnerStub` for a nested protocol.
    var stubName: String { protocolSymbol.pathComponents.joined(separator: "_") + "Stub" }

    private struct Shape {
        var isActor = false
        var isSendable = false
        var extraRequirements: [String] = []
        /// `Equatable` or `Hashable` is inherited: the stub is equal only to itself.
        var isEquatable = false
        /// `Hashable` is inherited: the stub hashes by identity.
        var isHashable = false
    }

    private func render() throws(StubProblem) -> String {
        if protocolSymbol.accessLevel != "public" && protocolSymbol.accessLevel != "open" && access == .public {
            throw StubProblem(
                reason: "it is \(protocolSymbol.accessLevel), so its stub cannot be public; pass --access internal"
            )
        }
        let (chain, shape) = try protocolChain()
        var associatedTypes: [(name: String, constraint: String)] = []
        var defaultedTypes: [(name: String, type: String)] = []
        var aliases: [String: String] = [:]
        var members: [(symbol: SymbolGraph.Symbol, owner: String)] = []
        var seen: Set<String> = []
        for protocolID in chain {
            let owner = graph.symbols[protocolID]?.qualifiedName ?? name
            aliases.merge(graph.typealiases(of: protocolID)) { first, _ in first }
            for requirement in graph.requirements(of: protocolID) {
                if requirement.kind.identifier == "swift.associatedtype" {
                    let (constraint, defaultType) = try associatedTypeConstraint(requirement)
                    if let defaultType {
                        defaultedTypes.append((requirement.names.title, defaultType))
                    } else {
                        associatedTypes.append((requirement.names.title, constraint))
                    }
                } else if seen.insert(requirement.kind.identifier + requirement.declaration.replacingAll("override ", with: "")).inserted {
                    members.append((requirement, owner))
                }
            }
        }
        let associatedNames = Set(associatedTypes.map(\.name) + defaultedTypes.map(\.name))
        var plans: [SpyPlan] = []
        for (symbol, owner) in members {
            let context = PlanContext(owner: owner, associatedTypes: associatedNames, aliases: aliases, graph: graph)
            var plan = try SpyPlan(requirement: symbol, context: context)
            plan.availability = AvailabilityAttributes.member(symbol.availability, within: protocolSymbol.availability)
            plans.append(plan)
        }
        for (index, requirement) in shape.extraRequirements.enumerated() {
            plans.append(
                try SpyPlan(
                    requirement: Self.synthesized(requirement, index: index),
                    context: PlanContext(
                        owner: name, associatedTypes: [], aliases: [:], graph: graph)))
        }

        // Values that are not Sendable: main-actor spies where the stub is on the main actor (a
        // main-actor protocol, or a protocol that is not Sendable, conformed to on the main actor);
        // description strings where the stub crosses threads.
        let globalActors = protocolSymbol.declaration.split(separator: " ").prefix(while: { $0.hasPrefix("@") })
            .filter { $0.hasSuffix("Actor") }.map(String.init)
        let isMainActorProtocol = globalActors.contains("@MainActor")
        let keepsNonSendable = plans.contains(where: \.keepsNonSendableValues)
        let conformsOnMainActor =
            keepsNonSendable && !isMainActorProtocol && globalActors.isEmpty && !shape.isActor
            && !shape.isSendable
        for index in plans.indices {
            if plans[index].keepsNonSendableValues {
                if isMainActorProtocol || conformsOnMainActor {
                    plans[index].isMainActor = true
                } else {
                    try plans[index].describeNonSendableValues()
                }
            }
            plans[index].answersByDefault = answers == .defaults
        }
        if let initializer = plans.first(where: \.isInitializer), plans.contains(where: { $0.initializerParameter != nil }) {
            throw StubProblem(
                reason: "initializer requirement '\(initializer.title)' cannot give the spies the answers they need before "
                    + "one is configured (\(plans.compactMap(\.initializerParameter).joined(separator: ", "))); write this stub "
                    + "by hand, or generate it with --default-answers if literals can answer"
            )
        }
        let reserved = Set(members.map { $0.symbol.names.title })
        SpyPlan.assignNames(&plans, reserved: reserved)
        return file(
            plans: plans, associatedTypes: associatedTypes, defaultedTypes: defaultedTypes, isActor: shape.isActor,
            globalActors: conformsOnMainActor ? ["@MainActor"] : globalActors, conformsOnMainActor: conformsOnMainActor,
            identity: (shape.isEquatable, shape.isHashable)
        )
    }

    private static func synthesized(_ declaration: String, index: Int) -> SymbolGraph.Symbol {
        let name = String(declaration.split(separator: " ")[1].prefix(while: { $0 != ":" }))
        return SymbolGraph.Symbol(
            kind: .init(identifier: "swift.property"), identifier: .init(precise: "synthesized\(index)"),
            names: .init(title: name), declarationFragments: [.init(kind: "text", spelling: declaration, preciseIdentifier: nil)],
            accessLevel: "public", location: nil, swiftGenerics: nil, pathComponents: [name],
            availability: nil
        )
    }

    /// The protocol and every protocol it inherits from this module, bases first.
    private func protocolChain() throws(StubProblem) -> (ids: [String], shape: Shape) {
        var ordered: [String] = []
        var shape = Shape()
        var visiting: [String] = [protocolSymbol.identifier.precise]
        var stack: [(id: String, expanded: Bool)] = [(protocolSymbol.identifier.precise, false)]
        while let (id, expanded) = stack.popLast() {
            if expanded {
                if !ordered.contains(id) { ordered.append(id) }
                continue
            }
            stack.append((id, true))
            let (local, external) = graph.inherited(by: id)
            for other in external where !Self.markerProtocols.contains(other) {
                if let requirements = Self.knownExternalRequirements[other] {
                    shape.extraRequirements += requirements.filter { !shape.extraRequirements.contains($0) }
                    continue
                }
                switch other {
                case "Swift.Equatable":
                    shape.isEquatable = true
                    continue
                case "Swift.Hashable":
                    shape.isEquatable = true
                    shape.isHashable = true
                    continue
                case "Swift.Identifiable":
                    // A class or actor has `id: ObjectIdentifier` from the standard library; an ID
                    // the protocol fixes gets a spy.
                    if let type = Self.fixedIdentifierType(in: graph.symbols[id]?.declaration ?? "") {
                        let requirement = "var id: \(type) { get }"
                        if !shape.extraRequirements.contains(requirement) { shape.extraRequirements.append(requirement) }
                    }
                    continue
                default: break
                }
                throw StubProblem(
                    reason: "it inherits '\(other)' from another module, whose requirements are not in this module's "
                        + "symbol graph; write this stub by hand or make the stub conform in an extension"
                )
            }
            if external.contains(where: { $0.hasSuffix("Actor") }) { shape.isActor = true }
            if external.contains(where: { $0.hasSuffix(".Sendable") || $0 == "Sendable" || $0.hasSuffix("Actor") }) {
                shape.isSendable = true
            }
            for base in local.reversed() where !visiting.contains(base) {
                visiting.append(base)
                stack.append((base, false))
            }
        }
        if protocolSymbol.declaration.includes(": Actor") { shape.isActor = true }
        return (ordered, shape)
    }

    /// The type a protocol's where clause fixes its `ID` to (`where Self.ID == String`), if any.
    static func fixedIdentifierType(in declaration: String) -> String? {
        guard let whereRange = declaration.rangeOfText(" where ") else { return nil }
        for clause in Declaration.splitTopLevel(String(declaration[whereRange.upperBound...]), on: ",") {
            guard let equals = clause.rangeOfText(" == ") else { continue }
            let name = String(clause[..<equals.lowerBound]).trimmed
            if name == "ID" || name == "Self.ID" { return String(clause[equals.upperBound...]).trimmed }
        }
        return nil
    }

    /// `@MainActor func f()` with `public ` -> `@MainActor public func f()`: attributes come first.
    static func inserting(_ modifier: String, afterAttributesOf member: String) -> String {
        var rest = member
        var attributes = ""
        while rest.hasPrefix("@") {
            var end = rest.firstIndex(of: " ") ?? rest.endIndex
            if let open = rest.firstIndex(of: "("), open < end, let close = Declaration.matchingClose(rest, from: open) {
                end = rest.index(after: close)
            }
            attributes += rest[..<end] + " "
            rest = String(rest[end...].drop(while: { $0 == " " }))
        }
        return attributes + modifier + rest
    }

    /// An associated type's constraints as one composition (`Decodable, Encodable` ->
    /// `Decodable & Encodable & Sendable`), or its default type, which the stub fixes.
    private func associatedTypeConstraint(_ symbol: SymbolGraph.Symbol) throws(StubProblem) -> (String, String?) {
        var declaration = symbol.declaration
        let typeName = symbol.names.title
        var defaultType: String?
        if let equals = declaration.firstIndex(of: "=") {
            defaultType = String(declaration[declaration.index(after: equals)...]).trimmed
            declaration = String(declaration[..<equals]).trimmed
        }
        var constraints: [String] = []
        if let whereRange = declaration.rangeOfText(" where ") {
            for requirement in declaration[whereRange.upperBound...].split(separator: ",") {
                let parts = requirement.split(separator: ":", maxSplits: 1).map(\.trimmed)
                guard parts.count == 2, parts[0] == typeName else {
                    throw StubProblem(
                        reason: "associated type '\(typeName)' has a where clause on another type ('\(requirement.trimmed)'), "
                            + "which the generator does not reproduce; write this stub by hand"
                    )
                }
                constraints += parts[1].split(separator: "&").map(\.trimmed)
            }
            declaration = String(declaration[..<whereRange.lowerBound])
        }
        if let colon = declaration.firstIndex(of: ":") {
            let list = declaration[declaration.index(after: colon)...]
            constraints = list.split(whereSeparator: { $0 == "&" || $0 == "," }).map(\.trimmed) + constraints
        }
        if !constraints.contains("Sendable") { constraints.append("Sendable") }
        var unique: [String] = []
        for constraint in constraints where !unique.contains(constraint) { unique.append(constraint) }
        return (unique.joined(separator: " & "), defaultType)
    }

    /// The import lines: the protocol's module, every module its requirements' types come from
    /// (spelled as the protocol's file imports them, so `@preconcurrency` stays), and TestDoubles.
    private func imports(of plans: [SpyPlan]) -> [String] {
        let module = graph.moduleName
        let isPublicProtocol = protocolSymbol.accessLevel == "public" || protocolSymbol.accessLevel == "open"
        var modules: Set<String> = []
        var symbols = [protocolSymbol]
        for id in [protocolSymbol.identifier.precise] + chainIDs.sorted() { symbols += graph.membersAndRequirements(of: id) }
        for symbol in symbols {
            for fragment in symbol.declarationFragments ?? [] {
                guard let id = fragment.preciseIdentifier, let found = ModuleName.of(typeID: id),
                    let importable = ModuleName.importable(found), importable != module
                else { continue }
                modules.insert(importable)
            }
        }
        var lines = [(isPublicProtocol ? "" : "@testable ") + "import \(module)"]
        for other in modules.sorted() where other != "FoundationNetworking" {
            lines.append(spelledImport(of: other))
        }
        lines.append("import TestDoubles")
        if modules.contains("FoundationNetworking") {
            lines += ["", "#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif"]
        }
        return lines
    }

    private var chainIDs: Set<String> {
        var ids: Set<String> = []
        var pending = [protocolSymbol.identifier.precise]
        while let id = pending.popLast() {
            for base in graph.inherited(by: id).local where ids.insert(base).inserted { pending.append(base) }
        }
        return ids
    }

    /// `import Foundation`, or `@preconcurrency import Foundation` when the protocol's file says so.
    private func spelledImport(of module: String) -> String {
        for line in sourceImports {
            let words = line.split(separator: " ").map(String.init)
            guard let importIndex = words.firstIndex(of: "import"), importIndex + 1 < words.count,
                words[importIndex + 1] == module
            else { continue }
            let attributes = words[..<importIndex].filter { $0 == "@preconcurrency" }
            return (attributes + ["import", module]).joined(separator: " ")
        }
        return "import \(module)"
    }

    private func file(
        plans: [SpyPlan], associatedTypes: [(name: String, constraint: String)], defaultedTypes: [(name: String, type: String)],
        isActor: Bool, globalActors: [String], conformsOnMainActor: Bool, identity: (equatable: Bool, hashable: Bool)
    ) -> String {
        let modifier = access == .public ? "public " : ""
        let module = graph.moduleName
        let generics =
            associatedTypes.isEmpty
            ? "" : "<" + associatedTypes.map { "\($0.name): \($0.constraint)" }.joined(separator: ", ") + ">"
        let kind = isActor ? "actor" : "final class"
        let actorPrefix = globalActors.map { $0 + " " }.joined()
        var lines = [
            StubGenerator.marker,
            "// Source: protocol \(name) in module \(module). Add to the stub in an extension in another file.",
            "",
        ]
        lines += imports(of: plans)
        lines += ["", "/// A stub of `\(name)`: one spy per requirement, one line per requirement."]
        let parameters = plans.compactMap(\.initializerParameter)
        if conformsOnMainActor {
            lines.append("///")
            lines.append("/// The protocol is not Sendable and its requirements pass values that are not, so the stub and its")
            lines.append("/// conformance are on the main actor, where its spies keep those values: use it from main-actor tests.")
        }
        for plan in plans {
            for note in plan.notes { lines.append("/// - Note: \(note)") }
        }
        if identity.equatable {
            lines.append("/// - Note: A stub is equal only to itself\(identity.hashable ? " and hashes by identity" : "").")
        }
        let conformance = (conformsOnMainActor ? "@MainActor " : "") + name + ", SpyingStub"
        lines += AvailabilityAttributes.type(protocolSymbol.availability)
        lines.append("\(actorPrefix)\(modifier)\(kind) \(stubName)\(generics): \(conformance) {")
        for defaulted in defaultedTypes {
            lines.append("    \(modifier)typealias \(defaulted.name) = \(defaulted.type)")
        }
        let strict = answers == .strict
        switch (strict, parameters.isEmpty) {
        case (true, true):
            // A call with a completion handler returns nothing, but its spy reports it: it needs an answer.
            let silent = plans.contains { $0.completion != nil } ? "return nothing and take no completion handler" : "return nothing"
            lines.append("    /// Creates a stub whose spies fail the test on any call it has not configured, except calls that \(silent).")
        case (true, false):
            lines.append("    /// Creates a stub whose spies fail the test on any call it has not configured, then answer these fallbacks.")
        case (false, true):
            lines.append("    /// Creates a stub whose spies answer default values until the test configures others.")
        case (false, false):
            lines.append("    /// Creates a stub whose spies answer these values, or literal defaults, until the test configures others.")
        }
        lines.append("    ///")
        lines.append("    /// A call no spy can answer is reported at the line that created the stub, naming the stub and the method.")
        let site = ["fileID: StaticString = #fileID", "filePath: StaticString = #filePath", "line: UInt = #line", "column: UInt = #column"]
        lines.append("    \(modifier)init(\((parameters + site).joined(separator: ", "))) {")
        for plan in plans { if let assignment = plan.initializerAssignment { lines.append("        " + assignment) } }
        lines.append(
            "        let origin = StubOrigin(\"\(stubName)\", isGenerated: true, fileID: fileID, filePath: filePath, line: line, column: column)"
        )
        for plan in plans { for spy in plan.spyNames { lines.append("        \(spy).reportsUnansweredCalls(at: origin)") } }
        lines.append("    }")
        lines.append("")
        // An actor's spies are nonisolated: a test configures and reads them without awaiting.
        let spyModifier = modifier + (isActor ? "nonisolated " : "")
        for plan in plans { for declaration in plan.declarations { lines.append("    \(spyModifier)\(declaration)") } }
        lines.append("")
        for plan in plans { if let member = plan.member { lines.append("    " + Self.inserting(modifier, afterAttributesOf: member)) } }
        // Identity, which any isolation can read: the standard library's requirements are nonisolated.
        let identityModifier = modifier + (isActor || !globalActors.isEmpty ? "nonisolated " : "")
        if identity.equatable {
            lines.append("    \(identityModifier)static func == (lhs: \(stubName), rhs: \(stubName)) -> Bool { lhs === rhs }")
        }
        if identity.hashable {
            lines.append("    \(identityModifier)func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
