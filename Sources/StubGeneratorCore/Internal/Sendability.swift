/// Whether the types of one requirement are Sendable, as far as the symbol graph tells.
///
/// A type of the module is Sendable when it says so; `Any`, `AnyObject` and closures without
/// `@Sendable` are not; a type of another module is taken to be Sendable, since the graph does
/// not describe it (the compiler checks the stub).
struct Sendability {
    let graph: MergedGraph
    /// The requirement's type names, with the identifier of the type each names.
    let typeIDs: [String: String]
    /// Associated types, which the stub constrains to `Sendable`.
    let assumed: Set<String>

    init(graph: MergedGraph, fragments: [SymbolGraph.Symbol.Fragment], assumed: Set<String>) {
        self.graph = graph
        self.assumed = assumed
        var typeIDs: [String: String] = [:]
        for fragment in fragments where fragment.kind == "typeIdentifier" {
            if let id = fragment.preciseIdentifier { typeIDs[fragment.spelling] = id }
        }
        self.typeIDs = typeIDs
    }

    func isSendable(_ type: String) -> Bool {
        let arrows = Self.occurrences(of: "->", in: type)
        if arrows > 0 && Self.occurrences(of: "@Sendable", in: type) < arrows { return false }
        if !existentialsAreSendable(in: type) { return false }
        for identifier in Declaration.identifiers(in: type) {
            if ["Any", "AnyObject", "AnyClass", "NSObject"].contains(identifier) { return false }
            // A typealias (its identifier ends in `a`) names a type the graph does not resolve: taken as Sendable.
            guard !assumed.contains(identifier), let id = typeIDs[identifier], ModuleName.of(typeID: id) == graph.moduleName,
                !id.hasSuffix("a")
            else { continue }
            if !graph.isSendable(typeID: id) { return false }
        }
        return true
    }

    /// Whether every `any P` in the type is Sendable: it says `Sendable`, or names `Error` or
    /// protocols of this module that refine `Sendable`.
    private func existentialsAreSendable(in type: String) -> Bool {
        var rest = type[...]
        while let range = rest.rangeOfText("any ") {
            let startsWord =
                range.lowerBound == type.startIndex
                || !(type[type.index(before: range.lowerBound)].isLetter
                    || type[type.index(before: range.lowerBound)].isNumber || type[type.index(before: range.lowerBound)] == "_")
            rest = rest[range.upperBound...]
            if !startsWord { continue }
            let composition = rest.prefix(while: { !")>],?!".contains($0) })
            let members = composition.split(separator: "&").map(\.trimmed)
            if members.contains(where: { $0 == "Sendable" || $0 == "Swift.Sendable" }) { continue }
            for member in members {
                let base = String(member.prefix(while: { $0 != "<" }))
                if ["Error", "Swift.Error"].contains(base) { continue }
                guard let id = typeIDs[base], ModuleName.of(typeID: id) == graph.moduleName, graph.isSendable(typeID: id) else {
                    return false
                }
            }
        }
        return true
    }

    private static func occurrences(of needle: String, in text: String) -> Int {
        var count = 0
        var rest = text[...]
        while let range = rest.rangeOfText(needle) {
            count += 1
            rest = rest[range.upperBound...]
        }
        return count
    }
}
