import Foundation
import KeyValueStoreInterface
import TestSupportCore
import Testing
import XCTest

@Suite("KeyValueStoreFake writes")
struct KeyValueStoreFakeWriteTests {
    @Test("Each set and removal is recorded in order with its property-list value")
    func writesAreRecorded() {
        let store = KeyValueStoreFake()

        store.set(30, forKey: "goal")
        store.set("dark", forKey: "theme")
        store.removeObject(forKey: "goal")

        #expect(
            store.writes == [
                KeyValueStoreWrite(key: "goal", value: .integer(30)),
                KeyValueStoreWrite(key: "theme", value: .string("dark")),
                KeyValueStoreWrite(key: "goal", value: nil),
            ])
    }

    @Test("Registered defaults are returned but neither stored nor recorded as writes")
    func registeredDefaultsAreNotStored() {
        let store = KeyValueStoreFake()

        store.register(defaults: ["goal": 20])

        #expect(store.integer(forKey: "goal") == 20)
        #expect(store.storedValues.isEmpty)
        #expect(store.writes.isEmpty)
        #expect(store.registeredDefaults == ["goal": .integer(20)])
    }

    @Test("Registered defaults belong to one fake, unlike UserDefaults' process-wide registration")
    func registrationIsPerInstance() {
        let first = KeyValueStoreFake()
        let second = KeyValueStoreFake()

        first.register(defaults: ["goal": 20])

        #expect(second.object(forKey: "goal") == nil)
    }

    @Test("set(nil) removes the key, as UserDefaults documents")
    func setNilRemoves() {
        let store = KeyValueStoreFake(["theme": .string("dark")])

        store.set(nil as Any?, forKey: "theme")

        #expect(store.object(forKey: "theme") == nil)
        #expect(store.writes == [KeyValueStoreWrite(key: "theme", value: nil)])
    }

    @Test("A value that is not a property list is not stored and is recorded as a misuse")
    func nonPropertyListIsRejected() {
        struct Settings {}
        let store = KeyValueStoreFake()

        store.set(Settings(), forKey: "settings")

        #expect(store.object(forKey: "settings") == nil)
        #expect(store.writes.isEmpty)
        #expect(
            store.misuses.first?.contains("set(_:forKey: \"settings\") was given a Settings, which is not a property-list value") == true)
    }

    @Test("Narrow integer types are stored as Int, as UserDefaults does")
    func narrowIntegersAreStoredAsInt() {
        let store = KeyValueStoreFake()

        store.set(Int8(3) as Any?, forKey: "small")

        #expect(store.storedValues["small"] == .integer(3))
    }

    @Test("A stored URL is returned by url(forKey:)")
    func urlRoundTrips() throws {
        let store = KeyValueStoreFake()
        let url = try #require(URL(string: "https://books.example/feed"))

        store.set(url, forKey: "feed")

        #expect(store.url(forKey: "feed") == url)
    }

    @Test("Concurrent writes from many tasks are all kept")
    func concurrentWritesAreKept() async {
        let store = KeyValueStoreFake()

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask { store.set(index, forKey: "key\(index)") }
            }
        }

        #expect(store.writes.count == 200)
        #expect(store.storedValues.count == 200)
    }
}

final class KeyValueStoreFakeXCTests: XCTestCase {
    func test_bool_ofMissingKey_isFalse() {
        XCTAssertFalse(KeyValueStoreFake().bool(forKey: "missing"))
    }

    func test_integer_ofStoredString_followsUserDefaultsCoercion() {
        let store = KeyValueStoreFake()
        store.set("5", forKey: "count")

        XCTAssertEqual(store.integer(forKey: "count"), 5)
    }

    func test_register_thenRemoveStoredValue_showsRegisteredDefault() {
        let store = KeyValueStoreFake()
        store.register(defaults: ["goal": 20])
        store.set(30, forKey: "goal")

        store.removeObject(forKey: "goal")

        XCTAssertEqual(store.integer(forKey: "goal"), 20)
    }

    func test_setEncoded_thenDecoded_roundTrips() throws {
        let store = KeyValueStoreFake()

        try store.set(encoded: ["title", "author"], forKey: "columns")

        XCTAssertEqual(try store.decoded([String].self, forKey: "columns"), ["title", "author"])
    }
}
