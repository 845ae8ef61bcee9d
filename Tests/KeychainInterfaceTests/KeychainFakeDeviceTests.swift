import Foundation
import KeychainInterface
import Testing

private let auth = KeychainScope(service: "com.bookshelf.auth")

@Suite("KeychainFake models a device")
struct KeychainFakeDeviceTests {
    @Test("Before the first unlock, even an afterFirstUnlock item throws interactionNotAllowed (-25308)")
    func beforeFirstUnlockRefusesEverything() throws {
        let item = KeychainFake.Item(Data("r".utf8), account: "refresh", in: auth, accessibility: .afterFirstUnlock)
        let keychain = KeychainFake(items: [item], lockState: .beforeFirstUnlock)

        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.read(account: "refresh", in: auth) }
        #expect(KeychainError.interactionNotAllowed.status == -25308)
    }

    @Test("Before the first unlock, adding an afterFirstUnlock item is refused too")
    func beforeFirstUnlockRefusesAdds() {
        let keychain = KeychainFake(lockState: .beforeFirstUnlock)

        #expect(throws: KeychainError.interactionNotAllowed) {
            try keychain.add(Data(), account: "refresh", in: auth, accessibility: .afterFirstUnlockThisDeviceOnly)
        }
    }

    @Test("After the first unlock and a lock, afterFirstUnlock items read and whenUnlocked items do not")
    func lockedAfterFirstUnlock() throws {
        let keychain = KeychainFake(
            items: [
                KeychainFake.Item(Data("r".utf8), account: "refresh", in: auth, accessibility: .afterFirstUnlock),
                KeychainFake.Item(Data("s".utf8), account: "session", in: auth, accessibility: .whenUnlocked),
            ], lockState: .beforeFirstUnlock)

        keychain.lockState = .unlocked
        keychain.lockState = .locked

        #expect(keychain.lockState == .locked)
        #expect(try keychain.read(account: "refresh", in: auth) == Data("r".utf8))
        #expect(throws: KeychainError.interactionNotAllowed) { try keychain.read(account: "session", in: auth) }
    }

    @Test("The refusal's detail says why")
    func refusalDetail() {
        let keychain = KeychainFake(lockState: .beforeFirstUnlock)
        _ = try? keychain.add(Data(), account: "refresh", in: auth, accessibility: .afterFirstUnlock)

        #expect(keychain.operations.last?.detail == "the device has not been unlocked since it started; no item can be used yet")
    }

    @Test("Without a passcode, adding a whenPasscodeSetThisDeviceOnly item throws authenticationFailed (-25293)")
    func noPasscodeRefusesPasscodeItems() throws {
        let keychain = KeychainFake(hasPasscode: false)

        #expect(throws: KeychainError.authenticationFailed) {
            try keychain.add(Data(), account: "vault", in: auth, accessibility: .whenPasscodeSetThisDeviceOnly)
        }
        try keychain.add(Data(), account: "token", in: auth, accessibility: .whenUnlocked)
        #expect(KeychainError.authenticationFailed.status == -25293)
    }

    @Test("Removing the passcode deletes every whenPasscodeSetThisDeviceOnly item and keeps the rest")
    func removingPasscodeDeletesPasscodeItems() throws {
        let keychain = KeychainFake()
        try keychain.add(Data(), account: "vault", in: auth, accessibility: .whenPasscodeSetThisDeviceOnly)
        try keychain.add(Data(), account: "token", in: auth)

        keychain.hasPasscode = false

        #expect(try keychain.accounts(in: auth) == ["token"])
    }

    @Test("Without a passcode, the lock state does not protect items")
    func noPasscodeIgnoresLock() throws {
        let item = KeychainFake.Item(Data("s".utf8), account: "session", in: auth, accessibility: .whenUnlocked)
        let keychain = KeychainFake(items: [item], lockState: .locked, hasPasscode: false)

        #expect(try keychain.read(account: "session", in: auth) == Data("s".utf8))
    }
}

