/// The keychain fake's items, indexed by service + account + synchronizable so that single-item
/// operations do not scan every item; the few items sharing that key differ by access group.
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
    private var nextSequence = 0

    init(_ items: [KeychainFake.Item]) {
        for item in items { append(item) }
    }

    /// Every item, in insertion order.
    var all: [KeychainFake.Item] {
        buckets.values.joined().sorted { $0.sequence < $1.sequence }.map(\.item)
    }

    /// The items with this service, account and synchronizable flag, in insertion order.
    func items(service: String, account: String, synchronizable: Bool) -> [KeychainFake.Item] {
        (buckets[AccountKey(service: service, account: account, synchronizable: synchronizable)] ?? []).map(\.item)
    }

    mutating func append(_ item: KeychainFake.Item) {
        let key = AccountKey(service: item.service, account: item.account, synchronizable: item.synchronizable)
        buckets[key, default: []].append(Entry(sequence: nextSequence, item: item))
        nextSequence += 1
    }

    /// Applies `change` to the items of one account that `include` selects.
    mutating func modify(
        service: String,
        account: String,
        synchronizable: Bool,
        where include: (KeychainFake.Item) -> Bool,
        _ change: (inout KeychainFake.Item) -> Void
    ) {
        let key = AccountKey(service: service, account: account, synchronizable: synchronizable)
        guard var entries = buckets[key] else { return }
        for index in entries.indices where include(entries[index].item) {
            change(&entries[index].item)
        }
        buckets[key] = entries
    }

    /// Removes the items that `remove` selects.
    /// - Returns: How many were removed.
    @discardableResult
    mutating func removeAll(where remove: (KeychainFake.Item) -> Bool) -> Int {
        var removed = 0
        for (key, entries) in buckets {
            let kept = entries.filter { !remove($0.item) }
            removed += entries.count - kept.count
            buckets[key] = kept.isEmpty ? nil : kept
        }
        return removed
    }

    /// Removes the items of one account that `remove` selects.
    /// - Returns: How many were removed.
    @discardableResult
    mutating func removeAll(
        service: String,
        account: String,
        synchronizable: Bool,
        where remove: (KeychainFake.Item) -> Bool
    ) -> Int {
        let key = AccountKey(service: service, account: account, synchronizable: synchronizable)
        guard let entries = buckets[key] else { return 0 }
        let kept = entries.filter { !remove($0.item) }
        buckets[key] = kept.isEmpty ? nil : kept
        return entries.count - kept.count
    }

    /// Every item, for scope-wide operations.
    var unordered: [KeychainFake.Item] { buckets.values.flatMap { $0.map(\.item) } }
}
