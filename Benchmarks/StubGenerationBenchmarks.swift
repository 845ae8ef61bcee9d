import Foundation
import StubGeneratorCore

/// Comparisons for the stub generator: what `generate-stubs` does once it has the symbol graph
/// (decode it, then write 100 stubs of five-method protocols) beside decoding the graph alone.
let stubGenerationComparisons: [Comparison] = [
    Comparison(
        name: "StubGeneration: 100 protocols, 5 requirements each",
        subjectLabel: "decode graph + StubGenerator",
        baselineLabel: "decode graph only",
        operations: 1,
        subject: {
            let json = try StubGenerationBenchmark.graphJSON()
            return try await measure {
                let graph = try JSONDecoder().decode(SymbolGraph.self, from: json)
                let result = try StubGenerator(graphs: [graph], access: .internal).generate()
                try StubGenerationBenchmark.check(result.stubs.count)
            }
        },
        baseline: {
            let json = try StubGenerationBenchmark.graphJSON()
            return try await measure {
                let graph = try JSONDecoder().decode(SymbolGraph.self, from: json)
                try StubGenerationBenchmark.check(graph.symbols.count / 6)
            }
        }
    )
]

/// A symbol graph of 100 protocols shaped like the sample app's `BookRepository`, built in memory.
enum StubGenerationBenchmark {
    static let protocolCount = 100

    static let requirements: [(title: String, declaration: String)] = [
        ("cachedBooks()", "func cachedBooks() -> [Book]"),
        ("recentlyAdded(limit:)", "func recentlyAdded(limit: Int) async -> [Book]"),
        ("validate(_:)", "func validate(_ book: Book) throws"),
        ("fetchPage(_:)", "func fetchPage(_ page: Int) async throws -> CatalogPage"),
        ("save(_:)", "func save(_ book: Book) async throws"),
    ]

    struct CountMismatch: Error {
        let count: Int
    }

    static func check(_ count: Int) throws {
        if count != protocolCount { throw CountMismatch(count: count) }
    }

    static func graphJSON() throws -> Data {
        var symbols: [[String: Any]] = []
        var relationships: [[String: Any]] = []
        for index in 0..<protocolCount {
            let name = "Repository\(index)"
            let protocolID = "s:P\(index)"
            symbols.append(
                symbol(
                    id: protocolID, kind: "swift.protocol", title: name, path: [name], declaration: "protocol \(name) : Sendable", line: 0))
            for (offset, requirement) in requirements.enumerated() {
                let id = "\(protocolID)m\(offset)"
                symbols.append(
                    symbol(
                        id: id, kind: "swift.method", title: requirement.title, path: [name, requirement.title],
                        declaration: requirement.declaration, line: offset + 1
                    ))
                relationships.append(["kind": "requirementOf", "source": id, "target": protocolID])
            }
        }
        let graph: [String: Any] = ["module": ["name": "Bench"], "symbols": symbols, "relationships": relationships]
        return try JSONSerialization.data(withJSONObject: graph)
    }

    private static func symbol(
        id: String, kind: String, title: String, path: [String], declaration: String, line: Int
    ) -> [String: Any] {
        [
            "kind": ["identifier": kind],
            "identifier": ["precise": id],
            "names": ["title": title],
            "declarationFragments": [["kind": "text", "spelling": declaration]],
            "accessLevel": "public",
            "pathComponents": path,
            "location": ["uri": "file://Bench.swift", "position": ["line": line, "character": 4]],
        ]
    }
}