@Suite("KeychainFake entitlements")
struct KeychainFakeEntitlementTests {
    @Test("A fake without access groups rejects every named group with missingEntitlement, and says how to entitle it")
    func noEntitlementsRejectNamedGroups() {
        let keychain = KeychainFake()

        #expect(throws: KeychainError.missingEntitlement) {
            try keychain.read(account: "token", in: KeychainScope(service: "s", accessGroup: "TEAM.shared"))
        }
        #expect(
            keychain.operations.last?.detail
                == "access group 'TEAM.shared' is not entitled; the fake has no keychain-access-groups entitlement; create it with KeychainFake(accessGroups: [\"TEAM.shared\"])"
        )
    }

    @Test(
        "Every operation on a group outside the entitlements throws missingEntitlement and lists the entitled groups",
        arguments: KeychainOperation.Kind.allCases)
    func everyKindChecksEntitlement(kind: KeychainOperation.Kind) {
        let keychain = KeychainFake(accessGroups: ["TEAM.app", "TEAM.shared"])
        let other = KeychainScope(service: "s", accessGroup: "TEAM.other")

        #expect(throws: KeychainError.missingEntitlement) {
            switch kind {
            case .add: try keychain.add(Data(), account: "a", in: other)
            case .read: _ = try keychain.read(account: "a", in: other)
            case .update: try keychain.update(Data(), account: "a", in: other)
            case .delete: try keychain.delete(account: "a", in: other)
            case .deleteAll: try keychain.deleteAll(in: other)
            case .listAccounts: _ = try keychain.accounts(in: other)
            }
        }
        #expect(keychain.operations.last?.detail?.hasSuffix("the entitled groups are 'TEAM.app', 'TEAM.shared'") == true)
    }

    @Test("An entitled group that is not the default is written to only when named")
    func namedGroupIsUsed() throws {
        let keychain = KeychainFake(accessGroups: ["TEAM.app", "TEAM.shared"])

        try keychain.add(Data(), account: "a", in: KeychainScope(service: "s", accessGroup: "TEAM.shared"))
        try keychain.add(Data(), account: "b", in: KeychainScope(service: "s"))

        #expect(keychain.items.map(\.accessGroup) == ["TEAM.shared", "TEAM.app"])
    }
}

@Suite("KeychainFake synchronizable any")
struct KeychainFakeSynchronizableAnyTests {
    private let synced = KeychainScope(service: "com.bookshelf.auth", synchronization: .synchronized)
    private let any = KeychainScope(service: "com.bookshelf.auth", synchronization: .any)

    @Test("A read with synchronizable any finds a synced item and a device-only one")
    func anyReadsBoth() throws {
        let keychain = KeychainFake()
        try keychain.add(Data("synced".utf8), account: "a", in: synced)
        try keychain.add(Data("local".utf8), account: "b", in: auth)

        #expect(try keychain.read(account: "a", in: any) == Data("synced".utf8))
        #expect(try keychain.read(account: "b", in: any) == Data("local".utf8))
    }

    @Test("When both kinds exist, a read with any returns the one added first")
    func anyReadsFirstAdded() throws {
        let keychain = KeychainFake()
        try keychain.add(Data("synced".utf8), account: "a", in: synced)
        try keychain.add(Data("local".utf8), account: "a", in: auth)

        #expect(try keychain.read(account: "a", in: any) == Data("synced".utf8))
    }

    @Test("A delete with any removes both kinds; one with a flag removes only its kind")
    func anyDeletesBoth() throws {
        let keychain = KeychainFake()
        try keychain.add(Data(), account: "a", in: synced)
        try keychain.add(Data(), account: "a", in: auth)
        try keychain.add(Data(), account: "b", in: synced)
        try keychain.add(Data(), account: "b", in: auth)

        try keychain.delete(account: "a", in: any)
        try keychain.delete(account: "b", in: synced)

        #expect(keychain.items.map(\.account) == ["b"])
        #expect(keychain.items.map(\.synchronizable) == [false])
    }

    @Test("An update with any changes both kinds")
    func anyUpdatesBoth() throws {
        let keychain = KeychainFake()
        try keychain.add(Data("1".utf8), account: "a", in: synced)
        try keychain.add(Data("2".utf8), account: "a", in: auth)

        try keychain.update(Data("3".utf8), account: "a", in: any)

        #expect(keychain.items.map(\.data) == [Data("3".utf8), Data("3".utf8)])
    }

    @Test("deleteAll and accounts with any cover both kinds")
    func anyScopeWide() throws {
        let keychain = KeychainFake()
        try keychain.add(Data(), account: "a", in: synced)
        try keychain.add(Data(), account: "b", in: auth)

        #expect(try keychain.accounts(in: any) == ["a", "b"])
        try keychain.deleteAll(in: any)
        #expect(keychain.items.isEmpty)
    }

    @Test("Adding with any throws badParameter (-50): an added item is synced or not")
    func anyAddIsBadParameter() {
        #expect(throws: KeychainError.badParameter) { try KeychainFake().add(Data(), account: "a", in: any) }
    }

    @Test("A scope describes its synchronization")
    func description() {
        #expect(any.description == "service 'com.bookshelf.auth', synchronizable any")
        #expect(synced.description == "service 'com.bookshelf.auth', synchronizable")
    }
}

