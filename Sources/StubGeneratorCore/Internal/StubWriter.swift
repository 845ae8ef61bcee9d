/// Why one protocol gets no stub.
struct StubProblem: Error {
    let reason: String
}

/// Writes the stub of one protocol. To change the code the stubs call (for example when the spy
/// API changes), edit `SpyPlan`'s `declaration`, `initializerAssignment` and `callExpression`.
struct StubWriter {
    let protocolSymbol: SymbolGraph.Symbol
    let graph: MergedGraph
    let access: StubAccess

    /// Protocols whose requirements need nothing from a stub, or are satisfied by the stub's kind.
    static let markerProtocols: Set<String> = [
        "Swift.Sendable", "Swift.SendableMetatype", "Swift.Copyable", "Swift.Escapable", "Swift.AnyObject",
        "_Concurrency.Actor", "Swift.Actor", "Sendable", "SendableMetatype", "Actor", "AnyObject",
    ]

    func write() -> Result<String, StubProblem> {
        do {
            return .success(try render())
        } catch {
            return .failure(error)
        }
    }

    private var name: String { protocolSymbol.names.title }

    private func render() throws(StubProblem) -> String {
        if protocolSymbol.accessLevel != "public" && protocolSymbol.accessLevel != "open" && access == .public {
            throw StubProblem(
                reason: "it is \(protocolSymbol.accessLevel), so its stub cannot be public; pass --access internal"
            )
        }
        let (chain, isActor) = try protocolChain()
        var associatedTypes: [(name: String, constraint: String)] = []
        var members: [(symbol: SymbolGraph.Symbol, owner: String)] = []
        var seen: Set<String> = []
        for protocolID in chain {
            let owner = graph.symbols[protocolID]?.names.title ?? name
            for requirement in graph.requirements(of: protocolID) {
                if requirement.kind.identifier == "swift.associatedtype" {
                    associatedTypes.append((requirement.names.title, try associatedTypeConstraint(requirement)))
                } else if seen.insert(requirement.kind.identifier + requirement.declaration).inserted {
                    members.append((requirement, owner))
                }
            }
        }
        let associatedNames = Set(associatedTypes.map(\.name))
        var plans: [SpyPlan] = []
        for (symbol, owner) in members {
            plans.append(try SpyPlan(requirement: symbol, owner: owner, associatedTypes: associatedNames))
        }
        SpyPlan.assignNames(&plans)
        return file(plans: plans, associatedTypes: associatedTypes, isActor: isActor)
    }

    /// The protocol and every protocol it inherits from this module, bases first.
    private func protocolChain() throws(StubProblem) -> (ids: [String], isActor: Bool) {
        var ordered: [String] = []
        var isActor = false
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
                throw StubProblem(
                    reason: "it inherits '\(other)' from another module, whose requirements are not in this module's "
                        + "symbol graph; write this stub by hand or make the stub conform in an extension"
                )
            }
            if external.contains(where: { $0.hasSuffix("Actor") }) { isActor = true }
            for base in local.reversed() where !visiting.contains(base) {
                visiting.append(base)
                stack.append((base, false))
            }
        }
        return (ordered, isActor || protocolSymbol.declaration.includes(": Actor"))
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

    private func associatedTypeConstraint(_ symbol: SymbolGraph.Symbol) throws(StubProblem) -> String {
        let declaration = symbol.declaration
        if declaration.includes(" where ") || declaration.includes("=") {
            throw StubProblem(
                reason: "associated type '\(symbol.names.title)' has a default or a where clause, which the generator "
                    + "does not reproduce; write this stub by hand"
            )
        }
        var constraints: [String] = []
        if let colon = declaration.firstIndex(of: ":") {
            constraints = declaration[declaration.index(after: colon)...].split(separator: "&").map(\.trimmed)
        }
        if !constraints.contains("Sendable") { constraints.append("Sendable") }
        return constraints.joined(separator: " & ")
    }

    private func file(plans: [SpyPlan], associatedTypes: [(name: String, constraint: String)], isActor: Bool) -> String {
        let modifier = access == .public ? "public " : ""
        let module = graph.moduleName
        let isPublicProtocol = protocolSymbol.accessLevel == "public" || protocolSymbol.accessLevel == "open"
        // A global actor on the protocol (`@MainActor` or a custom one) isolates the stub the same way.
        let globalActors = protocolSymbol.declaration.split(separator: " ").prefix(while: { $0.hasPrefix("@") })
            .filter { $0.hasSuffix("Actor") }.map { $0 + " " }.joined()
        let generics =
            associatedTypes.isEmpty
            ? "" : "<" + associatedTypes.map { "\($0.name): \($0.constraint)" }.joined(separator: ", ") + ">"
        let kind = isActor ? "actor" : "final class"
        var lines = [
            StubGenerator.marker,
            "// Source: protocol \(name) in module \(module). Add to the stub in an extension in another file.",
            "",
            (isPublicProtocol ? "" : "@testable ") + "import \(module)",
            "import TestDoubles",
            "",
            "/// A stub of `\(name)`: one spy per requirement, one line per requirement.",
        ]
        let fallbacks = plans.compactMap(\.initializerParameter)
        if !fallbacks.isEmpty {
            lines.append("///")
            lines.append("/// The initializer takes the values the spies answer before any answer is configured.")
        }
        for plan in plans {
            for note in plan.notes { lines.append("/// - Note: \(note)") }
        }
        lines.append("\(globalActors)\(modifier)\(kind) \(name)Stub\(generics): \(name) {")
        if fallbacks.isEmpty {
            lines.append("    /// Creates a stub whose spies have no answers configured.")
            lines.append("    \(modifier)init() {}")
        } else {
            lines.append("    /// Creates a stub whose spies answer the given values until configured otherwise.")
            lines.append("    \(modifier)init(\(fallbacks.joined(separator: ", "))) {")
            for plan in plans { if let assignment = plan.initializerAssignment { lines.append("        " + assignment) } }
            lines.append("    }")
        }
        lines.append("")
        // An actor's spies are nonisolated: a test configures and reads them without awaiting.
        let spyModifier = modifier + (isActor ? "nonisolated " : "")
        for plan in plans { for declaration in plan.declarations { lines.append("    \(spyModifier)\(declaration)") } }
        lines.append("")
        for plan in plans { if let member = plan.member { lines.append("    " + Self.inserting(modifier, afterAttributesOf: member)) } }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
