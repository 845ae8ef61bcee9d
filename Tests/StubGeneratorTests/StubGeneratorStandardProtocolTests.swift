import StubGeneratorCore
import Testing

/// Protocols refining the standard library's Identifiable, Equatable, Hashable,
/// CustomStringConvertible and Sendable, whose requirements the module's graph does not hold.
@Suite("StubGenerator on protocols refining standard ones")
struct StubGeneratorStandardProtocolTests {
    func stub(_ protocolName: String) throws -> String {
        try #require(StubGeneratorTests.fixtures(.internal).generate(protocols: [protocolName]).stubs.first).contents
    }

    @Test("an Equatable protocol's stub is equal only to itself")
    func equatableStubComparesByIdentity() throws {
        let contents = try stub("FilterRule")

        #expect(contents.contains("    static func == (lhs: FilterRuleStub, rhs: FilterRuleStub) -> Bool { lhs === rhs }\n"))
        #expect(!contents.contains("hash(into:"))
    }

    @Test("a Hashable, Identifiable, described protocol gets ==, hash(into:), and spies for id and description")
    func hashableIdentifiableStubGetsEveryRequirement() throws {
        let contents = try stub("Account")

        #expect(contents.contains("    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }\n"))
        #expect(contents.contains("    static func == (lhs: AccountStub, rhs: AccountStub) -> Bool { lhs === rhs }\n"))
        #expect(contents.contains("    var id: String { idSpy.call() }\n"))
        #expect(contents.contains("    var description: String { descriptionSpy.call() }\n"))
    }

    @Test("an Identifiable protocol that does not fix its ID keeps the identifier every class has")
    func identifiableWithoutFixedIDGetsNoSpy() throws {
        let contents = try stub("ReadingSession")

        #expect(!contents.contains("idSpy"))
        #expect(contents.contains("final class ReadingSessionStub: ReadingSession, SpyingStub {"))
    }

    @Test("a main-actor or actor stub compares and hashes without isolation")
    func isolatedStubsCompareNonisolated() throws {
        for (name, stubName) in [("ScreenNode", "ScreenNodeStub"), ("SyncPeer", "SyncPeerStub")] {
            let contents = try stub(name)

            #expect(contents.contains("    nonisolated static func == (lhs: \(stubName), rhs: \(stubName)) -> Bool { lhs === rhs }\n"))
            #expect(contents.contains("    nonisolated func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }\n"))
        }
    }

}
