import Foundation
import StubGeneratorCore
import Testing

/// What the generator says about input it cannot use.
@Suite("StubGenerator messages")
struct StubGeneratorMessageTests {
    let fixtures: StubGenerator

    init() throws {
        fixtures = try StubGeneratorTests.fixtures(.public)
    }

    @Test("a misspelt protocol gets a did-you-mean and the list of protocols")
    func unknownProtocolSuggestsNearestName() throws {
        let error = #expect(throws: StubGenerationError.self) {
            try StubGenerator(graphs: [StubGeneratorTests.graph("Bookshelf")], access: .public)
                .generate(protocols: ["BookRepositry"])
        }

        #expect(
            error?.description == "no protocol named 'BookRepositry' in module Bookshelf. Did you mean 'BookRepository'? "
                + "Protocols: BookDetailRouting, BookRepository, CoverLoading, LibraryStore"
        )
    }

    @Test("a static requirement is refused with the reason")
    func staticRequirementIsRefused() throws {
        let result = try fixtures.generate(protocols: ["Factory"])

        #expect(result.stubs.isEmpty)
        #expect(
            result.skipped.map(\.description) == [
                "skipped protocol 'Factory': static requirement 'make()' (of Factory) would need a spy shared by every test "
                    + "running in parallel; write this stub by hand, keeping the static answer in a task local"
            ])
    }

    @Test("a generic method returning its generic parameter is refused with the reason")
    func genericResultIsRefused() throws {
        let result = try fixtures.generate(protocols: ["Decoding"])

        #expect(
            result.skipped.map(\.reason) == [
                "generic method 'decode(_:from:)' (of Decoding) returns its generic parameter, which one spy cannot produce "
                    + "for every type; write this stub by hand"
            ])
    }

    @Test("a requirement returning a value that is not Sendable, in a Sendable protocol, is refused with the type named")
    func nonSendableResultOfSendableProtocolIsRefused() throws {
        let result = try fixtures.generate(protocols: ["ViewFactory"])

        #expect(
            result.skipped.map(\.reason) == [
                "requirement 'makeView()' returns FixtureView, which is not Sendable, from a protocol whose stub is shared "
                    + "across threads, so no spy can keep it; write this stub by hand"
            ])
    }

    @Test("generating every protocol writes the others and lists each refused one with its reason")
    func skippedProtocolsDoNotStopTheRest() throws {
        let result = try fixtures.generate()

        #expect(
            result.skipped.map(\.protocolName) == [
                "Combining", "Copying", "Decoding", "Factory", "InternalCallbacks", "InternalService", "ThrowingDecoding",
                "ViewFactory",
            ])
        #expect(result.stubs.count == 127)
        #expect(Double(result.skipped.count) / Double(result.stubs.count + result.skipped.count) <= 0.1)
    }
}

/// Internal protocols: stubbed with `@testable import` at internal access, refused at public access.
@Suite("StubGenerator on internal protocols")
struct StubGeneratorInternalProtocolTests {
    @Test("an internal protocol asked for with public access is refused with the fix")
    func internalProtocolWithPublicAccessIsRefused() throws {
        let result = try StubGeneratorTests.fixtures(.public).generate(protocols: ["InternalService"])

        #expect(result.skipped.map(\.reason) == ["it is internal, so its stub cannot be public; pass --access internal"])
    }

    @Test("an internal protocol's stub imports its module with @testable")
    func internalProtocolStubUsesTestableImport() throws {
        let stub = try #require(
            StubGeneratorTests.fixtures(.internal)
                .generate(protocols: ["InternalService"]).stubs.first
        )

        #expect(stub.contents.contains("\n@testable import StubGeneratorFixtures\n"))
        #expect(stub.contents.contains("    func ping() async -> Bool { await pingSpy.call() }"))
    }
}
