import Foundation
import KeyValueStoreInterface
import TestDoubles
import TestSupportTesting
import Testing
import XCTest

/// Scenarios from UserDefaults' own suite (swift-corelibs-foundation) and from wrappers'
/// suites (SwiftyUserDefaults, Defaults), restated in our words; each runs against the fake and
/// against a real, isolated suite.
extension StoreSemanticsCase {
    private static let linuxLosesIntMax =
        "Linux Foundation's integer(forKey:) of a stored Int.max is 0 (measured: object(forKey:) holds an Int64); Apple keeps it"

    /// The ported cases a real `UserDefaults` on this platform is expected to pass.
    static var peerPortsForRealStore: [StoreSemanticsCase] {
        #if canImport(Darwin)
        peerPorts
        #else
        peerPorts.filter { $0.linuxDiffers == nil }
        #endif
    }

    static let peerPorts: [StoreSemanticsCase] = [
        .init(
            "a registered file URL default is read back by url",
            arrange: { $0.register(defaults: ["peer.url": URL(fileURLWithPath: "/hello/world")]) },
            read: { "\($0.url(forKey: "peer.url")?.path as Any)" }, expected: "Optional(\"/hello/world\")"),
        .init(
            "integer of the string \"42\" is 42", arrange: { $0.set("42", forKey: "k") },
            read: { "\($0.integer(forKey: "k"))" }, expected: "42"),
        .init(
            "bool of \"NO\" is false", arrange: { $0.set("NO", forKey: "k") },
            read: { "\($0.bool(forKey: "k"))" }, expected: "false"),
        .init(
            "a Date round-trips through object", arrange: { $0.set(Date(timeIntervalSince1970: 1_000), forKey: "k") },
            read: { "\(($0.object(forKey: "k") as? Date)?.timeIntervalSince1970 as Any)" }, expected: "Optional(1000.0)"),
        .init(
            "string of a Date is nil", arrange: { $0.set(Date(timeIntervalSince1970: 0), forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any)" }, expected: "nil"),
        .init(
            "array of a dictionary is nil", arrange: { $0.set(["a": 1], forKey: "k") },
            read: { "\($0.array(forKey: "k") as Any)" }, expected: "nil"),
        .init(
            "dictionary of an array is nil", arrange: { $0.set([1, 2], forKey: "k") },
            read: { "\($0.dictionary(forKey: "k") as Any)" }, expected: "nil"),
        .init(
            "url of an integer is nil", arrange: { $0.set(5, forKey: "k") },
            read: { "\($0.url(forKey: "k") as Any)" }, expected: "nil"),
        .init(
            "a nested array of dictionaries round-trips",
            arrange: { $0.set([["title": "Dune", "pages": [1, 2]]], forKey: "k") },
            read: {
                let first = $0.array(forKey: "k")?.first as? [String: Any]
                return "\(first?["title"] as? String as Any) \(first?["pages"] as? [Int] as Any)"
            },
            expected: "Optional(\"Dune\") Optional([1, 2])"),
        .init(
            "empty data is data, not a missing value", arrange: { $0.set(Data(), forKey: "k") },
            read: { "\($0.data(forKey: "k")?.count as Any)" }, expected: "Optional(0)"),
        .init(
            "an empty string is a string; integer and bool of it are 0 and false", arrange: { $0.set("", forKey: "k") },
            read: { "\($0.string(forKey: "k") as Any) \($0.integer(forKey: "k")) \($0.bool(forKey: "k"))" },
            expected: "Optional(\"\") 0 false"),
        .init(
            "an empty key holds a value like any other", arrange: { $0.set("v", forKey: "") },
            read: { "\($0.string(forKey: "") as Any)" }, expected: "Optional(\"v\")"),
        .init(
            "a unicode key holds its own value", arrange: { $0.set("本", forKey: "本棚📚") },
            read: { "\($0.string(forKey: "本棚📚") as Any) \($0.string(forKey: "本棚") as Any)" }, expected: "Optional(\"本\") nil"),
        .init(
            "a 10 000-character key holds its value", arrange: { $0.set(7, forKey: String(repeating: "k", count: 10_000)) },
            read: { "\($0.integer(forKey: String(repeating: "k", count: 10_000)))" }, expected: "7"),
        .init(
            "removing a key that was never set leaves it missing", arrange: { $0.removeObject(forKey: "peer.never") },
            read: { "\($0.object(forKey: "peer.never") as Any)" }, expected: "nil"),
        .init(
            "a removed key is not in dictionaryRepresentation",
            arrange: {
                $0.set(1, forKey: "peer.removed")
                $0.removeObject(forKey: "peer.removed")
            },
            read: { "\($0.dictionaryRepresentation()["peer.removed"] as Any)" }, expected: "nil"),
        .init(
            "registering a key again replaces its default and keeps the other keys",
            arrange: {
                $0.register(defaults: ["peer.again": 1, "peer.kept": 2])
                $0.register(defaults: ["peer.again": 3])
            },
            read: { "\($0.integer(forKey: "peer.again")) \($0.integer(forKey: "peer.kept"))" }, expected: "3 2"),
        .init(
            "a registered array default is read by stringArray",
            arrange: { $0.register(defaults: ["peer.tags": ["a", "b"]]) },
            read: { "\($0.stringArray(forKey: "peer.tags") as Any)" }, expected: "Optional([\"a\", \"b\"])"),
        .init(
            "setting a value over a registered array hides it; removing it shows the array again",
            arrange: {
                $0.register(defaults: ["peer.list": [1]])
                $0.set([2, 3], forKey: "peer.list")
            },
            read: {
                let stored = "\($0.array(forKey: "peer.list") as? [Int] as Any)"
                $0.removeObject(forKey: "peer.list")
                return stored + " \($0.array(forKey: "peer.list") as? [Int] as Any)"
            },
            expected: "Optional([2, 3]) Optional([1])"),
        .init(
            "an empty array over a non-empty registered default reads as empty",
            arrange: {
                $0.register(defaults: ["peer.emptied": [1, 2, 3]])
                $0.set([Int](), forKey: "peer.emptied")
            },
            read: { "\($0.array(forKey: "peer.emptied")?.count as Any)" }, expected: "Optional(0)"),
        .init(
            "Int.max and Int.min round-trip through integer",
            arrange: {
                $0.set(Int.max, forKey: "max")
                $0.set(Int.min, forKey: "min")
            },
            read: { "\($0.integer(forKey: "max") == Int.max) \($0.integer(forKey: "min") == Int.min)" }, expected: "true true",
            linuxDiffers: linuxLosesIntMax),
        .init(
            "infinity, -infinity and NaN round-trip through double",
            arrange: {
                $0.set(Double.infinity, forKey: "inf")
                $0.set(-Double.infinity, forKey: "-inf")
                $0.set(Double.nan, forKey: "nan")
            },
            read: { "\($0.double(forKey: "inf")) \($0.double(forKey: "-inf")) \($0.double(forKey: "nan").isNaN)" },
            expected: "inf -inf true"),
        .init(
            "the largest finite and smallest normal doubles round-trip",
            arrange: {
                $0.set(Double.greatestFiniteMagnitude, forKey: "big")
                $0.set(Double.leastNormalMagnitude, forKey: "small")
            },
            read: {
                "\($0.double(forKey: "big") == .greatestFiniteMagnitude) \($0.double(forKey: "small") == .leastNormalMagnitude)"
            },
            expected: "true true"),
        .init(
            "a three-level nested dictionary keeps its innermost integer",
            arrange: { $0.set(["a": ["b": ["c": 42]]], forKey: "k") },
            read: { "\((($0.dictionary(forKey: "k")?["a"] as? [String: Any])?["b"] as? [String: Any])?["c"] as? Int as Any)" },
            expected: "Optional(42)"),
        .init(
            "strings with zero-width, control and right-to-left characters round-trip",
            arrange: { $0.set("\u{200B}a\u{200D}\n\r\tمرحبا", forKey: "k") },
            read: { "\($0.string(forKey: "k") == "\u{200B}a\u{200D}\n\r\tمرحبا")" }, expected: "true"),
        .init(
            "one megabyte of data round-trips", arrange: { $0.set(Data(repeating: 7, count: 1 << 20), forKey: "k") },
            read: { "\($0.data(forKey: "k") == Data(repeating: 7, count: 1 << 20))" }, expected: "true"),
        .init(
            "a thousand keys each hold their own value",
            arrange: { store in for index in 0..<1_000 { store.set(index, forKey: "many.\(index)") } },
            read: { store in "\((0..<1_000).allSatisfy { store.integer(forKey: "many.\($0)") == $0 })" }, expected: "true"),
    ]
}

@Suite("Key-value scenarios ported from UserDefaults' and wrappers' suites")
struct KeyValueStorePeerPortTests {
    @Test("The fake gives UserDefaults' result", arguments: StoreSemanticsCase.peerPorts)
    func fake(_ semantics: StoreSemanticsCase) {
        let store = KeyValueStoreFake()

        semantics.arrange(store)

        #expect(semantics.act(store) == semantics.expected)
    }

    /// On Linux, the cases where Linux Foundation differs from Apple are left out (each says why).
    @Test("A real UserDefaults suite gives the same result", arguments: StoreSemanticsCase.peerPortsForRealStore)
    func realSuite(_ semantics: StoreSemanticsCase) {
        withIsolatedUserDefaults { defaults in
            semantics.arrange(defaults)

            #expect(semantics.act(defaults) == semantics.expected)
        }
    }

    @Test("NSNull is not a property-list value: it is not stored, and the earlier value stays")
    func nsNullIsRejected() {
        let store = KeyValueStoreFake(["theme": .string("dark")])

        store.set(NSNull(), forKey: "theme")

        #expect(store.string(forKey: "theme") == "dark")
        #expect(store.writes.isEmpty)
        #expect(
            store.misuses == [
                "set(_:forKey: \"theme\") was given a NSNull, which is not a property-list value (UserDefaults raises an exception); "
                    + "NSNull is not a property-list value: to remove the key, call removeObject(forKey:); "
                    + "store Data, e.g. with set(encoded:forKey:)"
            ])
    }

    @Test("A container holding a non-property-list element is rejected, and the misuse names the element")
    func nestedNonPropertyListIsRejected() {
        let store = KeyValueStoreFake()

        store.set(["shelves": [["title": "Dune"], ["opened": NSNull()]]] as [String: Any], forKey: "library")

        #expect(store.object(forKey: "library") == nil)
        #expect(store.misuses.first?.contains("; the element at [\"shelves\"][1][\"opened\"] is a NSNull;") == true)
    }

    @Test("A dictionary whose keys are not strings is not a property list")
    func nonStringKeysAreRejected() {
        let store = KeyValueStoreFake()

        store.set([1: "one"], forKey: "numbers")

        #expect(store.object(forKey: "numbers") == nil)
        #expect(store.misuses.count == 1)
    }

    @Test("A registered default that holds a non-property-list element is rejected with the element named")
    func nestedRegistrationIsRejected() {
        let store = KeyValueStoreFake()

        store.register(defaults: ["sizes": [1, NSNull()] as [Any]])

        #expect(store.registeredDefaults.isEmpty)
        #expect(store.misuses.first?.hasSuffix("which is not a property-list value; the element at [1] is a NSNull") == true)
    }

    @Test("Two fakes are separate suites: a value set in one is not in the other")
    func suitesAreIsolated() {
        let first = KeyValueStoreFake()
        let second = KeyValueStoreFake()

        first.set(true, forKey: "onboardingDone")

        #expect(second.object(forKey: "onboardingDone") == nil)
        #expect(second.dictionaryRepresentation().isEmpty)
    }

    /// A deliberate difference, in the guide's table: Apple compares keys by UTF-16 code units.
    @Test("Canonically equivalent keys (precomposed and decomposed é) are one key in the fake")
    func canonicallyEquivalentKeys() {
        let store = KeyValueStoreFake()
        store.set(1, forKey: "caf\u{E9}")

        store.set(2, forKey: "cafe\u{301}")

        #expect(store.storedValues.count == 1)
        #expect(store.integer(forKey: "caf\u{E9}") == 2)
    }

    @Test("Setting NSNull is reported by expectNoMisuse at the caller's line")
    func nsNullMisuseIsReported() {
        let store = KeyValueStoreFake()
        store.set(NSNull(), forKey: "theme")

        let line = #line + 2
        withKnownIssue {
            store.expectNoMisuse()
        } matching: { issue in
            issue.isFailure(containing: "NSNull is not a property-list value: to remove the key, call removeObject(forKey:)", line: line)
        }
    }

    @Test("Many threads writing, reading and removing keys leave every kept key readable")
    func concurrentAccess() {
        let store = KeyValueStoreFake()

        DispatchQueue.concurrentPerform(iterations: 300) { index in
            store.set(index, forKey: "key\(index % 100)")
            _ = store.integer(forKey: "key\((index + 1) % 100)")
            if index % 10 == 0 { store.removeObject(forKey: "key\(index % 100)") }
        }

        #expect(store.writes.count == 330)
        #expect(store.storedValues.keys.allSatisfy { store.object(forKey: $0) != nil })
    }
}

final class KeyValueStorePeerPortXCTests: FailureRecordingTestCase {
    func test_expectNoMisuse_afterSettingNSNull_reportsAtCallerLine() {
        let store = KeyValueStoreFake()
        store.set(NSNull(), forKey: "theme")

        let line = #line + 1
        let failures = capturingXCTestFailures { store.expectNoMisuse() }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertEqual(failures.first?.description.contains("NSNull is not a property-list value"), true)
    }

    func test_set_valueOverRegisteredDefault_thenRemove_fallsBackToDefault() {
        let store = KeyValueStoreFake()
        store.register(defaults: ["pages": 20])
        store.set(30, forKey: "pages")

        store.removeObject(forKey: "pages")

        XCTAssertEqual(store.integer(forKey: "pages"), 20)
        XCTAssertNil(store.storedValues["pages"])
    }
}
