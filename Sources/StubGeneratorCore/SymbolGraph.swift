/// The part of a symbol-graph file (`swift symbolgraph-extract` output) the stub generator reads.
package struct SymbolGraph: Decodable, Sendable {
    /// The module the graph describes.
    package struct Module: Decodable, Sendable {
        /// The module's name.
        package let name: String
    }

    /// One declaration.
    package struct Symbol: Decodable, Sendable {
        /// The symbol's kind, such as `swift.protocol` or `swift.method`.
        package struct Kind: Decodable, Sendable {
            /// The kind's identifier.
            package let identifier: String
        }

        /// The symbol's unique identifier.
        package struct Identifier: Decodable, Sendable {
            /// The mangled name.
            package let precise: String
        }

        /// The symbol's names.
        package struct Names: Decodable, Sendable {
            /// The full name, such as `find(name:)`.
            package let title: String
        }

        /// One piece of a declaration.
        package struct Fragment: Decodable, Sendable {
            /// The fragment's kind, such as `keyword` or `typeIdentifier`.
            package let kind: String
            /// The fragment's text.
            package let spelling: String
            /// The unique identifier of the type a type fragment names, whose mangling names its module.
            package let preciseIdentifier: String?
        }

        /// Where the symbol is declared.
        package struct Location: Decodable, Sendable {
            /// A line and column.
            package struct Position: Decodable, Sendable {
                /// The zero-based line.
                package let line: Int
                /// The zero-based column.
                package let character: Int
            }

            /// The file.
            package let uri: String
            /// The position in the file.
            package let position: Position
        }

        /// A symbol's generic parameters.
        package struct Generics: Decodable, Sendable {
            /// One generic parameter.
            package struct Parameter: Decodable, Sendable {
                /// The parameter's name.
                package let name: String
            }

            /// The generic parameters, if any.
            package let parameters: [Parameter]?
        }

        /// A version, such as 16 or 10.15.1.
        package struct Version: Decodable, Sendable, Equatable, Comparable {
            /// The major number.
            package let major: Int
            /// The minor number, if written.
            package let minor: Int?
            /// The patch number, if written.
            package let patch: Int?

            /// Whether a version comes before another; a missing minor or patch number counts as 0.
            package static func < (lhs: Version, rhs: Version) -> Bool {
                (lhs.major, lhs.minor ?? 0, lhs.patch ?? 0) < (rhs.major, rhs.minor ?? 0, rhs.patch ?? 0)
            }
        }

        /// The availability of a symbol on one platform (or language), as its `@available` attributes say.
        package struct Availability: Decodable, Sendable, Equatable {
            /// The domain, such as `iOS`, `macOS`, `iOSAppExtension`, `Swift`, or `*` for every platform.
            package let domain: String?
            /// The version that introduced the symbol.
            package let introduced: Version?
            /// The version that deprecated the symbol.
            package let deprecated: Version?
            /// The version that removed the symbol.
            package let obsoleted: Version?
            /// The message the attribute gives.
            package let message: String?
            /// The name that replaces the symbol.
            package let renamed: String?
            /// Whether the symbol is deprecated in every version of the domain.
            package let isUnconditionallyDeprecated: Bool?
            /// Whether the symbol is unavailable in every version of the domain.
            package let isUnconditionallyUnavailable: Bool?
        }

        /// The kind.
        package let kind: Kind
        /// The unique identifier.
        package let identifier: Identifier
        /// The names.
        package let names: Names
        /// The declaration, as fragments.
        package let declarationFragments: [Fragment]?
        /// The access level, such as `public`.
        package let accessLevel: String
        /// The declaration's location.
        package let location: Location?
        /// The generic parameters.
        package let swiftGenerics: Generics?
        /// The path from the module, such as `["BookRepository", "save(_:)"]`.
        package let pathComponents: [String]
        /// The availability, one entry per domain, the enclosing declarations' included; absent from older graphs.
        package let availability: [Availability]?

        /// The declaration text.
        package var declaration: String { (declarationFragments ?? []).map(\.spelling).joined() }
    }

    /// A relationship between two symbols.
    package struct Relationship: Decodable, Sendable {
        /// The kind, such as `requirementOf` or `conformsTo`.
        package let kind: String
        /// The source symbol's identifier.
        package let source: String
        /// The target symbol's identifier.
        package let target: String
        /// The target's name when it is outside the graph.
        package let targetFallback: String?
    }

    /// The module.
    package let module: Module
    /// Every symbol.
    package let symbols: [Symbol]
    /// Every relationship.
    package let relationships: [Relationship]
}
