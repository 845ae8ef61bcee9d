import Foundation
import LockedValue
import NameSuggestions

/// An in-memory keychain that models a device, with the real semantics and error codes, so the
/// error paths of keychain code are tested too.
///
/// Tests reach the paths a simulator rarely takes: duplicates, missing items, a locked device, a
/// background launch before the first unlock, a device without a passcode, a missing entitlement
/// and injected faults.
///
/// ```swift
/// let keychain = KeychainFake()
/// let store = TokenStore(keychain: keychain)
///
/// keychain.failNext(.add, with: .interactionNotAllowed)
/// #expect(throws: TokenStoreError.deviceLocked) {
///     try store.save(AuthTokens(accessToken: "abc", refreshToken: "def"))
/// }
/// #expect(keychain.operations.map(\.kind) == [.update, .add])
/// ```
///
/// Semantics, as the Security framework behaves for generic passwords:
/// - an item's identity is class + service + account + access group + synchronizable;
/// - `add` of an existing item throws ``KeychainError/duplicateItem``; `read`, `update` and
///   `delete` of a missing one throw ``KeychainError/itemNotFound`` (the operation record's
///   ``KeychainOperation/detail`` names the accounts in that service, with "did you mean");
///   the `set` convenience is the explicit upsert;
/// - the fake is created with the app's entitlements: `accessGroups` lists the keychain access
///   groups, default first; naming any other group throws ``KeychainError/missingEntitlement``
///   (-34018), as a device does. A fake without `accessGroups` has only the app's own unnamed
///   group, so every named group is rejected;
/// - a scope without an access group writes to the default group and reads from all of them;
/// - a scope with ``KeychainSynchronization/any`` matches synced and device-only items on reads,
///   updates, deletes and listings; adding with it throws ``KeychainError/badParameter``;
/// - adding a synchronizable item with a `…ThisDeviceOnly` accessibility throws
///   ``KeychainError/badParameter``, as Apple documents for `kSecAttrSynchronizable`;
/// - each item keeps its accessibility; ``lockState`` decides what may be used: while
///   ``LockState/locked`` only the after-first-unlock items, and ``LockState/beforeFirstUnlock``
///   none, each refusal being ``KeychainError/interactionNotAllowed`` (-25308);
/// - without a passcode (``hasPasscode`` false), adding a `whenPasscodeSetThisDeviceOnly` item
///   throws ``KeychainError/authenticationFailed`` (-25293), and removing the passcode deletes
///   every such item, as Apple documents;
/// - injected faults come first: ``failNext(_:with:)`` fails the next operation of a kind,
///   ``failEvery(_:with:)`` every one until ``stopFailing(_:)``.
///
/// Thread-safe; it can also back SwiftUI previews.
public final class KeychainFake: KeychainInterface {
    /// A stored item, as the test inspects it.
    public struct Item: Sendable, Hashable {
        /// The service.
        public var service: String
        /// The account.
        public var account: String
        /// The access group the item lives in, or none when the fake has no access groups.
        public var accessGroup: String?
        /// Whether it syncs through iCloud Keychain.
        public var synchronizable: Bool
        /// The secret.
        public var data: Data
        /// When it may be read.
        public var accessibility: KeychainAccessibility

        /// Creates an item, for seeding a fake.
        ///
        /// - Parameters:
        ///   - data: The secret.
        ///   - account: The account.
        ///   - scope: The scope (its access group is stored as given).
        ///   - accessibility: When it may be read.
        public init(_ data: Data, account: String, in scope: KeychainScope, accessibility: KeychainAccessibility = .whenUnlocked) {
            self.service = scope.service
            self.account = account
            self.accessGroup = scope.accessGroup
            self.synchronizable = scope.synchronization == .synchronized
            self.data = data
            self.accessibility = accessibility
        }
    }

    /// The lock states of the simulated device, which decide what items may be used.
    public enum LockState: String, Sendable, Hashable, CaseIterable {
        /// Unlocked: every item may be used.
        case unlocked
        /// Locked after having been unlocked since boot, so only items available while locked may
        /// be used.
        ///
        /// Those items have an `afterFirstUnlock…` accessibility.
        case locked
        /// Booted and not yet unlocked, as in a background launch after a restart: no item may be
        /// used.
        ///
        /// Not even `afterFirstUnlock…` items.
        case beforeFirstUnlock
    }

    /// Everything the fake keeps, under its lock.
    struct State {
        var items: KeychainItemTable
        var lockState: LockState
        var hasPasscode: Bool
        var failNext: [KeychainOperation.Kind: [KeychainError]] = [:]
        var failEvery: [KeychainOperation.Kind: KeychainError] = [:]
        var operations = RecordedLog<KeychainOperation, KeychainOperation>()
    }

    /// The keychain access groups the app is entitled to; the first is the default.
    ///
    /// Empty means the app has only its own unnamed group, so every named group is rejected.
    public let accessGroups: [String]

    let state: Locked<State>

