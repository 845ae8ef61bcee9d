import Foundation
import StubGeneratorCore
import Testing

/// The `@available` attributes a stub repeats from its protocol's symbol graph.
@Suite("StubGenerator availability")
struct StubGeneratorAvailabilityTests {
    /// A graph as `swift symbolgraph-extract` writes it for three protocols: one introduced in
    /// later OS versions with a requirement introduced later still and one deprecated, one with
    /// every long form, one without availability. Requirements carry their protocol's entries too.
    static let graphJSON = #"""
        {"module": {"name": "Avail"}, "symbols": [
        {"kind": {"identifier": "swift.protocol"}, "identifier": {"precise": "s:5Avail8SleepingP"}, "names": {"title": "Sleeping"},
         "accessLevel": "public", "pathComponents": ["Sleeping"],
         "declarationFragments": [{"kind": "text", "spelling": "protocol Sleeping"}],
         "availability": [{"domain": "macOS", "introduced": {"major": 13}}, {"domain": "watchOS", "introduced": {"major": 9}},
          {"domain": "iOS", "introduced": {"major": 16}}, {"domain": "tvOS", "introduced": {"major": 16}}]},
        {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "s:5Avail8SleepingP5laterSiyF"}, "names": {"title": "later()"},
         "accessLevel": "public", "pathComponents": ["Sleeping", "later()"],
         "declarationFragments": [{"kind": "text", "spelling": "func later() -> Int"}],
         "availability": [{"domain": "macOS", "introduced": {"major": 14}}, {"domain": "watchOS", "introduced": {"major": 10}},
          {"domain": "iOS", "introduced": {"major": 17, "minor": 2}}, {"domain": "tvOS", "introduced": {"major": 17}}]},
        {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "s:5Avail8SleepingP3oldyyF"}, "names": {"title": "old()"},
         "accessLevel": "public", "pathComponents": ["Sleeping", "old()"],
         "declarationFragments": [{"kind": "text", "spelling": "func old()"}],
         "availability": [{"domain": "macOS", "introduced": {"major": 13}}, {"domain": "watchOS", "introduced": {"major": 9}},
          {"domain": "iOS", "introduced": {"major": 16}, "deprecated": {"major": 17}, "message": "use \"later\""},
          {"domain": "tvOS", "introduced": {"major": 16}}]},
        {"kind": {"identifier": "swift.method"}, "identifier": {"precise": "s:5Avail8SleepingP4sameyyF"}, "names": {"title": "same()"},
         "accessLevel": "public", "pathComponents": ["Sleeping", "same()"],
         "declarationFragments": [{"kind": "text", "spelling": "func same()"}],
         "availability": [{"domain": "macOS", "introduced": {"major": 13}}, {"domain": "watchOS", "introduced": {"major": 9}},
          {"domain": "iOS", "introduced": {"major": 16}}, {"domain": "tvOS", "introduced": {"major": 16}}]},
        {"kind": {"identifier": "swift.protocol"}, "identifier": {"precise": "s:5Avail5WeirdP"}, "names": {"title": "Weird"},
         "accessLevel": "public", "pathComponents": ["Weird"],
         "declarationFragments": [{"kind": "text", "spelling": "protocol Weird"}],
         "availability": [{"domain": "Swift", "introduced": {"major": 5, "minor": 9}},
          {"domain": "iOSAppExtension", "introduced": {"major": 15}},
          {"domain": "macOS", "introduced": {"major": 10, "minor": 15, "patch": 1}, "deprecated": {"major": 12},
           "obsoleted": {"major": 14}, "message": "gone", "renamed": "New"},
          {"domain": "iOS", "introduced": {"major": 13, "minor": 4}},
          {"domain": "*", "message": "all", "isUnconditionallyDeprecated": true},
          {"domain": "tvOS", "isUnconditionallyUnavailable": true}]},
        {"kind": {"identifier": "swift.protocol"}, "identifier": {"precise": "s:5Avail5PlainP"}, "names": {"title": "Plain"},
         "accessLevel": "public", "pathComponents": ["Plain"],
         "declarationFragments": [{"kind": "text", "spelling": "protocol Plain"}]}
        ], "relationships": [
        {"kind": "requirementOf", "source": "s:5Avail8SleepingP5laterSiyF", "target": "s:5Avail8SleepingP"},
        {"kind": "requirementOf", "source": "s:5Avail8SleepingP3oldyyF", "target": "s:5Avail8SleepingP"},
        {"kind": "requirementOf", "source": "s:5Avail8SleepingP4sameyyF", "target": "s:5Avail8SleepingP"}
        ]}
        """#

    func stub(_ protocolName: String) throws -> String {
        let graph = try JSONDecoder().decode(SymbolGraph.self, from: Data(Self.graphJSON.utf8))
        let result = try StubGenerator(graphs: [graph], access: .public).generate(protocols: [protocolName])
        return try #require(result.stubs.first).contents
    }

    @Test("the fixture protocol introduced in later OS versions gives its stub the same @available")
    func fixtureProtocolAvailabilityIsCarriedOver() throws {
        let result = try StubGeneratorTests.fixtures(.public).generate(protocols: ["Sleeping"])

        #expect(
            try #require(result.stubs.first).contents.contains(
                "\n@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)\npublic final class SleepingStub: Sleeping, SpyingStub {\n"
            ))
    }

    @Test("a requirement introduced later than its protocol gets its own @available, minor version included")
    func laterRequirementGetsItsOwnAttribute() throws {
        #expect(
            try stub("Sleeping").contains(
                "    @available(iOS 17.2, macOS 14, tvOS 17, watchOS 10, *) public func later() -> Int { laterSpy.call() }\n"))
    }

    @Test("a requirement deprecated on one platform gets that entry alone, its message escaped")
    func deprecatedRequirementGetsLongForm() throws {
        #expect(
            try stub("Sleeping").contains(
                "    @available(iOS, deprecated: 17, message: \"use \\\"later\\\"\") public func old() { oldSpy.call() }\n"))
    }

    @Test("a requirement as available as its protocol gets no attribute of its own")
    func requirementLikeItsProtocolGetsNoAttribute() throws {
        #expect(try stub("Sleeping").contains("\n    public func same() { sameSpy.call() }\n"))
    }

    @Test("deprecated, obsoleted, unavailable, extension and language entries keep their long forms, without renamed")
    func longFormsAreCarriedOver() throws {
        let expected = """
            @available(iOS 13.4, iOSApplicationExtension 15, *)
            @available(*, deprecated, message: "all")
            @available(macOS, introduced: 10.15.1, deprecated: 12, obsoleted: 14, message: "gone")
            @available(swift 5.9)
            @available(tvOS, unavailable)
            public final class WeirdStub: Weird, SpyingStub {

            """
        #expect(try stub("Weird").contains(expected))
    }

    @Test("a graph without availability, as older toolchains write, decodes and gives no attribute")
    func graphWithoutAvailabilityGivesNoAttribute() throws {
        #expect(!(try stub("Plain").contains("@available")))
    }
}
