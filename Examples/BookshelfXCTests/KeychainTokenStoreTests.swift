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
}