    /// Creates a fake keychain on a device in the given state.
    ///
    /// ```swift
    /// let keychain = KeychainFake(
    ///     accessGroups: ["TEAM.com.bookshelf", "TEAM.com.bookshelf.shared"])
    /// let afterRestart = KeychainFake(lockState: .beforeFirstUnlock)
    /// ```
    ///
    /// - Parameters:
    ///   - accessGroups: The app's keychain access groups entitlement, default first.
    ///   - items: Items present from the start (not recorded as operations).
    ///   - lockState: The device's lock state.
    ///   - hasPasscode: Whether the device has a passcode.
    public init(accessGroups: [String] = [], items: [Item] = [], lockState: LockState = .unlocked, hasPasscode: Bool = true) {
        self.accessGroups = accessGroups
        self.state = Locked(State(items: KeychainItemTable(items), lockState: lockState, hasPasscode: hasPasscode))
    }

    // MARK: KeychainInterface

    /// Adds a new item; see the type's semantics.
    ///
    /// - Parameters:
    ///   - data: The secret.
    ///   - account: The account.
    ///   - scope: The scope.
    ///   - accessibility: When it may be read.
    public func add(_ data: Data, account: String, in scope: KeychainScope, accessibility: KeychainAccessibility) throws(KeychainError) {
        try perform(.add, account: account, scope: scope) { state throws(KeychainFailure) in
            let group = try writeGroup(for: scope)
            guard scope.synchronization != .any else {
                throw KeychainFailure(.badParameter, "synchronizable any is for queries; an added item is synced or device-only")
            }
            if scope.synchronization == .synchronized && !accessibility.allowsSynchronization {
                throw KeychainFailure(
                    .badParameter, "a synchronizable item cannot be \(accessibility.rawValue); ThisDeviceOnly items never leave the device")
            }
            if accessibility == .whenPasscodeSetThisDeviceOnly && !state.hasPasscode {
                throw KeychainFailure(
                    .authenticationFailed, "the device has no passcode, so whenPasscodeSetThisDeviceOnly items cannot be added")
            }
            try checkAvailable(accessibility, in: state)
            let exists = state.items.items(service: scope.service, account: account, synchronization: scope.synchronization)
                .contains { $0.accessGroup == group }
            if exists { throw KeychainFailure(.duplicateItem) }
            var item = Item(data, account: account, in: scope, accessibility: accessibility)
            item.accessGroup = group
            state.items.append(item)
        }
    }

    /// Reads an item; see the type's semantics.
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Returns: The data.
    public func read(account: String, in scope: KeychainScope) throws(KeychainError) -> Data {
        try perform(.read, account: account, scope: scope) { state throws(KeychainFailure) in
            try checkEntitlement(scope)
            guard let item = firstMatch(in: state.items, account: account, scope: scope) else {
                throw notFound(account: account, scope: scope, in: state.items)
            }
            try checkAvailable(item.accessibility, in: state)
            return item.data
        }
    }

    /// Replaces an item's data; see the type's semantics.
    ///
    /// - Parameters:
    ///   - data: The new secret.
    ///   - account: The account.
    ///   - scope: The scope.
    public func update(_ data: Data, account: String, in scope: KeychainScope) throws(KeychainError) {
        try perform(.update, account: account, scope: scope) { state throws(KeychainFailure) in
            try checkEntitlement(scope)
            let matching = state.items.items(service: scope.service, account: account, synchronization: scope.synchronization)
                .filter { matches($0, account: account, scope: scope) }
            guard !matching.isEmpty else { throw notFound(account: account, scope: scope, in: state.items) }
            for item in matching { try checkAvailable(item.accessibility, in: state) }
            state.items.modify(
                service: scope.service, account: account, synchronization: scope.synchronization,
                where: { matches($0, account: account, scope: scope) }
            ) { $0.data = data }
        }
    }

    /// Deletes an item; see the type's semantics.
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    public func delete(account: String, in scope: KeychainScope) throws(KeychainError) {
        try perform(.delete, account: account, scope: scope) { state throws(KeychainFailure) in
            try checkEntitlement(scope)
            let removed = state.items.removeAll(
                service: scope.service, account: account, synchronization: scope.synchronization
            ) { matches($0, account: account, scope: scope) }
            if removed == 0 { throw notFound(account: account, scope: scope, in: state.items) }
        }
    }

    /// Deletes every item in the scope.
    ///
    /// - Parameter scope: The scope.
    public func deleteAll(in scope: KeychainScope) throws(KeychainError) {
        try perform(.deleteAll, account: nil, scope: scope) { state throws(KeychainFailure) in
            try checkEntitlement(scope)
            state.items.removeAll(service: scope.service, synchronization: scope.synchronization) {
                matches($0, account: nil, scope: scope)
            }
        }
    }

    /// The sorted accounts in the scope.
    ///
    /// - Parameter scope: The scope.
    /// - Returns: The accounts.
    public func accounts(in scope: KeychainScope) throws(KeychainError) -> [String] {
        try perform(.listAccounts, account: nil, scope: scope) { state throws(KeychainFailure) in
            try checkEntitlement(scope)
            let items = state.items.items(service: scope.service, synchronization: scope.synchronization)
                .filter { matches($0, account: nil, scope: scope) }
            return Array(Set(items.map(\.account))).sorted()
        }
    }

