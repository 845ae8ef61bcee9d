import Foundation
import KeychainInterface
import Testing
import XCTest

/// More scenarios from the keychain wrappers' suites (KeychainAccess, SwiftKeychainWrapper,
/// SimpleKeychain, keychain-swift, Valet), restated against `KeychainInterface` and run on the
/// fake; ``KeychainPeerScenarioTests`` holds the first ones.
@Suite("Keychain scenarios ported from peer suites, on KeychainFake")
struct KeychainPeerPortTests {
    private let service = KeychainScope(service: "com.bookshelf.peer-ports")

    private struct Profile: Codable, Equatable {
        var name: String
        var pages: [Int]
    }

    @Test("Data stored under a new key, then again under the same key, reads back as the latest bytes")
    func dataUnderNewThenExistingKey() throws {
        let keychain = KeychainFake()

        try keychain.set(Data([1, 2, 3]), account: "blob", in: service)
        try keychain.set(Data([9]), account: "blob", in: service)

        #expect(try keychain.read(account: "blob", in: service) == Data([9]))
        #expect(keychain.items.count == 1)
    }

    @Test("An empty string is stored and read back as an empty string, not as a missing item")
    func emptyString() throws {
        let keychain = KeychainFake()

        try keychain.set("", account: "note", in: service)

        #expect(try keychain.readStringIfPresent(account: "note", in: service) == "")
        #expect(try keychain.contains(account: "note", in: service))
    }

    @Test("An empty account name is a key like any other")
    func emptyAccount() throws {
        let keychain = KeychainFake()

        try keychain.add(Data("v".utf8), account: "", in: service)

        #expect(try keychain.accounts(in: service) == [""])
        #expect(throws: KeychainError.duplicateItem) { try keychain.add(Data(), account: "", in: service) }
    }

    @Test("A 10 000-character account name is stored, listed and deleted like a short one")
    func veryLongAccount() throws {
        let keychain = KeychainFake()
        let account = String(repeating: "k", count: 10_000)

        try keychain.set("v", account: account, in: service)

        #expect(try keychain.readString(account: account, in: service) == "v")
        #expect(try keychain.accounts(in: service) == [account])
        try keychain.delete(account: account, in: service)
        #expect(try keychain.accounts(in: service).isEmpty)
    }

    @Test("Booleans, integers and doubles round-trip through the Codable conveniences")
    func primitivesRoundTrip() throws {
        let keychain = KeychainFake()

        try keychain.set(encoded: true, account: "flag", in: service)
        try keychain.set(encoded: 42, account: "count", in: service)
        try keychain.set(encoded: 2.5, account: "ratio", in: service)

        #expect(try keychain.read(Bool.self, account: "flag", in: service) == true)
        #expect(try keychain.read(Int.self, account: "count", in: service) == 42)
        #expect(try keychain.read(Double.self, account: "ratio", in: service) == 2.5)
    }

    @Test("A nested Codable value round-trips, and a missing one reads as nil through readIfPresent")
    func codableValue() throws {
        let keychain = KeychainFake()
        let profile = Profile(name: "Ada", pages: [1, 2])

        try keychain.set(encoded: profile, account: "profile", in: service)

        #expect(try keychain.read(Profile.self, account: "profile", in: service) == profile)
        #expect(try keychain.readIfPresent(Profile.self, account: "other", in: service) == nil)
    }

    @Test("Reading a missing string, data or Codable value throws itemNotFound (-25300)")
    func missingItemsThrowNotFound() {
        let keychain = KeychainFake()

        #expect(throws: KeychainError.itemNotFound) { try keychain.read(account: "none", in: service) }
        #expect(throws: KeychainError.itemNotFound) { try keychain.readString(account: "none", in: service) }
        #expect(throws: KeychainError.itemNotFound) { try keychain.read(Profile.self, account: "none", in: service) }
        #expect(KeychainError.itemNotFound.status == -25300)
    }

    @Test("Bytes that are not UTF-8 make a string read throw unexpectedData, naming the account")
    func stringConversionError() throws {
        let keychain = KeychainFake()
        try keychain.add(Data([0xFF, 0xFE, 0xFD]), account: "binary", in: service)

        let error = #expect(throws: KeychainError.self) { try keychain.readString(account: "binary", in: service) }

        #expect(error?.status == -26275)
        #expect(error?.description.contains("the item for account 'binary'") == true)
        #expect(error?.description.contains("is not UTF-8 text (3 bytes)") == true)
    }

