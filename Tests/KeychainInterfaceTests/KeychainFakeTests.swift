import Foundation
import KeychainInterface
import Testing

private let auth = KeychainScope(service: "com.bookshelf.auth")

@Suite("KeychainFake add / read")
struct KeychainFakeAddReadTests {
    @Test("An added item reads back")
    func addThenRead() throws {
        let keychain = KeychainFake()

        try keychain.add(Data("abc".utf8), account: "token", in: auth)

        #expect(try keychain.read(account: "token", in: auth) == Data("abc".utf8))
    }

    @Test("Adding an existing item throws duplicateItem (-25299)")
    func addDuplicateThrows() throws {
        let keychain = KeychainFake()
        try keychain.add(Data("a".utf8), account: "token", in: auth)

        #expect(throws: KeychainError.duplicateItem) {
            try keychain.add(Data("b".utf8), account: "token", in: auth)
        }
        #expect(KeychainError.duplicateItem.status == -25299)
    }

    @Test("Reading a missing item throws itemNotFound (-25300)")
    func readMissingThrows() {
        #expect(throws: KeychainError.itemNotFound) { try KeychainFake().read(account: "token", in: auth) }
    }

    @Test("The same account in another service, or synchronizable, is a different item")
    func identityIncludesServiceAndSynchronizable() throws {
        let keychain = KeychainFake()
        try keychain.add(Data("1".utf8), account: "token", in: auth)

        try keychain.add(Data("2".utf8), account: "token", in: KeychainScope(service: "com.bookshelf.sync"))
        try keychain.add(Data("3".utf8), account: "token", in: KeychainScope(service: "com.bookshelf.auth", synchronization: .synchronized))

        #expect(keychain.items.count == 3)
        #expect(try keychain.read(account: "token", in: auth) == Data("1".utf8))
    }

    @Test("Accessibility is recorded per item")
    func accessibilityIsRecorded() throws {
        let keychain = KeychainFake()

        try keychain.add(Data(), account: "refresh", in: auth, accessibility: .afterFirstUnlockThisDeviceOnly)

        #expect(keychain.accessibility(account: "refresh", in: auth) == .afterFirstUnlockThisDeviceOnly)
    }
}

@Suite("KeychainFake update / delete / set")
struct KeychainFakeUpdateDeleteTests {
    @Test("Updating a missing item throws itemNotFound")
    func updateMissingThrows() {
        #expect(throws: KeychainError.itemNotFound) { try KeychainFake().update(Data(), account: "token", in: auth) }
    }

    @Test("Deleting a missing item throws itemNotFound")
    func deleteMissingThrows() {
        #expect(throws: KeychainError.itemNotFound) { try KeychainFake().delete(account: "token", in: auth) }
    }

    @Test("set adds a missing item, then updates it (explicit upsert), keeping its accessibility")
    func setUpserts() throws {
        let keychain = KeychainFake()

        try keychain.set("one", account: "token", in: auth, accessibility: .afterFirstUnlock)
        try keychain.set("two", account: "token", in: auth, accessibility: .whenUnlocked)

        #expect(try keychain.readString(account: "token", in: auth) == "two")
        #expect(keychain.accessibility(account: "token", in: auth) == .afterFirstUnlock)
        #expect(keychain.operations.map(\.kind) == [.update, .add, .update, .read])
    }

    @Test("deleteAll removes only the scope's items and is not an error when empty")
    func deleteAllRemovesScope() throws {
        let keychain = KeychainFake()
        try keychain.add(Data(), account: "a", in: auth)
        try keychain.add(Data(), account: "b", in: auth)
        try keychain.add(Data(), account: "c", in: KeychainScope(service: "other"))

        try keychain.deleteAll(in: auth)
        try keychain.deleteAll(in: auth)

        #expect(try keychain.accounts(in: auth).isEmpty)
        #expect(try keychain.accounts(in: KeychainScope(service: "other")) == ["c"])
    }