    // MARK: Internals

    /// An error with the fake's explanation, for the operation record.
    private struct KeychainFailure: Error {
        let error: KeychainError
        let detail: String?

        init(_ error: KeychainError, _ detail: String? = nil) {
            self.error = error
            self.detail = detail
        }
    }

    private func perform<Result>(
        _ kind: KeychainOperation.Kind,
        account: String?,
        scope: KeychainScope,
        _ body: (inout State) throws(KeychainFailure) -> Result
    ) throws(KeychainError) -> Result {
        let outcome: Swift.Result<Result, KeychainError> = state.withLock { state in
            let result: Swift.Result<Result, KeychainFailure>
            if var queued = state.failNext[kind], !queued.isEmpty {
                result = .failure(KeychainFailure(queued.removeFirst(), "injected with failNext"))
                state.failNext[kind] = queued
            } else if let error = state.failEvery[kind] {
                result = .failure(KeychainFailure(error, "injected with failEvery"))
            } else {
                do throws(KeychainFailure) {
                    result = .success(try body(&state))
                } catch {
                    result = .failure(error)
                }
            }
            var record = KeychainOperation(kind: kind, account: account, scope: scope, error: nil)
            if case .failure(let failure) = result {
                record.error = failure.error
                record.detail = failure.detail
            }
            state.operations.append(record)
            return result.mapError(\.error)
        }
        return try outcome.get()
    }

    private func checkEntitlement(_ scope: KeychainScope) throws(KeychainFailure) {
        if let group = scope.accessGroup, !accessGroups.contains(group) {
            let entitled =
                accessGroups.isEmpty
                ? "the fake has no keychain-access-groups entitlement; create it with KeychainFake(accessGroups: [\"\(group)\"])"
                : "the entitled groups are " + accessGroups.map { "'\($0)'" }.joined(separator: ", ")
            throw KeychainFailure(.missingEntitlement, "access group '\(group)' is not entitled; \(entitled)")
        }
    }

    private func checkAvailable(_ accessibility: KeychainAccessibility, in state: State) throws(KeychainFailure) {
        // Without a passcode, data protection keys are always available.
        guard state.hasPasscode else { return }
        switch state.lockState {
        case .unlocked:
            return
        case .locked where accessibility.isAvailableWhileLocked:
            return
        case .locked:
            throw KeychainFailure(.interactionNotAllowed, "the device is locked and the item is \(accessibility.rawValue)")
        case .beforeFirstUnlock:
            throw KeychainFailure(.interactionNotAllowed, "the device has not been unlocked since it started; no item can be used yet")
        }
    }

    private func writeGroup(for scope: KeychainScope) throws(KeychainFailure) -> String? {
        try checkEntitlement(scope)
        return scope.accessGroup ?? accessGroups.first
    }

    /// How many accounts a service may hold for a miss to compare them all for "did you mean";
    /// above it the detail only counts them, so a miss costs the same however full the service is.
    private static let nearMissAccountLimit = 32

    private func notFound(account: String, scope: KeychainScope, in items: KeychainItemTable) -> KeychainFailure {
        let count = items.accountCount(inService: scope.service)
        guard count > 0 else {
            return KeychainFailure(.itemNotFound, "service '\(scope.service)' holds no items")
        }
        guard count <= Self.nearMissAccountLimit else {
            return KeychainFailure(.itemNotFound, "service '\(scope.service)' holds \(count) accounts, too many to suggest from")
        }
        let existing = items.accounts(inService: scope.service)
        var detail = ""
        let suggestions = NearMiss.closest(to: account, in: existing.filter { $0 != account }, limit: 3)
        if !suggestions.isEmpty {
            detail += "did you mean " + suggestions.map { "'\($0)'" }.joined(separator: " or ") + "? "
        }
        if existing.contains(account) {
            detail += "'\(account)' exists in that service with another access group or synchronizable flag; "
        }
        let shown = existing.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
        let more = existing.count > 5 ? " and \(existing.count - 5) more" : ""
        detail += "accounts in service '\(scope.service)': \(shown)\(more)"
        return KeychainFailure(.itemNotFound, detail)
    }

    private func matches(_ item: Item, account: String?, scope: KeychainScope) -> Bool {
        guard item.service == scope.service, scope.synchronization.includes(synchronizable: item.synchronizable) else { return false }
        if let account, item.account != account { return false }
        if let group = scope.accessGroup { return item.accessGroup == group }
        return true
    }

    func firstMatch(in items: KeychainItemTable, account: String, scope: KeychainScope) -> Item? {
        let candidates = items.items(service: scope.service, account: account, synchronization: scope.synchronization)
            .filter { matches($0, account: account, scope: scope) }
        // Without a group, the real keychain searches the entitled groups in order.
        return candidates.min { rank($0.accessGroup) < rank($1.accessGroup) }
    }

    private func rank(_ group: String?) -> Int {
        group.flatMap { accessGroups.firstIndex(of: $0) } ?? accessGroups.count
    }
}
