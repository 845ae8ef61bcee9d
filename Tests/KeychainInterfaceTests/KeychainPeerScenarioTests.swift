import Foundation
import KeychainInterface
import Testing

/// Scenarios the keychain wrappers' own suites pin against the real keychain (KeychainAccess's
/// and SimpleKeychain's tests), restated in our words and run on the fake.
@Suite("Keychain scenarios from peer wrappers' suites, on KeychainFake")
struct KeychainPeerScenarioTests {
    private let service = KeychainScope(service: "com.bookshelf.peer-scenarios")

    @Test("Storing a string under a new key, then under the same key again, keeps the second value")
    func storeNewThenExisting() throws {
        let keychain = KeychainFake()

        try keychain.set("value1", account: "key", in: service)
        try keychain.set("value2", account: "key", in: service)

        #expect(try keychain.readString(account: "key", in: service) == "value2")
        #expect(keychain.items.count == 1)
    }

    @Test("Empty data is a value like any other: stored, replaced and read back")
    func emptyData() throws {
        let keychain = KeychainFake()

        try keychain.set(Data(), account: "key", in: service)
        try keychain.set(Data(), account: "key", in: service)

        #expect(try keychain.read(account: "key", in: service) == Data())
    }

    @Test("Removing an existing entry succeeds; removing a key that never existed throws itemNotFound")
    func removeEntries() throws {
        let keychain = KeychainFake()
        try keychain.set("value", account: "key", in: service)

        try keychain.delete(account: "key", in: service)

        #expect(throws: KeychainError.itemNotFound) { try keychain.delete(account: "SHOULD-NOT-EXIST", in: service) }
    }

    @Test("Reading a key that does not exist gives nil through the optional conveniences")
    func missingKeysAreNil() throws {
        let keychain = KeychainFake()

        #expect(try keychain.readIfPresent(account: "SHOULD-NOT-EXIST", in: service) == nil)
        #expect(try keychain.readStringIfPresent(account: "SHOULD-NOT-EXIST", in: service) == nil)
    }

    @Test("Listing keys returns every stored key; clearing all leaves none and every read gives nil")
    func listThenClear() throws {
        let keychain = KeychainFake()
        let keys = (0..<3).map { _ in UUID().uuidString }
        for (index, key) in keys.enumerated() { try keychain.set("value\(index)", account: key, in: service) }

        #expect(try keychain.accounts(in: service) == keys.sorted())
        try keychain.deleteAll(in: service)

        #expect(try keychain.accounts(in: service).isEmpty)
        #expect(try keys.allSatisfy { try keychain.readIfPresent(account: $0, in: service) == nil })
    }

    @Test("Two services do not see each other's keys, and removing all in one keeps the other")
    func servicesAreSeparate() throws {
        let keychain = KeychainFake()
        let other = KeychainScope(service: "com.bookshelf.other")
        try keychain.set("a", account: "username", in: service)
        try keychain.set("b", account: "username", in: other)

        try keychain.deleteAll(in: service)

        #expect(try keychain.readStringIfPresent(account: "username", in: service) == nil)
        #expect(try keychain.readString(account: "username", in: other) == "b")
    }

    @Test("A synchronizable item is found by a synchronizable query and not by a device-only one")
    func synchronizableIsSeparate() throws {
        let keychain = KeychainFake()
        let synced = KeychainScope(service: service.service, synchronization: .synchronized)
        try keychain.set("synced", account: "username", in: synced)

        #expect(try keychain.readString(account: "username", in: synced) == "synced")
        #expect(try keychain.readStringIfPresent(account: "username", in: service) == nil)
    }

    @Test("Accessibility given on the first store stays on later updates")
    func accessibilityIsKept() throws {
        let keychain = KeychainFake()

        try keychain.set("one", account: "key", in: service, accessibility: .afterFirstUnlock)
        try keychain.set("two", account: "key", in: service, accessibility: .whenUnlockedThisDeviceOnly)

        #expect(keychain.accessibility(account: "key", in: service) == .afterFirstUnlock)
    }

    @Test("Unicode keys and values round-trip")
    func unicode() throws {
        let keychain = KeychainFake()

        try keychain.set("パスワード🔑", account: "ユーザー", in: service)

        #expect(try keychain.readString(account: "ユーザー", in: service) == "パスワード🔑")
    }
}
