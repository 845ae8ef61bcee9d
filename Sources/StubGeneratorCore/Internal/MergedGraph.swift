/// The symbols and relationships of a module's graphs, indexed for the writer.
struct MergedGraph: Sendable {
    let moduleName: String
    let symbols: [String: SymbolGraph.Symbol]
    let relationships: [SymbolGraph.Relationship]
    let protocols: [SymbolGraph.Symbol]

    init(_ graphs: [SymbolGraph]) {
        moduleName = graphs.first?.module.name ?? ""
        var symbols: [String: SymbolGraph.Symbol] = [:]
        for graph in graphs {
            for symbol in graph.symbols { symbols[symbol.identifier.precise] = symbol }
        }
        self.symbols = symbols
        relationships = graphs.flatMap(\.relationships)
        protocols = symbols.values.filter { $0.kind.identifier == "swift.protocol" && $0.pathComponents.count == 1 }
            .sorted { $0.names.title < $1.names.title }
    }

    /// A protocol's own requirements, in declaration order.
    func requirements(of protocolID: String) -> [SymbolGraph.Symbol] {
        relationships.filter { ($0.kind == "requirementOf" || $0.kind == "optionalRequirementOf") && $0.target == protocolID }
            .compactMap { symbols[$0.source] }
            .sorted { lhs, rhs in
                let l = lhs.location?.position
                let r = rhs.location?.position
                return (l?.line ?? 0, l?.character ?? 0, lhs.names.title) < (r?.line ?? 0, r?.character ?? 0, rhs.names.title)
            }
    }

    /// The protocols a protocol inherits: those in this module by identifier, the others by name.
    func inherited(by protocolID: String) -> (local: [String], external: [String]) {
        var local: [String] = []
        var external: [String] = []
        for relationship in relationships where relationship.kind == "conformsTo" && relationship.source == protocolID {
            if let symbol = symbols[relationship.target], symbol.kind.identifier == "swift.protocol" {
                local.append(relationship.target)
            } else {
                external.append(relationship.targetFallback ?? relationship.target)
            }
        }
        return (local.sorted { (symbols[$0]?.names.title ?? "") < (symbols[$1]?.names.title ?? "") }, external.sorted())
    }
}