    @Test("Deleting one key leaves the others in the service")
    func deleteOnlyTheKey() throws {
        let keychain = KeychainFake()
        try keychain.set("a", account: "one", in: service)
        try keychain.set("b", account: "two", in: service)

        try keychain.delete(account: "one", in: service)

        #expect(try keychain.accounts(in: service) == ["two"])
    }

    @Test("Listing the keys of an empty service gives an empty list, not an error")
    func emptyKeys() throws {
        #expect(try KeychainFake().accounts(in: service).isEmpty)
    }

    @Test("deleteAll in one access group leaves the same service's items in another group")
    func deleteAllPerAccessGroup() throws {
        let keychain = KeychainFake(accessGroups: ["TEAM.app", "TEAM.shared"])
        let app = KeychainScope(service: service.service, accessGroup: "TEAM.app")
        let shared = KeychainScope(service: service.service, accessGroup: "TEAM.shared")
        try keychain.set("a", account: "token", in: app)
        try keychain.set("s", account: "token", in: shared)

        try keychain.deleteAll(in: app)

        #expect(try keychain.readStringIfPresent(account: "token", in: app) == nil)
        #expect(try keychain.readString(account: "token", in: shared) == "s")
    }

    @Test("Set, read and delete in a named access group touch only that group")
    func accessGroupLifecycle() throws {
        let keychain = KeychainFake(accessGroups: ["TEAM.app", "TEAM.shared"])
        let shared = KeychainScope(service: service.service, accessGroup: "TEAM.shared")

        try keychain.set("s", account: "token", in: shared)
        #expect(keychain.items.map(\.accessGroup) == ["TEAM.shared"])
        #expect(try keychain.readString(account: "token", in: service) == "s")

        try keychain.delete(account: "token", in: shared)
        #expect(keychain.items.isEmpty)
    }

    @Test("Without a group, the same account in two groups is two items; a read prefers the default group")
    func sameAccountInTwoGroups() throws {
        let keychain = KeychainFake(accessGroups: ["TEAM.app", "TEAM.shared"])
        try keychain.add(Data("shared".utf8), account: "token", in: KeychainScope(service: service.service, accessGroup: "TEAM.shared"))

        try keychain.add(Data("app".utf8), account: "token", in: service)

        #expect(try keychain.readString(account: "token", in: service) == "app")
        try keychain.delete(account: "token", in: service)
        #expect(keychain.items.isEmpty)
    }