    @Test("accounts lists the scope's accounts sorted")
    func accountsAreSorted() throws {
        let keychain = KeychainFake()
        for account in ["zeta", "alpha", "mid"] { try keychain.add(Data(), account: account, in: auth) }

        #expect(try keychain.accounts(in: auth) == ["alpha", "mid", "zeta"])
    }
}

@Suite("KeychainFake access groups and locking")
struct KeychainFakeAccessGroupTests {
    @Test("A group outside the entitlements throws missingEntitlement (-34018)")
    func unknownGroupIsMissingEntitlement() {
        let keychain = KeychainFake(accessGroups: ["TEAM.app"])

        #expect(throws: KeychainError.missingEntitlement) {
            try keychain.add(Data(), account: "token", in: KeychainScope(service: "s", accessGroup: "TEAM.other"))
        }
    }

    @Test("Without a group, add writes to the default group and read finds items in any allowed group")
    func defaultGroupAndSearchAcrossGroups() throws {
        let keychain = KeychainFake(accessGroups: ["TEAM.app", "TEAM.shared"])
        try keychain.add(Data("shared".utf8), account: "token", in: KeychainScope(service: "s", accessGroup: "TEAM.shared"))

        try keychain.add(Data("mine".utf8), account: "other", in: KeychainScope(service: "s"))

        #expect(keychain.items.last?.accessGroup == "TEAM.app")
        #expect(try keychain.read(account: "token", in: KeychainScope(service: "s")) == Data("shared".utf8))
    }

    @Test("While the device is locked, a whenUnlocked item throws interactionNotAllowed and an afterFirstUnlock item reads")
    func lockedDevice() throws {
        let keychain = KeychainFake()
        try keychain.add(Data("a".utf8), account: "session", in: auth, accessibility: .whenUnlocked)
        try keychain.add(Data("b".utf8), account: "refresh", in: auth, accessibility: .afterFirstUnlock)

        keychain.lockState = .locked

        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.read(account: "session", in: auth) }
        #expect(try keychain.read(account: "refresh", in: auth) == Data("b".utf8))
    }
}

@Suite("KeychainFake fault injection and record")
struct KeychainFakeFaultTests {
    @Test("failNext fails only the next operation of that kind")
    func failNextFailsOnce() throws {
        let keychain = KeychainFake()
        try keychain.add(Data(), account: "token", in: auth)
        keychain.failNext(.read, with: .authenticationFailed)

        #expect(throws: KeychainError.authenticationFailed) { try keychain.read(account: "token", in: auth) }
        #expect(try keychain.read(account: "token", in: auth) == Data())
        #expect(keychain.unusedInjectedFaults.isEmpty)
    }

    @Test("failEvery fails every operation of that kind until stopFailing")
    func failEveryUntilStopped() throws {
        let keychain = KeychainFake()
        keychain.failEvery(.add, with: .interactionNotAllowed)

        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.add(Data(), account: "a", in: auth) }
        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.add(Data(), account: "b", in: auth) }
        keychain.stopFailing(.add)
        try keychain.add(Data(), account: "c", in: auth)

        #expect(keychain.items.map(\.account) == ["c"])
    }

    @Test("Every operation is recorded with its account, scope and outcome")
    func operationsAreRecorded() throws {
        let keychain = KeychainFake()
        try keychain.add(Data(), account: "token", in: auth)
        _ = try? keychain.read(account: "missing", in: auth)

        #expect(
            keychain.operations == [
                KeychainOperation(kind: .add, account: "token", scope: auth, error: nil),
                KeychainOperation(kind: .read, account: "missing", scope: auth, error: .itemNotFound),
            ])
        #expect(
            keychain.operations.last?.description
                == "read 'missing' in service 'com.bookshelf.auth' → itemNotFound (-25300); accounts in service 'com.bookshelf.auth': 'token'"
        )
    }

    @Test("Concurrent adds from many tasks are all kept")
    func concurrentAdds() async throws {
        let keychain = KeychainFake()

        await withTaskGroup(of: Void.self) { group in
            for index in 0..<100 {
                group.addTask { try? keychain.add(Data(), account: "a\(index)", in: auth) }
            }
        }

        #expect(try keychain.accounts(in: auth).count == 100)
    }
}

