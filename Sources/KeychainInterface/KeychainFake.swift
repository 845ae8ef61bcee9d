import Foundation
import LockedValue

/// An in-memory keychain with the real semantics and error codes, so the error paths of
/// keychain code are tested too: duplicates, missing items, a locked device, a missing
/// entitlement, injected faults.
///
/// ```swift
/// let keychain = KeychainFake()
/// let store = TokenStore(keychain: keychain)
///
/// keychain.failNext(.add, with: .interactionNotAllowed)
/// #expect(throws: KeychainError.interactionNotAllowed) { try store.save("abc") }
/// #expect(keychain.operations.map(\.kind) == [.update, .add])
/// ```
///
/// Semantics, as the Security framework behaves for generic passwords:
/// - an item's identity is class + service + account + access group + synchronizable;
/// - `add` of an existing item throws ``KeychainError/duplicateItem``; `read`, `update` and
///   `delete` of a missing one throw ``KeychainError/itemNotFound``; the `set` convenience is the
///   explicit upsert;
/// - a scope without an access group writes to the default group (the first of
///   `accessGroups`) and reads from all of them; naming a group outside `accessGroups` throws
///   ``KeychainError/missingEntitlement`` (an empty `accessGroups` allows any group);
/// - each item keeps its accessibility; while ``isDeviceLocked``, items not available while
///   locked throw ``KeychainError/interactionNotAllowed``;
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
        /// The access group it lives in (`nil` when the fake has no access groups).
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
            self.synchronizable = scope.synchronizable
            self.data = data
            self.accessibility = accessibility
        }
    }

    private struct State {
        var items: KeychainItemTable
        var isDeviceLocked = false
        var failNext: [KeychainOperation.Kind: [KeychainError]] = [:]
        var failEvery: [KeychainOperation.Kind: KeychainError] = [:]
        var operations: [KeychainOperation] = []
    }

    /// The access groups the app is entitled to; the first is the default. Empty allows any.
    public let accessGroups: [String]

    private let state: Locked<State>

    /// Creates a fake keychain.
    ///
    /// ```swift
    /// let keychain = KeychainFake(accessGroups: ["TEAM.com.bookshelf", "TEAM.com.bookshelf.shared"])
    /// ```
    ///
    /// - Parameters:
    ///   - accessGroups: The groups the app is entitled to, default first; empty allows any.
    ///   - items: Items present from the start (not recorded as operations).
    public init(accessGroups: [String] = [], items: [Item] = []) {
        self.accessGroups = accessGroups
        self.state = Locked(State(items: KeychainItemTable(items)))
    }

    // MARK: Inspection and control

    /// Every operation so far, oldest first.
    public var operations: [KeychainOperation] { state.withLock { $0.operations } }

    /// The stored items, in insertion order.
    public var items: [Item] { state.withLock { $0.items.all } }

    /// Whether the simulated device is locked (items not available while locked then throw
    /// ``KeychainError/interactionNotAllowed``).
    public var isDeviceLocked: Bool {
        get { state.withLock { $0.isDeviceLocked } }
        set { state.withLock { $0.isDeviceLocked = newValue } }
    }

    /// The accessibility an item was stored with, or `nil` if it does not exist; not recorded.
    ///
    /// - Parameters:
    ///   - account: The account.
    ///   - scope: The scope.
    /// - Returns: The accessibility.
    public func accessibility(account: String, in scope: KeychainScope) -> KeychainAccessibility? {
        state.withLock { state in
            firstMatch(in: state.items, account: account, scope: scope)?.accessibility
        }
    }

    /// Makes the next operation of `kind` throw `error` (queued: call twice to fail twice).
    ///
    /// - Parameters:
    ///   - kind: The operation to fail.
    ///   - error: The error to throw.
    public func failNext(_ kind: KeychainOperation.Kind, with error: KeychainError) {
        state.withLock { $0.failNext[kind, default: []].append(error) }
    }

    /// Makes every operation of `kind` throw `error` until ``stopFailing(_:)``.
    ///
    /// - Parameters:
    ///   - kind: The operation to fail.
    ///   - error: The error to throw.
    public func failEvery(_ kind: KeychainOperation.Kind, with error: KeychainError) {
        state.withLock { $0.failEvery[kind] = error }
    }

    /// Removes the faults injected for `kind` (both "next" and "every").
    ///
    /// - Parameter kind: The operation.
    public func stopFailing(_ kind: KeychainOperation.Kind) {
        state.withLock { state in
            state.failNext[kind] = nil
            state.failEvery[kind] = nil
        }
    }

    /// The "fail next" faults not yet used, by kind.
    public var unusedInjectedFaults: [KeychainOperation.Kind: [KeychainError]] {
        state.withLock { $0.failNext.filter { !$0.value.isEmpty } }
    }

    /// Forgets the operation record.
    public func clearOperations() {
        state.withLock { $0.operations = [] }
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
        try perform(.add, account: account, scope: scope) { state throws(KeychainError) in
            let group = try writeGroup(for: scope)
            if state.isDeviceLocked && !accessibility.isAvailableWhileLocked { throw .interactionNotAllowed }
            let exists = state.items.items(service: scope.service, account: account, synchronizable: scope.synchronizable)
                .contains { $0.accessGroup == group }
            if exists { throw .duplicateItem }
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
        try perform(.read, account: account, scope: scope) { state throws(KeychainError) in
            try checkEntitlement(scope)
            guard let item = firstMatch(in: state.items, account: account, scope: scope) else { throw .itemNotFound }
            if state.isDeviceLocked && !item.accessibility.isAvailableWhileLocked { throw .interactionNotAllowed }
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
        try perform(.update, account: account, scope: scope) { state throws(KeychainError) in
            try checkEntitlement(scope)
            let matching = state.items.items(service: scope.service, account: account, synchronizable: scope.synchronizable)
                .filter { matches($0, account: account, scope: scope) }
            guard !matching.isEmpty else { throw .itemNotFound }
            if state.isDeviceLocked && matching.contains(where: { !$0.accessibility.isAvailableWhileLocked }) {
                throw .interactionNotAllowed
            }
            state.items.modify(
                service: scope.service, account: account, synchronizable: scope.synchronizable,
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
        try perform(.delete, account: account, scope: scope) { state throws(KeychainError) in
            try checkEntitlement(scope)
            let removed = state.items.removeAll(
                service: scope.service, account: account, synchronizable: scope.synchronizable
            ) { matches($0, account: account, scope: scope) }
            if removed == 0 { throw .itemNotFound }
        }
    }

    /// Deletes every item in the scope.
    ///
    /// - Parameter scope: The scope.
    public func deleteAll(in scope: KeychainScope) throws(KeychainError) {
        try perform(.deleteAll, account: nil, scope: scope) { state throws(KeychainError) in
            try checkEntitlement(scope)
            state.items.removeAll { matches($0, account: nil, scope: scope) }
        }
    }

    /// The sorted accounts in the scope.
    ///
    /// - Parameter scope: The scope.
    /// - Returns: The accounts.
    public func accounts(in scope: KeychainScope) throws(KeychainError) -> [String] {
        try perform(.listAccounts, account: nil, scope: scope) { state throws(KeychainError) in
            try checkEntitlement(scope)
            return Array(Set(state.items.unordered.filter { matches($0, account: nil, scope: scope) }.map(\.account))).sorted()
        }
    }

    // MARK: Internals

    private func perform<Result>(
        _ kind: KeychainOperation.Kind,
        account: String?,
        scope: KeychainScope,
        _ body: (inout State) throws(KeychainError) -> Result
    ) throws(KeychainError) -> Result {
        let outcome: Swift.Result<Result, KeychainError> = state.withLock { state in
            let result: Swift.Result<Result, KeychainError>
            if var queued = state.failNext[kind], !queued.isEmpty {
                result = .failure(queued.removeFirst())
                state.failNext[kind] = queued
            } else if let error = state.failEvery[kind] {
                result = .failure(error)
            } else {
                do throws(KeychainError) {
                    result = .success(try body(&state))
                } catch {
                    result = .failure(error)
                }
            }
            let error: KeychainError? = if case .failure(let error) = result { error } else { nil }
            state.operations.append(KeychainOperation(kind: kind, account: account, scope: scope, error: error))
            return result
        }
        return try outcome.get()
    }

    private func checkEntitlement(_ scope: KeychainScope) throws(KeychainError) {
        if let group = scope.accessGroup, !accessGroups.isEmpty, !accessGroups.contains(group) {
            throw .missingEntitlement
        }
    }

    private func writeGroup(for scope: KeychainScope) throws(KeychainError) -> String? {
        try checkEntitlement(scope)
        return scope.accessGroup ?? accessGroups.first
    }

    private func matches(_ item: Item, account: String?, scope: KeychainScope) -> Bool {
        guard item.service == scope.service, item.synchronizable == scope.synchronizable else { return false }
        if let account, item.account != account { return false }
        if let group = scope.accessGroup { return item.accessGroup == group }
        return true
    }

    private func firstMatch(in items: KeychainItemTable, account: String, scope: KeychainScope) -> Item? {
        let candidates = items.items(service: scope.service, account: account, synchronizable: scope.synchronizable)
            .filter { matches($0, account: account, scope: scope) }
        // Without a group, the real keychain searches the entitled groups in order.
        return candidates.min { rank($0.accessGroup) < rank($1.accessGroup) }
    }

    private func rank(_ group: String?) -> Int {
        group.flatMap { accessGroups.firstIndex(of: $0) } ?? accessGroups.count
    }
}
