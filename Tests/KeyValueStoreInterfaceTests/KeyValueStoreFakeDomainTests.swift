import Foundation
import KeyValueStoreInterface
import TestDoubles
import Testing

@Suite("KeyValueStoreFake domains and NSNumber bridging")
struct KeyValueStoreFakeDomainTests {
    @Test("dictionaryRepresentation holds the global domain's keys, as UserDefaults does on Apple")
    func dictionaryRepresentationIncludesGlobalDomain() {
        let store = KeyValueStoreFake(globalDomain: KeyValueStoreFake.typicalAppleGlobalDomain)
        store.register(defaults: ["goal": 20])
        store.set("dark", forKey: "theme")

        let keys = store.dictionaryRepresentation().keys.sorted()

        #expect(keys == ["AppleLanguages", "AppleLocale", "goal", "theme"])
    }

    @Test("Reads search the app's values, then the global domain, then the registered defaults")
    func searchOrder() {
        let store = KeyValueStoreFake(globalDomain: ["AppleLocale": .string("fr_FR")])
        store.register(defaults: ["AppleLocale": "en_US"])

        let before = store.string(forKey: "AppleLocale")
        store.set("de_DE", forKey: "AppleLocale")
        let overridden = store.string(forKey: "AppleLocale")
        store.removeObject(forKey: "AppleLocale")

        #expect([before, overridden, store.string(forKey: "AppleLocale")] == ["fr_FR", "de_DE", "fr_FR"])
    }

    @Test(
        "The bridging table of the guide: each stored value read as? Int, Double and Bool",
        arguments: [
            (PropertyListValue.bool(true), "Optional(1) Optional(1.0) Optional(true)"),
            (.integer(1), "Optional(1) Optional(1.0) Optional(true)"),
            (.integer(5), "Optional(5) Optional(5.0) nil"),
            (.double(2.0), "Optional(2) Optional(2.0) nil"),
            (.double(2.5), "nil Optional(2.5) nil"),
            (.unsignedInteger(UInt64.max), "nil nil nil"),
        ])
    func bridgingTable(stored: PropertyListValue, expected: String) {
        let store = KeyValueStoreFake(["k": stored])
        let object = store.object(forKey: "k")

        #expect("\(object as? Int as Any) \(object as? Double as Any) \(object as? Bool as Any)" == expected)
    }

    @Test("object(forKey:) hands out NSNumber, as Apple's UserDefaults does")
    func numbersAreNSNumbers() {
        let store = KeyValueStoreFake()
        store.set(2.5, forKey: "ratio")

        #expect(store.object(forKey: "ratio") is NSNumber)
        #expect(store.object(forKey: "ratio") as? Double == 2.5)
    }

    @Test("A Boolean NSNumber keeps its kind; a one-valued Int8 is read as a Boolean too (both encode as c)")
    func booleanNumbers() {
        #expect(PropertyListValue(NSNumber(value: true)) == .bool(true))
        #expect(PropertyListValue(NSNumber(value: 7)) == .integer(7))
        #expect(PropertyListValue(NSNumber(value: Float(1.5))) == .float(1.5))
    }

    @Test("UInt64 values above Int.max are kept unsigned; those that fit are Int")
    func unsignedIntegers() {
        #expect(PropertyListValue(UInt64.max) == .unsignedInteger(UInt64.max))
        #expect(PropertyListValue(UInt64(5)) == .integer(5))
        #expect(PropertyListValue(NSNumber(value: UInt64.max)) == .unsignedInteger(UInt64.max))
    }

    @Test("Checking for a write uses counts, not a scan, and forgets everything on clearRecorded")
    func recordLookups() {
        let store = KeyValueStoreFake()
        for index in 0..<1_000 { store.set(index, forKey: "key") }

        #expect(store.hasRecorded(KeyValueStoreWrite(key: "key", value: .integer(999))))
        #expect(!store.hasRecorded(KeyValueStoreWrite(key: "key", value: .integer(1_000))))
        #expect(store.writes.count == 1_000)
        #expect(store.writes.last == KeyValueStoreWrite(key: "key", value: .integer(999)))
        store.clearRecorded()
        #expect(!store.hasRecorded(KeyValueStoreWrite(key: "key", value: .integer(999))))
    }

    @Test("The closest writes are the same key's latest few, and the rest are counted")
    func closestWrites() {
        let store = KeyValueStoreFake()
        for index in 0..<10 { store.set(index, forKey: "goal") }
        store.set("dark", forKey: "theme")

        let (closest, others) = store.closestWrites(to: KeyValueStoreWrite(key: "gaol", value: .integer(30)))

        #expect(closest.map(\.description) == ["set \"goal\" = 9", "set \"goal\" = 8", "set \"goal\" = 7"])
        #expect(others == 8)
    }
}

#if !canImport(Darwin)
@Suite("Linux Foundation's UserDefaults differs where the table says so")
struct LinuxUserDefaultsDifferenceTests {
    @Test(
        "Each case marked as differing on Linux still differs, so its reason stays true",
        // A difference that depends on timing is left out: it may or may not show in one run.
        arguments: (StoreSemanticsCase.all + StoreSemanticsCase.peerPorts).filter {
            $0.linuxDiffers != nil && !$0.linuxDifferenceIsIntermittent
        })
    func linuxStillDiffers(_ semantics: StoreSemanticsCase) {
        withIsolatedUserDefaults { defaults in
            semantics.arrange(defaults)

            #expect(semantics.act(defaults) != semantics.expected)
        }
    }
}
#endif

@Suite("KeyValueStoreFake: the deliberate differences from UserDefaults")
struct KeyValueStoreFakeDifferenceTests {
    @Test("object(forKey:) of a stored URL is the URL (Apple archives it as data)")
    func storedURLIsAURL() throws {
        let store = KeyValueStoreFake()
        let url = try #require(URL(string: "https://books.example/feed"))

        store.set(url, forKey: "feed")

        #expect(store.object(forKey: "feed") as? URL == url)
    }

    @Test("A new fake has no global or argument domain: its dictionaryRepresentation is empty")
    func newFakeHasNoOtherDomains() {
        #expect(KeyValueStoreFake().dictionaryRepresentation().isEmpty)
    }
}
