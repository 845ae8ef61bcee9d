import Bookshelf
import Foundation
import TestSupportKit
import Testing

@Suite("TokenStore")
struct KeychainTokenStoreTests {
    private let tokens = AuthTokens(accessToken: "access-1", refreshToken: "refresh-1")

    @Test("Saved tokens load back")
    func savedTokensLoadBack() throws {
        // Given
        let store = TokenStore(keychain: .fake())

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

    // snippet: keychain-expect-recorded
    @Test("The first save looks for tokens to update, finds none, adds them")
    func firstSaveUpdatesThenAdds() throws {
        let keychain = KeychainFake()

        try TokenStore(keychain: keychain).save(tokens)

        // An operation is what was called, on which account and scope, and
        // the error it threw (nil: none).
        keychain.expectRecorded(
            KeychainOperation(
                kind: .update, account: TokenStore.account,
                scope: TokenStore.scope, error: .itemNotFound))
        keychain.expectRecorded(
            KeychainOperation(
                kind: .add, account: TokenStore.account,
                scope: TokenStore.scope, error: nil))
    }
    // end-snippet

    @Test("Loading while signed out returns nil")
    func signedOutLoadsNil() throws {
        #expect(try TokenStore(keychain: .fake()).load() == nil)
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
        let store = TokenStore(keychain: .fake())
        try store.save(tokens)

        try store.signOut()
        try store.signOut()

        #expect(try store.load() == nil)
    }

    @Test("A relaunched app loads the tokens saved before")
    func relaunchLoadsSavedTokens() throws {
        // Given: the keychain outlives the app; the store needs only the interface
        let deviceKeychain: any KeychainInterface = KeychainFake()
        try TokenStore(keychain: deviceKeychain).save(tokens)

        // When: the app relaunches with a new store
        let relaunched = TokenStore(keychain: deviceKeychain)

        // Then
        #expect(try relaunched.load() == tokens)
    }

    @Test("Tokens stay readable while the device is locked, for background refresh")
    func tokensReadableWhileLocked() throws {
        // Given
        let keychain = KeychainFake()
        let store = TokenStore(keychain: keychain)
        try store.save(tokens)

        // When
        keychain.lockState = .locked

        // Then: saved readable after first unlock, so still readable
        #expect(try store.load() == tokens)
    }

    // snippet: keychain-locked
    @Test("Tokens saved readable only while unlocked report deviceLocked")
    func legacyItemWhileLockedReportsDeviceLocked() throws {
        // Given: tokens an earlier version saved readable only while unlocked
        let legacy = KeychainFake.Item(
            try JSONEncoder().encode(tokens), account: TokenStore.account,
            in: TokenStore.scope, accessibility: .whenUnlocked
        )
        let keychain = KeychainFake(items: [legacy])

        // When
        keychain.lockState = .locked

        // Then
        #expect(throws: TokenStoreError.deviceLocked) {
            try TokenStore(keychain: keychain).load()
        }
    }
    // end-snippet

    @Test("Stored bytes that are not tokens surface with the keychain's decode status")
    func unreadableItemSurfacesDecodeStatus() throws {
        // Given: an item this version cannot read
        let unreadable = KeychainFake.Item(Data("not json".utf8), account: TokenStore.account, in: TokenStore.scope)
        let store = TokenStore(keychain: .fake(items: [unreadable]))

        // When
        let error = try #require(throws: TokenStoreError.self) { try store.load() }

        // Then
        let keychainError: KeychainError? = if case .keychain(let keychainError) = error { keychainError } else { nil }
        #expect(keychainError?.status == -26275)  // errSecDecode
    }

    // snippet: unimplemented-keychain
    @Test("Creating the store reads nothing: safe before the first unlock")
    func creatingStoreTouchesNoKeychain() {
        // Given: a keychain that fails the test, at the line creating it,
        // on any use
        let untouchable = UnimplementedKeychain()

        // When: the app creates the store at launch, possibly before the
        // first unlock
        _ = TokenStore(keychain: untouchable)

        // Then: nothing was read; a use would have failed the test already
        untouchable.expectNotUsed()
    }
    // end-snippet

    @Test("A load from an unimplemented keychain is reported at the line that created it")
    func unimplementedKeychainReportsRead() {
        // Given
        let line = #line + 1
        let untouchable = UnimplementedKeychain()

        // When
        let failures = FailureReporter.collectFailures {
            #expect(throws: TokenStoreError.keychain(.unimplemented)) { try TokenStore(keychain: untouchable).load() }
        }

        // Then
        #expect(failures.map(\.location.line) == [line])
        #expect(failures.first?.message.hasPrefix("Unimplemented: keychain read(account: 'tokens'") == true)
    }

    // snippet: keychain-before-first-unlock
    @Test("Before the first unlock, even afterFirstUnlock tokens are locked")
    func backgroundLaunchBeforeFirstUnlockReportsDeviceLocked() throws {
        // Given: tokens saved readable after the first unlock, then the
        // phone restarts
        let saved = KeychainFake.Item(
            try JSONEncoder().encode(tokens), account: TokenStore.account,
            in: TokenStore.scope,
            accessibility: .afterFirstUnlockThisDeviceOnly
        )
        let keychain = KeychainFake(
            items: [saved], lockState: .beforeFirstUnlock)

        // When / Then: a background refresh must wait for the first unlock
        #expect(throws: TokenStoreError.deviceLocked) {
            try TokenStore(keychain: keychain).load()
        }
    }
    // end-snippet
}
