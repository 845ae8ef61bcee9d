/// The symbols and relationships of a module's graphs, indexed for the writer.
struct MergedGraph: Sendable {
    let moduleName: String
    let symbols: [String: SymbolGraph.Symbol]
    let relationships: [SymbolGraph.Relationship]
    /// The relationships by their target's identifier, and by their source's.
    private let byTarget: [String: [SymbolGraph.Relationship]]
    private let bySource: [String: [SymbolGraph.Relationship]]
    /// Every protocol, nested ones included, by name (`Outer.Inner` for a nested one).
    let protocols: [SymbolGraph.Symbol]
    /// The types that declare a conformance to `Sendable` (or to a protocol that implies it).
    private let declaredSendable: Set<String>

    /// The identifiers of `Sendable` and of the protocols that imply it.
    static let sendableProtocols: Set<String> = ["s:s8SendableP", "s:s5ErrorP", "s:ScA", "s:ScAP"]

    init(_ graphs: [SymbolGraph]) {
        moduleName = graphs.first?.module.name ?? ""
        var symbols: [String: SymbolGraph.Symbol] = [:]
        for graph in graphs {
            for symbol in graph.symbols { symbols[symbol.identifier.precise] = symbol }
        }
        self.symbols = symbols
        relationships = graphs.flatMap(\.relationships)
        byTarget = Dictionary(grouping: relationships, by: \.target)
        bySource = Dictionary(grouping: relationships, by: \.source)
        protocols = symbols.values.filter { $0.kind.identifier == "swift.protocol" }
            .sorted { $0.qualifiedName < $1.qualifiedName }
        declaredSendable = Set(
            relationships.filter { $0.kind == "conformsTo" && Self.sendableProtocols.contains($0.target) }.map(\.source)
        )
    }

    /// A protocol's own requirements, in declaration order.
    func requirements(of protocolID: String) -> [SymbolGraph.Symbol] {
        (byTarget[protocolID] ?? []).filter { $0.kind == "requirementOf" || $0.kind == "optionalRequirementOf" }
            .compactMap { symbols[$0.source] }
            .sorted { lhs, rhs in
                let l = lhs.location?.position
                let r = rhs.location?.position
                return (l?.line ?? 0, l?.character ?? 0, lhs.names.title) < (r?.line ?? 0, r?.character ?? 0, rhs.names.title)
            }
    }

    /// The typealiases a protocol declares in its body, by name, with the type each stands for.
    func typealiases(of protocolID: String) -> [String: String] {
        var aliases: [String: String] = [:]
        for relationship in byTarget[protocolID] ?? [] where relationship.kind == "memberOf" {
            guard let symbol = symbols[relationship.source], symbol.kind.identifier == "swift.typealias" else { continue }
            let declaration = symbol.declaration
            guard let equals = declaration.firstIndex(of: "=") else { continue }
            aliases[symbol.pathComponents.last ?? symbol.names.title] = String(declaration[declaration.index(after: equals)...]).trimmed
        }
        return aliases
    }

    /// The protocols a protocol inherits: those in this module by identifier, the others by name.
    func inherited(by protocolID: String) -> (local: [String], external: [String]) {
        var local: [String] = []
        var external: [String] = []
        for relationship in bySource[protocolID] ?? [] where relationship.kind == "conformsTo" {
            if let symbol = symbols[relationship.target], symbol.kind.identifier == "swift.protocol" {
                local.append(relationship.target)
            } else {
                external.append(relationship.targetFallback ?? relationship.target)
            }
        }
        return (local.sorted { (symbols[$0]?.names.title ?? "") < (symbols[$1]?.names.title ?? "") }, external.sorted())
    }

    /// The requirements and members (typealiases) of a protocol.
    func membersAndRequirements(of protocolID: String) -> [SymbolGraph.Symbol] {
        (byTarget[protocolID] ?? []).filter { $0.kind == "requirementOf" || $0.kind == "memberOf" }.compactMap { symbols[$0.source] }
    }

    /// Whether a type of this module is known to be Sendable: it declares the conformance (or
    /// one that implies it), it is an actor or main-actor type, or it is a protocol that refines
    /// `Sendable`.
    func isSendable(typeID: String) -> Bool {
        if declaredSendable.contains(typeID) { return true }
        guard let symbol = symbols[typeID] else { return false }
        if symbol.kind.identifier == "swift.protocol" {
            return inherited(by: typeID).local.contains { isSendable(typeID: $0) }
        }
        return symbol.declaration.hasPrefix("@MainActor") || symbol.kind.identifier == "swift.actor"
    }
}

extension SymbolGraph.Symbol {
    /// The name from the module: `Outer.Inner` for a protocol nested in a type.
    var qualifiedName: String { pathComponents.joined(separator: ".") }
}
