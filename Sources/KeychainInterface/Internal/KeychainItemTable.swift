/// The keychain fake's items, indexed by service + account + synchronizable so that single-item
/// operations do not scan every item, and by service so that scope-wide operations and
/// "did you mean" hints see only that service's accounts.
struct KeychainItemTable {
    private struct AccountKey: Hashable {
        let service: String
        let account: String
        let synchronizable: Bool
    }

    private struct Entry {
        let sequence: Int
        var item: KeychainFake.Item
    }

    private var buckets: [AccountKey: [Entry]] = [:]
    /// For each service, how many items each account has.
    private var accountsByService: [String: [String: Int]] = [:]
    private var nextSequence = 0

    init(_ items: [KeychainFake.Item]) {
        for item in items { append(item) }
    }

    /// Every item, in insertion order.
    var all: [KeychainFake.Item] {
        buckets.values.joined().sorted { $0.sequence < $1.sequence }.map(\.item)
    }

    /// How many accounts have items in `service`, in constant time.
    func accountCount(inService service: String) -> Int {
        accountsByService[service]?.count ?? 0
    }

    /// The accounts that have items in `service`, sorted.
    func accounts(inService service: String) -> [String] {
        (accountsByService[service] ?? [:]).keys.sorted()
    }

    /// The items of one account that `synchronization` includes, in insertion order.
    func items(service: String, account: String, synchronization: KeychainSynchronization) -> [KeychainFake.Item] {
        entries(service: service, account: account, synchronization: synchronization).map(\.item)
    }

    /// The items of one service that `synchronization` includes, in insertion order.
    func items(service: String, synchronization: KeychainSynchronization) -> [KeychainFake.Item] {
        accounts(inService: service)
            .flatMap { entries(service: service, account: $0, synchronization: synchronization) }
            .sorted { $0.sequence < $1.sequence }
            .map(\.item)
    }

    mutating func append(_ item: KeychainFake.Item) {
        let key = AccountKey(service: item.service, account: item.account, synchronizable: item.synchronizable)
        buckets[key, default: []].append(Entry(sequence: nextSequence, item: item))
        accountsByService[item.service, default: [:]][item.account, default: 0] += 1
        nextSequence += 1
    }

    /// Applies `change` to the items of one account that `include` selects.
    mutating func modify(
        service: String,
        account: String,
        synchronization: KeychainSynchronization,
        where include: (KeychainFake.Item) -> Bool,
        _ change: (inout KeychainFake.Item) -> Void
    ) {
        for key in keys(service: service, account: account, synchronization: synchronization) {
            guard var entries = buckets[key] else { continue }
            for index in entries.indices where include(entries[index].item) {
                change(&entries[index].item)
            }
            buckets[key] = entries
        }
    }

    /// Removes the items of one account that `remove` selects.
    /// - Returns: How many were removed.
    @discardableResult
    mutating func removeAll(
        service: String,
        account: String,
        synchronization: KeychainSynchronization,
        where remove: (KeychainFake.Item) -> Bool
    ) -> Int {
        var removed = 0
        for key in keys(service: service, account: account, synchronization: synchronization) {
            guard let entries = buckets[key] else { continue }
            let kept = entries.filter { !remove($0.item) }
            buckets[key] = kept.isEmpty ? nil : kept
            removed += entries.count - kept.count
        }
        if removed > 0 {
            let remaining = (accountsByService[service]?[account] ?? 0) - removed
            accountsByService[service]?[account] = remaining > 0 ? remaining : nil
            if accountsByService[service]?.isEmpty == true { accountsByService[service] = nil }
        }
        return removed
    }

    /// Removes the items of one service that `remove` selects.
    /// - Returns: How many were removed.
    @discardableResult
    mutating func removeAll(
        service: String,
        synchronization: KeychainSynchronization,
        where remove: (KeychainFake.Item) -> Bool
    ) -> Int {
        accounts(inService: service).reduce(0) { removed, account in
            removed + removeAll(service: service, account: account, synchronization: synchronization, where: remove)
        }
    }

    /// Removes every item, in any service, that `remove` selects (a rare, device-wide change).
    mutating func removeEverywhere(where remove: (KeychainFake.Item) -> Bool) {
        for service in Array(accountsByService.keys) {
            removeAll(service: service, synchronization: .any, where: remove)
        }
    }

    private func keys(service: String, account: String, synchronization: KeychainSynchronization) -> [AccountKey] {
        [false, true]
            .filter { synchronization.includes(synchronizable: $0) }
            .map { AccountKey(service: service, account: account, synchronizable: $0) }
    }

    private func entries(service: String, account: String, synchronization: KeychainSynchronization) -> [Entry] {
        let found = keys(service: service, account: account, synchronization: synchronization).flatMap { buckets[$0] ?? [] }
        return synchronization == .any ? found.sorted { $0.sequence < $1.sequence } : found
    }
}
