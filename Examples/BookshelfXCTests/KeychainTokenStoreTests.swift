import Bookshelf
import TestSupportKit
import XCTest

final class KeychainTokenStoreTests: XCTestCase {
    private let tokens = AuthTokens(accessToken: "access-1", refreshToken: "refresh-1")
    private let keychain = KeychainFake()
    private lazy var store = TokenStore(keychain: keychain)

    func test_save_thenLoad_returnsSavedTokens() throws {
        // Given / When
        try store.save(tokens)

        // Then
        XCTAssertEqual(try store.load(), tokens)
    }

    func test_save_twice_replacesTokens() throws {
        try store.save(tokens)

        let renewed = AuthTokens(accessToken: "access-2", refreshToken: "refresh-1")
        try store.save(renewed)

        XCTAssertEqual(try store.load(), renewed)
        XCTAssertEqual(keychain.items.count, 1)
    }

    func test_save_storesTokensAfterFirstUnlockThisDeviceOnly() throws {
        try store.save(tokens)

        XCTAssertEqual(keychain.accessibility(account: TokenStore.account, in: TokenStore.scope), .afterFirstUnlockThisDeviceOnly)
    }

    func test_save_firstTime_updatesThenAdds() throws {
        try store.save(tokens)

        keychain.expectRecorded(
            KeychainOperation(kind: .update, account: TokenStore.account, scope: TokenStore.scope, error: .itemNotFound))
        keychain.expectRecorded(KeychainOperation(kind: .add, account: TokenStore.account, scope: TokenStore.scope, error: nil))
    }

    func test_load_whenSignedOut_returnsNil() throws {
        XCTAssertNil(try store.load())
    }

    func test_load_whenDeviceLocked_throwsDeviceLocked() {
        keychain.failNext(.read, with: .interactionNotAllowed)

        XCTAssertThrowsError(try store.load()) { XCTAssertEqual($0 as? TokenStoreError, .deviceLocked) }
        keychain.expectAllInjectedFaultsUsed()
    }

    func test_save_whenKeychainFails_surfacesStatus() {
        keychain.failEvery(.update, with: .missingEntitlement)

        XCTAssertThrowsError(try store.save(tokens)) { XCTAssertEqual($0 as? TokenStoreError, .keychain(.missingEntitlement)) }
    }

    func test_signOut_twice_removesTokens() throws {
        try store.save(tokens)

        try store.signOut()
        try store.signOut()

        XCTAssertNil(try store.load())
    }

    func test_load_afterRelaunch_returnsTokensSavedBefore() throws {
        // Given: the keychain outlives the app; the store needs only the interface
        let deviceKeychain: any KeychainInterface = KeychainFake()
        try TokenStore(keychain: deviceKeychain).save(tokens)

        // When: the app relaunches with a new store
        let relaunched = TokenStore(keychain: deviceKeychain)

        // Then
        XCTAssertEqual(try relaunched.load(), tokens)
    }

    func test_load_whileDeviceLocked_returnsTokensForBackgroundRefresh() throws {
        // Given
        try store.save(tokens)

        // When
        keychain.lockState = .locked

        // Then: saved readable after first unlock, so still readable
        XCTAssertEqual(try store.load(), tokens)
    }

    func test_load_legacyItemWhileDeviceLocked_throwsDeviceLocked() throws {
        // Given: tokens an earlier version saved readable only while unlocked
        let legacy = KeychainFake.Item(
            try JSONEncoder().encode(tokens), account: TokenStore.account, in: TokenStore.scope, accessibility: .whenUnlocked
        )
        let legacyKeychain = KeychainFake(items: [legacy])

        // When
        legacyKeychain.lockState = .locked

        // Then
        XCTAssertThrowsError(try TokenStore(keychain: legacyKeychain).load()) {
            XCTAssertEqual($0 as? TokenStoreError, .deviceLocked)
        }
    }

    func test_load_whenStoredItemIsNotTokens_throwsDecodeStatus() {
        // Given: an item this version cannot read
        let unreadable = KeychainFake.Item(Data("not json".utf8), account: TokenStore.account, in: TokenStore.scope)
        let storeWithUnreadableItem = TokenStore(keychain: .fake(items: [unreadable]))

        // When / Then
        XCTAssertThrowsError(try storeWithUnreadableItem.load()) { error in
            guard case .keychain(let keychainError)? = error as? TokenStoreError, case KeychainError.unexpectedData = keychainError else {
                return XCTFail("Expected TokenStoreError.keychain(.unexpectedData), got \(error)")
            }
            XCTAssertEqual(keychainError.status, -26275)  // errSecDecode
        }
    }

    func test_init_atLaunch_readsNothingFromKeychain() {
        // Given: a keychain that fails the test, at the line creating it, on any use
        let untouchable = UnimplementedKeychain()

        // When: the app creates the store at launch, possibly before the first unlock
        _ = TokenStore(keychain: untouchable)

        // Then: nothing was read; a use would have failed the test already
        untouchable.expectNotUsed()
    }

    func test_load_onUnimplementedKeychain_reportsReadAtCreationLine() {
        // Given
        let line = #line + 1
        let untouchable = UnimplementedKeychain()

        // When
        var thrown: TokenStoreError?
        let failures = FailureReporter.collectFailures {
            do { _ = try TokenStore(keychain: untouchable).load() } catch { thrown = error as? TokenStoreError }
        }

        // Then
        XCTAssertEqual(thrown, .keychain(.unimplemented))
        XCTAssertEqual(failures.map(\.location.line), [line])
        XCTAssertEqual(failures.first?.message.hasPrefix("Unimplemented: keychain read(account: 'tokens'"), true)
    }

    func test_load_beforeFirstUnlockAfterRestart_throwsDeviceLocked() throws {
        // Given: tokens saved readable after the first unlock, then the phone restarts
        let saved = KeychainFake.Item(
            try JSONEncoder().encode(tokens), account: TokenStore.account, in: TokenStore.scope,
            accessibility: .afterFirstUnlockThisDeviceOnly
        )
        let restarted = KeychainFake(items: [saved], lockState: .beforeFirstUnlock)

        // When / Then: a background refresh must wait for the first unlock
        XCTAssertThrowsError(try TokenStore(keychain: restarted).load()) {
            XCTAssertEqual($0 as? TokenStoreError, .deviceLocked)
        }
    }
}
