/// The module a type comes from, read from its unique identifier.
enum ModuleName {
    /// The module named by a Swift type's identifier (`s:10Foundation3URLV` -> `Foundation`), or
    /// nothing for the standard library, imported C types and anything else that names none.
    static func of(typeID: String) -> String? {
        guard typeID.hasPrefix("s:") else { return nil }
        let rest = typeID.dropFirst(2)
        let digits = rest.prefix(while: { $0.isNumber })
        guard let count = Int(digits), count > 0 else { return nil }
        return String(rest.dropFirst(digits.count).prefix(count))
    }

    /// The module a stub imports for a type's module: the public module for Foundation's
    /// implementation modules, nothing for modules every file sees.
    static func importable(_ module: String) -> String? {
        switch module {
        case "FoundationEssentials", "FoundationInternationalization", "CoreFoundation": return "Foundation"
        case "Swift": return nil
        default: return module.hasPrefix("_") ? nil : module
        }
    }
}