@Suite("KeychainFake near misses")
struct KeychainFakeNearMissTests {
    @Test("A read of a misspelt account names the accounts in that service with did you mean")
    func nearMissNamesAccounts() throws {
        let keychain = KeychainFake()
        try keychain.add(Data(), account: "token", in: auth)
        try keychain.add(Data(), account: "refresh", in: auth)

        #expect(throws: KeychainError.itemNotFound) { try keychain.read(account: "tokn", in: auth) }
        #expect(
            keychain.operations.last?.description
                == "read 'tokn' in service 'com.bookshelf.auth' → itemNotFound (-25300); did you mean 'token'? accounts in service 'com.bookshelf.auth': 'refresh', 'token'"
        )
    }

    @Test("A miss in an empty service says the service holds no items")
    func emptyService() {
        let keychain = KeychainFake()
        _ = try? keychain.delete(account: "token", in: auth)

        #expect(keychain.operations.last?.detail == "service 'com.bookshelf.auth' holds no items")
    }

    @Test("A miss because of the synchronizable flag says the account exists with another flag")
    func otherFlag() throws {
        let keychain = KeychainFake()
        try keychain.add(Data(), account: "token", in: KeychainScope(service: "com.bookshelf.auth", synchronization: .synchronized))

        _ = try? keychain.read(account: "token", in: auth)

        #expect(
            keychain.operations.last?.detail?.hasPrefix("'token' exists in that service with another access group or synchronizable flag")
                == true)
    }

    @Test("A long list of accounts is cut at five and the rest counted")
    func longList() throws {
        let keychain = KeychainFake()
        for index in 0..<8 { try keychain.add(Data(), account: "account-\(index)", in: auth) }

        _ = try? keychain.read(account: "zzz", in: auth)

        #expect(keychain.operations.last?.detail?.hasSuffix("'account-3', 'account-4' and 3 more") == true)
    }
}

@Suite("KeychainFake operation record lookups")
struct KeychainFakeRecordTests {
    @Test("hasRecorded uses counts and ignores the detail; clearRecorded forgets")
    func recordLookups() throws {
        let keychain = KeychainFake()
        for index in 0..<500 { try keychain.add(Data(), account: "a\(index)", in: auth) }
        _ = try? keychain.read(account: "missing", in: auth)

        #expect(keychain.hasRecorded(KeychainOperation(kind: .read, account: "missing", scope: auth, error: .itemNotFound)))
        #expect(keychain.operations.count == 501)
        keychain.clearRecorded()
        #expect(!keychain.hasRecorded(KeychainOperation(kind: .add, account: "a1", scope: auth, error: nil)))
    }
}

@Suite("KeychainError explains a missing entitlement")
struct KeychainMissingEntitlementAdviceTests {
    @Test("The description of -34018 says what to do, and so does localizedDescription")
    func adviceIsInTheDescription() {
        let error = KeychainError(status: -34018)

        #expect(error.description.hasPrefix("missingEntitlement (-34018): the process is not entitled to this keychain access group"))
        #expect(error.description.contains("sign the test bundle with a team, run the tests in a host app"))
        #expect(error.localizedDescription == error.description)
    }
}

@Suite("KeychainFake: the deliberate differences from a device")
struct KeychainFakeDifferenceTests {
    @Test("Listing and deleting ignore the lock state, even before the first unlock")
    func listingAndDeletingIgnoreLock() throws {
        let item = KeychainFake.Item(Data(), account: "session", in: auth, accessibility: .whenUnlocked)
        let keychain = KeychainFake(items: [item], lockState: .beforeFirstUnlock)

        #expect(try keychain.accounts(in: auth) == ["session"])
        try keychain.delete(account: "session", in: auth)
    }

    @Test("Without access groups, items live in an unnamed group: their accessGroup is nil")
    func unnamedDefaultGroup() throws {
        let keychain = KeychainFake()

        try keychain.add(Data(), account: "token", in: auth)

        #expect(keychain.items.map(\.accessGroup) == [nil])
    }
}

@Suite("KeychainFake near misses in a full service")
struct KeychainFakeFullServiceNearMissTests {
    @Test("Above 32 accounts a miss only counts them, so a miss costs the same however full the service is")
    func fullServiceOnlyCounts() throws {
        let keychain = KeychainFake()
        for index in 0..<33 { try keychain.add(Data(), account: "account-\(index)", in: auth) }

        _ = try? keychain.read(account: "account-x", in: auth)

        #expect(keychain.operations.last?.detail == "service 'com.bookshelf.auth' holds 33 accounts, too many to suggest from")
    }
}
