/// The part of a symbol-graph file (`swift symbolgraph-extract` output) the stub generator reads.
public struct SymbolGraph: Decodable, Sendable {
    /// The module the graph describes.
    public struct Module: Decodable, Sendable {
        /// The module's name.
        public let name: String
    }

    /// One declaration.
    public struct Symbol: Decodable, Sendable {
        /// The symbol's kind, such as `swift.protocol` or `swift.method`.
        public struct Kind: Decodable, Sendable {
            /// The kind's identifier.
            public let identifier: String
        }

        /// The symbol's unique identifier.
        public struct Identifier: Decodable, Sendable {
            /// The mangled name.
            public let precise: String
        }

        /// The symbol's names.
        public struct Names: Decodable, Sendable {
            /// The full name, such as `find(name:)`.
            public let title: String
        }

        /// One piece of a declaration.
        public struct Fragment: Decodable, Sendable {
            /// The fragment's kind, such as `keyword` or `typeIdentifier`.
            public let kind: String
            /// The fragment's text.
            public let spelling: String
        }

        /// Where the symbol is declared.
        public struct Location: Decodable, Sendable {
            /// A line and column.
            public struct Position: Decodable, Sendable {
                /// The zero-based line.
                public let line: Int
                /// The zero-based column.
                public let character: Int
            }

            /// The file.
            public let uri: String
            /// The position in the file.
            public let position: Position
        }

        /// A symbol's generic parameters.
        public struct Generics: Decodable, Sendable {
            /// One generic parameter.
            public struct Parameter: Decodable, Sendable {
                /// The parameter's name.
                public let name: String
            }

            /// The generic parameters, if any.
            public let parameters: [Parameter]?
        }

        /// The kind.
        public let kind: Kind
        /// The unique identifier.
        public let identifier: Identifier
        /// The names.
        public let names: Names
        /// The declaration, as fragments.
        public let declarationFragments: [Fragment]?
        /// The access level, such as `public`.
        public let accessLevel: String
        /// The declaration's location.
        public let location: Location?
        /// The generic parameters.
        public let swiftGenerics: Generics?
        /// The path from the module, such as `["BookRepository", "save(_:)"]`.
        public let pathComponents: [String]

        /// The declaration text.
        public var declaration: String { (declarationFragments ?? []).map(\.spelling).joined() }
    }

    /// A relationship between two symbols.
    public struct Relationship: Decodable, Sendable {
        /// The kind, such as `requirementOf` or `conformsTo`.
        public let kind: String
        /// The source symbol's identifier.
        public let source: String
        /// The target symbol's identifier.
        public let target: String
        /// The target's name when it is outside the graph.
        public let targetFallback: String?
    }

    /// The module.
    public let module: Module
    /// Every symbol.
    public let symbols: [Symbol]
    /// Every relationship.
    public let relationships: [Relationship]
}
