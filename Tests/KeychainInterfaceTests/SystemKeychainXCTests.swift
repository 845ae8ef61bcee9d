#if canImport(Security)
import Foundation
import KeychainInterface
import XCTest

/// The real keychain through `SystemKeychain`, on the data protection keychain (every Apple
/// platform). `SystemFileKeychainXCTests` runs the same tests on macOS's file-based keychain.
///
/// Each test works in a service of its own and deletes everything in it when it ends. Where the
/// keychain refuses the unsigned test bundle (errSecMissingEntitlement, -34018: `swift test` on
/// macOS, a simulator bundle without a host app), the test is skipped and says why.
class SystemKeychainXCTests: XCTestCase {
    /// Whether the tests use the data protection keychain; the file-based subclass says `false`.
    class var usesDataProtectionKeychain: Bool { true }

    private var keychain: SystemKeychain { SystemKeychain(usesDataProtectionKeychain: Self.usesDataProtectionKeychain) }

    func test_add_newAccount_readReturnsTheData() throws {
        let scope = try makeScope()

        try keychain.add(Data("secret".utf8), account: "token", in: scope, accessibility: .afterFirstUnlock)
        let read = try keychain.read(account: "token", in: scope)

        XCTAssertEqual(read, Data("secret".utf8))
    }

    func test_add_existingAccount_throwsDuplicateItem() throws {
        let scope = try makeScope()
        try keychain.add(Data("first".utf8), account: "token", in: scope, accessibility: .afterFirstUnlock)

        XCTAssertThrowsError(try keychain.add(Data("second".utf8), account: "token", in: scope, accessibility: .afterFirstUnlock)) {
            XCTAssertEqual($0 as? KeychainError, .duplicateItem)
        }
    }

    func test_read_missingAccount_throwsItemNotFound() throws {
        let scope = try makeScope()

        XCTAssertThrowsError(try keychain.read(account: "token", in: scope)) {
            XCTAssertEqual($0 as? KeychainError, .itemNotFound)
        }
    }

    func test_update_existingAccount_replacesTheData() throws {
        let scope = try makeScope()
        try keychain.add(Data("old".utf8), account: "token", in: scope, accessibility: .afterFirstUnlock)

        try keychain.update(Data("new".utf8), account: "token", in: scope)
        let read = try keychain.read(account: "token", in: scope)

        XCTAssertEqual(read, Data("new".utf8))
    }

    func test_update_missingAccount_throwsItemNotFound() throws {
        let scope = try makeScope()

        XCTAssertThrowsError(try keychain.update(Data("new".utf8), account: "token", in: scope)) {
            XCTAssertEqual($0 as? KeychainError, .itemNotFound)
        }
    }

    func test_delete_oneOfTwoAccounts_leavesTheOther() throws {
        let scope = try makeScope()
        try keychain.add(Data("a".utf8), account: "a", in: scope, accessibility: .afterFirstUnlock)
        try keychain.add(Data("b".utf8), account: "b", in: scope, accessibility: .afterFirstUnlock)

        try keychain.delete(account: "a", in: scope)
        let accounts = try keychain.accounts(in: scope)

        XCTAssertEqual(accounts, ["b"])
    }

    func test_accounts_threeItems_listsThemSorted() throws {
        let scope = try makeScope()
        for account in ["c", "a", "b"] {
            try keychain.add(Data(account.utf8), account: account, in: scope, accessibility: .afterFirstUnlock)
        }

        let accounts = try keychain.accounts(in: scope)

        XCTAssertEqual(accounts, ["a", "b", "c"])
    }

    func test_deleteAll_threeItems_removesEveryOne() throws {
        let scope = try makeScope()
        for account in ["a", "b", "c"] {
            try keychain.add(Data(account.utf8), account: account, in: scope, accessibility: .afterFirstUnlock)
        }

        try keychain.deleteAll(in: scope)
        let accounts = try keychain.accounts(in: scope)

        XCTAssertEqual(accounts, [])
    }

    func test_deleteAll_otherService_isLeftAlone() throws {
        let scope = try makeScope()
        let other = try makeScope()
        try keychain.add(Data("mine".utf8), account: "token", in: scope, accessibility: .afterFirstUnlock)
        try keychain.add(Data("theirs".utf8), account: "token", in: other, accessibility: .afterFirstUnlock)

        try keychain.deleteAll(in: scope)
        let read = try keychain.read(account: "token", in: other)

        XCTAssertEqual(read, Data("theirs".utf8))
    }

    func test_deleteAll_emptyScope_succeeds() throws {
        let scope = try makeScope()

        XCTAssertNoThrow(try keychain.deleteAll(in: scope))
    }

    func test_add_anySynchronization_throwsBadParameter() {
        let scope = KeychainScope(service: "TestSupportKit.SystemKeychainXCTests.\(UUID().uuidString)", synchronization: .any)

        XCTAssertThrowsError(try keychain.add(Data("x".utf8), account: "token", in: scope, accessibility: .afterFirstUnlock)) {
            XCTAssertEqual($0 as? KeychainError, .badParameter)
        }
    }

    /// A service no other test uses, emptied when the test ends; skips the test when the keychain
    /// refuses this test bundle.
    private func makeScope() throws -> KeychainScope {
        let scope = KeychainScope(service: "TestSupportKit.SystemKeychainXCTests.\(UUID().uuidString)")
        let keychain = self.keychain
        // A probe item, added and deleted outside any assertion, so that a refusal skips the test
        // here instead of failing inside an assertion.
        do {
            try keychain.add(Data("probe".utf8), account: "probe", in: scope, accessibility: .afterFirstUnlock)
            try keychain.delete(account: "probe", in: scope)
        } catch KeychainError.missingEntitlement {
            throw XCTSkip(
                "The keychain answered errSecMissingEntitlement (-34018): this test bundle is unsigned or has no host app, "
                    + "so it has no keychain-access-groups entitlement. Sign it, or run it in a host app, to run this test."
            )
        } catch KeychainError.interactionNotAllowed {
            throw XCTSkip("The keychain answered errSecInteractionNotAllowed (-25308): it is locked on this machine.")
        }
        addTeardownBlock { try? keychain.deleteAll(in: scope) }
        return scope
    }
}

#if os(macOS)
/// The same tests on macOS's file-based keychain (`usesDataProtectionKeychain: false`), which an
/// unsigned `swift test` can use, and where `deleteAll(in:)` must ask `SecItemDelete` for every
/// match.
final class SystemFileKeychainXCTests: SystemKeychainXCTests {
    override class var usesDataProtectionKeychain: Bool { false }
}
#endif
#endif
