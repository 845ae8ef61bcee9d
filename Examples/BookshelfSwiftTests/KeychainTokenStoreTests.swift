import Bookshelf
import TestSupportKit
import Testing

@Suite("TokenStore")
struct KeychainTokenStoreTests {
    private let tokens = AuthTokens(accessToken: "access-1", refreshToken: "refresh-1")

    @Test("Saved tokens load back")
    func savedTokensLoadBack() throws {
        // Given
        let store = TokenStore(keychain: KeychainFake())

        // When
        try store.save(tokens)

        // Then
        #expect(try store.load() == tokens)
    }

    @Test("Saving again replaces the tokens instead of failing as a duplicate")
    func savingAgainReplaces() throws {
        let keychain = KeychainFake()
        let store = TokenStore(keychain: keychain)
        try store.save(tokens)

        let renewed = AuthTokens(accessToken: "access-2", refreshToken: "refresh-1")
        try store.save(renewed)

        #expect(try store.load() == renewed)
        #expect(keychain.items.count == 1)
    }

    @Test("Tokens are stored readable after first unlock, on this device only")
    func tokensUseBackgroundSafeAccessibility() throws {
        let keychain = KeychainFake()

        try TokenStore(keychain: keychain).save(tokens)

        #expect(keychain.accessibility(account: TokenStore.account, in: TokenStore.scope) == .afterFirstUnlockThisDeviceOnly)
    }

    @Test("Loading while signed out returns nil")
    func signedOutLoadsNil() throws {
        #expect(try TokenStore(keychain: KeychainFake()).load() == nil)
    }

    @Test("Loading while the device is locked reports deviceLocked")
    func lockedDeviceIsReported() throws {
        let keychain = KeychainFake()
        keychain.failNext(.read, with: .interactionNotAllowed)

        #expect(throws: TokenStoreError.deviceLocked) { try TokenStore(keychain: keychain).load() }
        keychain.expectAllInjectedFaultsUsed()
    }

    @Test("A keychain failure while saving surfaces with its status")
    func saveFailureSurfaces() {
        let keychain = KeychainFake()
        keychain.failEvery(.update, with: .missingEntitlement)

        #expect(throws: TokenStoreError.keychain(.missingEntitlement)) { try TokenStore(keychain: keychain).save(tokens) }
    }

    @Test("Signing out removes the tokens, and signing out twice is fine")
    func signOutRemovesTokens() throws {
        let store = TokenStore(keychain: KeychainFake())
        try store.save(tokens)

        try store.signOut()
        try store.signOut()

        #expect(try store.load() == nil)
    }
}