    @Test("A synchronizable item cannot be ThisDeviceOnly: adding one throws badParameter (-50)")
    func synchronizedThisDeviceOnlyIsRejected() throws {
        let keychain = KeychainFake()
        let synced = KeychainScope(service: service.service, synchronization: .synchronized)

        for accessibility in KeychainAccessibility.allCases where accessibility.rawValue.hasSuffix("ThisDeviceOnly") {
            #expect(throws: KeychainError.badParameter) {
                try keychain.add(Data(), account: "token", in: synced, accessibility: accessibility)
            }
        }
        try keychain.add(Data(), account: "token", in: synced, accessibility: .afterFirstUnlock)
        #expect(keychain.operations.last?.error == nil)
    }

    @Test("The refusal of a synchronizable ThisDeviceOnly item says why in the operation's detail")
    func synchronizedThisDeviceOnlyDetail() {
        let keychain = KeychainFake()
        let synced = KeychainScope(service: service.service, synchronization: .synchronized)

        _ = try? keychain.add(Data(), account: "token", in: synced, accessibility: .whenUnlockedThisDeviceOnly)

        #expect(
            keychain.operations.last?.detail
                == "a synchronizable item cannot be whenUnlockedThisDeviceOnly; ThisDeviceOnly items never leave the device")
    }

    @Test("A device-only ThisDeviceOnly item is accepted")
    func deviceOnlyThisDeviceOnlyIsAccepted() throws {
        let keychain = KeychainFake()

        try keychain.add(Data(), account: "token", in: service, accessibility: .afterFirstUnlockThisDeviceOnly)

        #expect(keychain.accessibility(account: "token", in: service) == .afterFirstUnlockThisDeviceOnly)
    }

    @Test("Clearing with synchronizable any removes synced and device-only items; clearing device-only keeps synced ones")
    func clearSynchronizable() throws {
        let keychain = KeychainFake()
        let synced = KeychainScope(service: service.service, synchronization: .synchronized)
        let any = KeychainScope(service: service.service, synchronization: .any)
        try keychain.set("d", account: "a", in: service)
        try keychain.set("s", account: "b", in: synced)

        try keychain.deleteAll(in: service)
        #expect(try keychain.accounts(in: any) == ["b"])

        try keychain.deleteAll(in: any)
        #expect(try keychain.accounts(in: any).isEmpty)
    }

    @Test("The default accessibility of set and add is whenUnlocked, the Security framework's default")
    func defaultAccessibility() throws {
        let keychain = KeychainFake()

        try keychain.set("v", account: "set", in: service)
        try keychain.add(Data(), account: "add", in: service)

        #expect(keychain.accessibility(account: "set", in: service) == .whenUnlocked)
        #expect(keychain.accessibility(account: "add", in: service) == .whenUnlocked)
    }

    @Test("While locked, a whenUnlocked item can be neither read nor updated, and unlocking makes it usable")
    func lockedThenUnlocked() throws {
        let keychain = KeychainFake()
        try keychain.set("v", account: "token", in: service)
        keychain.lockState = .locked

        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.read(account: "token", in: service) }
        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.set("w", account: "token", in: service) }

        keychain.lockState = .unlocked
        #expect(try keychain.readString(account: "token", in: service) == "v")
    }

    /// A deliberate difference, in the guide's table: the real keychain compares stored bytes.
    @Test("Canonically equivalent account names (precomposed and decomposed é) name one item in the fake")
    func canonicallyEquivalentAccounts() throws {
        let keychain = KeychainFake()
        try keychain.add(Data(), account: "caf\u{E9}", in: service)

        #expect(throws: KeychainError.duplicateItem) { try keychain.add(Data(), account: "cafe\u{301}", in: service) }
    }

    @Test("Many threads reading, writing and deleting one key neither crash nor lose the final write")
    func concurrentMixedAccess() throws {
        let keychain = KeychainFake()
        let scope = service

        DispatchQueue.concurrentPerform(iterations: 300) { index in
            switch index % 3 {
            case 0: try? keychain.set("value\(index)", account: "shared", in: scope)
            case 1: _ = try? keychain.readStringIfPresent(account: "shared", in: scope)
            default: try? keychain.deleteIfPresent(account: "shared", in: scope)
            }
        }
        try keychain.set("final", account: "shared", in: scope)

        #expect(try keychain.readString(account: "shared", in: scope) == "final")
        #expect(keychain.items.count == 1)
    }

    @Test("Many threads adding distinct keys across services keep every item")
    func concurrentAddsAcrossServices() throws {
        let keychain = KeychainFake()

        DispatchQueue.concurrentPerform(iterations: 200) { index in
            try? keychain.add(Data(), account: "k\(index)", in: KeychainScope(service: "s\(index % 4)"))
        }

        #expect(keychain.items.count == 200)
        #expect(try keychain.accounts(in: KeychainScope(service: "s0")).count == 50)
    }
}

final class KeychainPeerPortXCTests: XCTestCase {
    private let scope = KeychainScope(service: "com.bookshelf.peer-ports")

    func test_add_synchronizableThisDeviceOnly_throwsBadParameter() {
        let keychain = KeychainFake()
        let synced = KeychainScope(service: scope.service, synchronization: .synchronized)

        XCTAssertThrowsError(try keychain.add(Data(), account: "token", in: synced, accessibility: .afterFirstUnlockThisDeviceOnly)) {
            XCTAssertEqual($0 as? KeychainError, .badParameter)
        }
        XCTAssertTrue(keychain.items.isEmpty)
    }

    func test_deleteAll_oneAccessGroup_keepsTheOtherGroupsItems() throws {
        let keychain = KeychainFake(accessGroups: ["TEAM.app", "TEAM.shared"])
        let shared = KeychainScope(service: scope.service, accessGroup: "TEAM.shared")
        try keychain.set("a", account: "token", in: KeychainScope(service: scope.service, accessGroup: "TEAM.app"))
        try keychain.set("s", account: "token", in: shared)

        try keychain.deleteAll(in: KeychainScope(service: scope.service, accessGroup: "TEAM.app"))

        XCTAssertEqual(try keychain.readString(account: "token", in: scope), "s")
    }
}