@Suite("KeychainInterface conveniences")
struct KeychainConvenienceTests {
    struct Credentials: Codable, Equatable {
        var user: String
        var token: String
    }

    @Test("A Codable value round-trips")
    func codableRoundTrips() throws {
        let keychain = KeychainFake()
        let credentials = Credentials(user: "ada", token: "t")

        try keychain.set(encoded: credentials, account: "credentials", in: auth)

        #expect(try keychain.read(Credentials.self, account: "credentials", in: auth) == credentials)
    }

    @Test("Reading bytes that are not the requested type throws unexpectedData")
    func undecodableThrows() throws {
        let keychain = KeychainFake()
        try keychain.add(Data([0xFF, 0xFE]), account: "credentials", in: auth)

        #expect(throws: KeychainError.self) { try keychain.read(Credentials.self, account: "credentials", in: auth) }
        #expect(throws: KeychainError.self) { try keychain.readString(account: "credentials", in: auth) }
        #expect(throws: KeychainError.self) { try keychain.readIfPresent(Credentials.self, account: "credentials", in: auth) }
        #expect(throws: KeychainError.self) { try keychain.readStringIfPresent(account: "credentials", in: auth) }
    }

    @Test("The IfPresent reads return nil for a missing item")
    func missingReadsAreNil() throws {
        let keychain = KeychainFake()

        #expect(try keychain.readIfPresent(account: "none", in: auth) == nil)
        #expect(try keychain.readStringIfPresent(account: "none", in: auth) == nil)
        #expect(try keychain.readIfPresent(Credentials.self, account: "none", in: auth) == nil)
        #expect(try keychain.contains(account: "none", in: auth) == false)
    }

    @Test("readString and the Codable read throw itemNotFound for a missing item, as read does")
    func missingPlainReadsThrow() {
        let keychain = KeychainFake()

        #expect(throws: KeychainError.itemNotFound) { try keychain.readString(account: "none", in: auth) }
        #expect(throws: KeychainError.itemNotFound) { try keychain.read(Credentials.self, account: "none", in: auth) }
    }

    @Test("readStringIfPresent returns the stored string")
    func readStringIfPresentReturnsString() throws {
        let keychain = KeychainFake()
        try keychain.set("s3cr3t", account: "password", in: auth)

        #expect(try keychain.readStringIfPresent(account: "password", in: auth) == "s3cr3t")
    }

    @Test("deleteIfPresent ignores a missing item")
    func deleteIfPresentIgnoresMissing() throws {
        try KeychainFake().deleteIfPresent(account: "none", in: auth)
    }
}

@Suite("KeychainError statuses")
struct KeychainErrorTests {
    @Test(
        "Each case maps to its Security status and back",
        arguments: [
            (KeychainError.duplicateItem, Int32(-25299)),
            (.itemNotFound, -25300),
            (.interactionNotAllowed, -25308),
            (.missingEntitlement, -34018),
            (.authenticationFailed, -25293),
            (.badParameter, -50),
            (.unimplemented, -4),
        ])
    func statusRoundTrips(error: KeychainError, status: Int32) {
        #expect(error.status == status)
        #expect(KeychainError(status: status) == error)
    }

    @Test("An unknown status is kept")
    func unknownStatusIsKept() {
        #expect(KeychainError(status: -1).status == -1)
        #expect(KeychainError(status: -1) == .unhandledStatus(-1))
    }
}

@Suite("KeychainError.recoverySuggestion")
struct KeychainErrorRecoveryTests {
    @Test("A missing entitlement says how tests get one: sign, a host app, or the fake")
    func missingEntitlementSaysWhatToDo() throws {
        let suggestion = try #require(KeychainError.missingEntitlement.recoverySuggestion)

        #expect(suggestion.contains("keychain-access-groups"))
        #expect(suggestion.contains("unsigned `swift test` on macOS"))
        #expect(suggestion.contains("KeychainFake"))
    }

    @Test("A status the package has no advice for has no suggestion")
    func otherStatusesHaveNone() {
        #expect(KeychainError.itemNotFound.recoverySuggestion == nil)
    }
}
