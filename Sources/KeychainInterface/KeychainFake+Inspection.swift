import Foundation
import LockedValue
import NameSuggestions

// What a test reads and sets on the fake besides the keychain's own operations: the operation
// record, the items, the device's lock state and passcode, and injected failures.
extension KeychainFake {
    /// Every operation so far, oldest first.
    ///
    /// Handing the record out costs the same however long it is, so `operations.count` and
    /// `operations.last` suit each step of a long test; ``hasRecorded(_:)`` finds one operation in
    /// constant time.
    public var operations: [KeychainOperation] { state.withLock { $0.operations.entries } }

    /// Whether an operation was recorded at least once, in constant time however many operations
    /// there are.
    ///
    /// Its ``KeychainOperation/detail`` is not compared.
    ///
    /// - Parameter operation: The operation to look for.
    /// - Returns: `true` if it was recorded.
    public func hasRecorded(_ operation: KeychainOperation) -> Bool {
        state.withLock { $0.operations.contains(operation) }
    }

    /// Up to `limit` distinct recorded operations closest to `operation`, and how many recorded
    /// operations are not listed, for failure messages.
    ///
    /// The closest are on the same or a similar account, the same kind first, latest first. Only
    /// the distinct accounts are compared by edit distance.
    ///
    /// - Parameters:
    ///   - operation: The operation that was expected.
    ///   - limit: How many to list.
    /// - Returns: The closest operations and the count of the rest.
    package func closestOperations(to operation: KeychainOperation, limit: Int = 3) -> (closest: [KeychainOperation], others: Int) {
        state.withLock { state in
            let accounts = Set(state.operations.distinctEntries.map { $0.account ?? "" })
            let near = Set(NearMiss.closest(to: operation.account ?? "", in: Array(accounts), limit: limit))
            return state.operations.closestDistinct(limit: limit) { candidate in
                near.contains(candidate.account ?? "") ? (candidate.kind == operation.kind ? 1 : 0) : nil
            }
        }
    }

    /// The stored items, in insertion order.
    public var items: [Item] { state.withLock { $0.items.all } }

    /// What a service holds now, in words, for failure messages: its accounts, the first five named.
    package func currentContents(ofService service: String) -> String {
        state.withLock { state in
            let count = state.items.accountCount(inService: service)
            guard count > 0 else { return "service '\(service)' holds no items" }
            let existing = state.items.accounts(inService: service)
            let shown = existing.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
            let more = existing.count > 5 ? " and \(existing.count - 5) more" : ""
            let noun = count == 1 ? "account" : "accounts"
            return "service '\(service)' holds \(count) \(noun): \(shown)\(more)"
        }
    }

    /// The simulated device's lock state.
    public var lockState: LockState {
        get { state.withLock { $0.lockState } }
        set { state.withLock { $0.lockState = newValue } }
    }

    /// Whether the simulated device has a passcode.
    ///
    /// Setting `false` deletes every `whenPasscodeSetThisDeviceOnly` item, as disabling the
    /// passcode does on a device.
    public var hasPasscode: Bool {
        get { state.withLock { $0.hasPasscode } }
        set {
            state.withLock { state in
                state.hasPasscode = newValue
                if !newValue {
                    state.items.removeEverywhere { $0.accessibility == .whenPasscodeSetThisDeviceOnly }
                }
            }
        }
    }

    /// The accessibility an item was stored with, or nothing if it does not exist; not recorded.
    ///
    /// The look-up is not recorded as an operation.
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

    /// Makes the next operation of a kind throw an error; call twice to fail twice.
    ///
    /// - Parameters:
    ///   - kind: The operation to fail.
    ///   - error: The error to throw.
    public func failNext(_ kind: KeychainOperation.Kind, with error: KeychainError) {
        state.withLock { $0.failNext[kind, default: []].append(error) }
    }

    /// Makes every operation of a kind throw an error until the test stops it.
    ///
    /// It lasts until ``stopFailing(_:)``.
    ///
    /// - Parameters:
    ///   - kind: The operation to fail.
    ///   - error: The error to throw.
    public func failEvery(_ kind: KeychainOperation.Kind, with error: KeychainError) {
        state.withLock { $0.failEvery[kind] = error }
    }

    /// Removes the faults injected for a kind of operation, both next and every.
    ///
    /// Both the faults of ``failNext(_:with:)`` and those of ``failEvery(_:with:)``.
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

    /// Forgets every recorded operation; the items, the device state and injected faults stay.
    public func clearRecorded() {
        state.withLock { $0.operations.clear() }
    }
}
