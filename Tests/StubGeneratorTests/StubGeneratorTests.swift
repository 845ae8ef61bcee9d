import Foundation
import StubGeneratorCore
import Testing

/// The generator run on symbol graphs the real plugin extracted (trimmed by .ci/trim-symbol-graph).
@Suite("StubGenerator on checked-in symbol graphs")
struct StubGeneratorTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func graph(_ module: String) throws -> SymbolGraph {
        let url = try #require(Bundle.module.url(forResource: "Fixtures/\(module).symbols", withExtension: "json"))
        return try JSONDecoder().decode(SymbolGraph.self, from: Data(contentsOf: url))
    }

    /// The import lines of a source folder's files, by file name, as the tool reads them.
    static func sourceImports(_ folder: String) throws -> [String: [String]] {
        let root = packageRoot.appendingPathComponent(folder)
        var imports: [String: [String]] = [:]
        let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            imports[file.lastPathComponent] = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
                .map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { $0.hasPrefix("import ") || ($0.hasPrefix("@") && $0.contains(" import ")) }
        }
        return imports
    }

    /// The fixture module's graph and its files' imports, read once for every test.
    static let fixtureInput = Result { (try graph("StubGeneratorFixtures"), try sourceImports("Examples/StubGeneratorFixtures")) }

    /// The generator over the fixture protocols, with their files' imports.
    static func fixtures(_ access: StubAccess, answers: StubAnswers = .strict) throws -> StubGenerator {
        let (graph, imports) = try fixtureInput.get()
        return StubGenerator(graphs: [graph], access: access, answers: answers, sourceImports: imports)
    }

    static func committed(_ folder: String, _ file: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent("Examples/\(folder)/\(file)"), encoding: .utf8)
    }

    @Test("the Bookshelf stubs equal the committed generated files")
    func bookshelfStubsMatchCommittedFiles() throws {
        let result = try StubGenerator(
            graphs: [Self.graph("Bookshelf")], access: .public, sourceImports: Self.sourceImports("Examples/Bookshelf")
        ).generate()

        #expect(
            result.stubs.map(\.fileName) == [
                "BookDetailRoutingStub.swift", "BookRepositoryStub.swift", "CoverLoadingStub.swift", "LibraryStoreStub.swift",
            ])
        for stub in result.stubs {
            #expect(try stub.contents == Self.committed("BookshelfGeneratedStubs", stub.fileName))
        }
    }

    @Test("the fixture stubs equal the committed generated files")
    func fixtureStubsMatchCommittedFiles() throws {
        let result = try Self.fixtures(.public).generate()

        #expect(result.stubs.count == 127)
        for stub in result.stubs {
            #expect(try stub.contents == Self.committed("StubGeneratorFixtureStubs", stub.fileName))
        }
    }

    @Test("generating twice gives the same files")
    func generationIsDeterministic() throws {
        let generator = try Self.fixtures(.internal)

        #expect(try generator.generate() == generator.generate())
    }

    @Test("the generated BookRepository stub has the hand-written stub's spies and members")
    func bookRepositoryStubMatchesHandWrittenStyle() throws {
        let stub = try #require(
            StubGenerator(graphs: [Self.graph("Bookshelf")], access: .public).generate(protocols: ["BookRepository"]).stubs.first
        )
        // Compared with white space folded: the hand-written stub wraps its lines to fit the docs.
        let handWritten = try Self.committed("BookshelfTestSupport", "BookRepositoryStub.swift")
            .split(whereSeparator: \.isWhitespace).joined(separator: " ")

        // The same spy, by name and type, and the same forwarding member, line for line. The
        // generated spies name their method and stay strict; the hand-written one chooses default
        // answers for its lookups, which only its author can know.
        let members = stub.contents.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("public let ") || $0.hasPrefix("public func ") || $0.hasPrefix("public var ") }
            .map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for text in members where text.contains("Spy") {
            if text.hasPrefix("public let "), let typeEnd = text.firstIndex(of: "(") {
                let declaration = String(text[..<typeEnd])
                #expect(handWritten.contains(declaration), "hand-written stub lacks: \(declaration)")
            } else {
                #expect(handWritten.contains(text), "hand-written stub lacks: \(text)")
            }
        }
    }

    @Test("every file starts with the generated marker")
    func filesAreMarkedAsGenerated() throws {
        let result = try Self.fixtures(.internal).generate()

        #expect(result.stubs.allSatisfy { $0.contents.hasPrefix(StubGenerator.marker) })
    }

    @Test("internal access writes no public modifier")
    func internalAccessHasNoPublicModifier() throws {
        let result = try Self.fixtures(.internal).generate()

        #expect(!result.stubs.contains { $0.contents.contains("public ") })
    }

    @Test("attributes stay before the access modifier")
    func attributesPrecedeAccessModifier() throws {
        let stub = try #require(
            Self.fixtures(.public)
                .generate(protocols: ["PartlyIsolated"]).stubs.first
        )

        #expect(stub.contents.contains("    @MainActor public func render(_ text: String) { renderSpy.call(text) }"))
    }

    @Test("overloads get spies named after their labels")
    func overloadsAreToldApartByLabel() throws {
        let stub = try #require(
            Self.fixtures(.internal)
                .generate(protocols: ["Overloaded"]).stubs.first
        )

        #expect(stub.contents.contains("let findNameSpy = Spy<String, [String]>(\"find(name:)\", strictFallback: [])"))
        #expect(stub.contents.contains("let findIdSpy = Spy<Int, [String]>(\"find(id:)\", strictFallback: [])"))
        #expect(stub.contents.contains("let findSpy = Spy<String, [String]>(\"find(_:)\", strictFallback: [])"))
    }

    @Test("typed throws uses a typed spy and no stored typed-throws function type")
    func typedThrowsUsesTypedSpy() throws {
        let stub = try #require(
            Self.fixtures(.internal)
                .generate(protocols: ["Effects"]).stubs.first
        )

        #expect(stub.contents.contains("let parseSpy: MethodSpy<String, Int, AwkwardError>"))
        let stored = stub.contents.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("let ") }
        #expect(!stored.contains { $0.contains("throws(") })
    }

    @Test("an associated type makes the stub generic over it")
    func associatedTypeBecomesGenericParameter() throws {
        let stub = try #require(
            Self.fixtures(.internal)
                .generate(protocols: ["Container"]).stubs.first
        )

        #expect(stub.contents.contains("final class ContainerStub<Item: Sendable>: Container, SpyingStub {"))
    }

    @Test("an actor-constrained protocol gets an actor stub")
    func actorProtocolGetsActorStub() throws {
        let stub = try #require(
            Self.fixtures(.internal)
                .generate(protocols: ["Counter"]).stubs.first
        )

        #expect(stub.contents.contains("actor CounterStub: Counter, SpyingStub {"))
    }
}
