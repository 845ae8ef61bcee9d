/// The `@available` attributes a stub repeats from its protocol, and a member from its requirement,
/// so the stub compiles wherever the protocol does and nowhere it cannot.
enum AvailabilityAttributes {
    typealias Entry = SymbolGraph.Symbol.Availability

    /// The attributes of the stub type: every entry of the protocol's availability, without
    /// `renamed`, which names the protocol's replacement, not the stub's.
    static func type(_ availability: [Entry]?) -> [String] {
        attributes((availability ?? []).map { $0.withoutRenamed })
    }

    /// The attributes of a member: the entries of the requirement's availability that ask for more
    /// than the stub type's (a later version, a deprecation, an unavailability). The graph gives a
    /// requirement its protocol's availability too, so an entry equal to the type's is left out.
    static func member(_ availability: [Entry]?, within type: [Entry]?) -> [String] {
        let typeEntries = type ?? []
        let added = (availability ?? []).compactMap { entry -> Entry? in
            let enclosing = typeEntries.first { $0.domain == entry.domain }
            return entry.adding(to: enclosing)
        }
        return attributes(added)
    }

    /// `@available(iOS 16, macOS 13, *)` for the entries that only give a version, then one long-form
    /// attribute for each other entry.
    private static func attributes(_ entries: [Entry]) -> [String] {
        let sorted = entries.sorted { ($0.domain ?? "").lowercased() < ($1.domain ?? "").lowercased() }
        var lines: [String] = []
        let short = sorted.filter { $0.isIntroductionOnly && $0.isPlatform }
        if !short.isEmpty {
            let platforms = short.compactMap { entry in entry.introduced.map { "\(spelling(of: entry.domain)) \(text($0))" } }
            lines.append("@available(" + (platforms + ["*"]).joined(separator: ", ") + ")")
        }
        for entry in sorted where !(entry.isIntroductionOnly && entry.isPlatform) {
            if entry.domain == "Swift" || entry.domain == "SwiftPM", entry.isIntroductionOnly, let introduced = entry.introduced {
                lines.append("@available(\(spelling(of: entry.domain)) \(text(introduced)))")
                continue
            }
            var arguments = [spelling(of: entry.domain)]
            if let introduced = entry.introduced { arguments.append("introduced: \(text(introduced))") }
            if let deprecated = entry.deprecated {
                arguments.append("deprecated: \(text(deprecated))")
            } else if entry.isUnconditionallyDeprecated == true {
                arguments.append("deprecated")
            }
            if let obsoleted = entry.obsoleted { arguments.append("obsoleted: \(text(obsoleted))") }
            if entry.isUnconditionallyUnavailable == true { arguments.append("unavailable") }
            if let message = entry.message { arguments.append("message: \(quoted(message))") }
            if let renamed = entry.renamed { arguments.append("renamed: \(quoted(renamed))") }
            if arguments.count > 1 { lines.append("@available(" + arguments.joined(separator: ", ") + ")") }
        }
        return lines
    }

    /// The attribute's spelling of a symbol-graph domain: `iOSAppExtension` -> `iOSApplicationExtension`.
    private static func spelling(of domain: String?) -> String {
        guard let domain else { return "*" }
        switch domain {
        case "Swift": return "swift"
        case "SwiftPM": return "_PackageDescription"
        default:
            if domain.hasSuffix("AppExtension") { return String(domain.dropLast("AppExtension".count)) + "ApplicationExtension" }
            return domain
        }
    }

    private static func text(_ version: SymbolGraph.Symbol.Version) -> String {
        ([version.major] + [version.minor, version.patch].compactMap { $0 }).map(String.init).joined(separator: ".")
    }

    private static func quoted(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""
            case "\n": escaped += "\\n"
            default: escaped.append(character)
            }
        }
        return "\"" + escaped + "\""
    }
}

extension SymbolGraph.Symbol.Availability {
    /// Whether the entry only says which version introduced the symbol.
    fileprivate var isIntroductionOnly: Bool {
        introduced != nil && deprecated == nil && obsoleted == nil && message == nil && renamed == nil
            && isUnconditionallyDeprecated != true && isUnconditionallyUnavailable != true
    }

    /// Whether the domain is a platform, which the short form can name.
    fileprivate var isPlatform: Bool { domain != nil && domain != "*" && domain != "Swift" && domain != "SwiftPM" }

    fileprivate var withoutRenamed: Self {
        Self(
            domain: domain, introduced: introduced, deprecated: deprecated, obsoleted: obsoleted, message: message, renamed: nil,
            isUnconditionallyDeprecated: isUnconditionallyDeprecated, isUnconditionallyUnavailable: isUnconditionallyUnavailable
        )
    }

    /// What this entry asks for beyond the enclosing type's entry for the same domain, or nil when
    /// nothing: a version earlier than the type's is dropped, since the member cannot be more
    /// available than the type.
    fileprivate func adding(to enclosing: Self?) -> Self? {
        guard let enclosing else { return self }
        if self == enclosing { return nil }
        let laterIntroduction = introduced.map { mine in enclosing.introduced.map { mine > $0 } ?? true } ?? false
        let earlierDeprecation = deprecated.map { mine in enclosing.deprecated.map { mine < $0 } ?? true } ?? false
        let earlierObsoletion = obsoleted.map { mine in enclosing.obsoleted.map { mine < $0 } ?? true } ?? false
        let newlyDeprecated = isUnconditionallyDeprecated == true && enclosing.isUnconditionallyDeprecated != true
        let newlyUnavailable = isUnconditionallyUnavailable == true && enclosing.isUnconditionallyUnavailable != true
        guard laterIntroduction || earlierDeprecation || earlierObsoletion || newlyDeprecated || newlyUnavailable else { return nil }
        return Self(
            domain: domain, introduced: laterIntroduction ? introduced : nil,
            deprecated: earlierDeprecation ? deprecated : nil, obsoleted: earlierObsoletion ? obsoleted : nil,
            message: earlierDeprecation || earlierObsoletion || newlyDeprecated || newlyUnavailable ? message : nil,
            renamed: earlierDeprecation || earlierObsoletion || newlyDeprecated || newlyUnavailable ? renamed : nil,
            isUnconditionallyDeprecated: newlyDeprecated ? true : nil, isUnconditionallyUnavailable: newlyUnavailable ? true : nil
        )
    }
}
