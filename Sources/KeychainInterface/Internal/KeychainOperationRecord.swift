import NameSuggestions

/// The fake's operation record with counts by operation and by account, so that checking for
/// one operation after each step of a test costs the same however long the record is.
struct KeychainOperationRecord {
    private(set) var all: [KeychainOperation] = []
    private var counts: [KeychainOperation: Int] = [:]
    private var countsByAccount: [String: Int] = [:]

    var count: Int { all.count }
    var last: KeychainOperation? { all.last }

    mutating func append(_ operation: KeychainOperation) {
        all.append(operation)
        counts[operation, default: 0] += 1
        countsByAccount[operation.account ?? "", default: 0] += 1
    }

    func contains(_ operation: KeychainOperation) -> Bool {
        counts[operation] != nil
    }

    /// Up to `limit` distinct operations closest to `operation`: on the same or a similar
    /// account, the same kind first, latest first; and how many recorded operations are not
    /// listed. Runs only when a check fails: only the distinct accounts are compared by edit
    /// distance.
    func closest(to operation: KeychainOperation, limit: Int) -> (closest: [KeychainOperation], others: Int) {
        let account = operation.account ?? ""
        let accounts = Set(NearMiss.closest(to: account, in: Array(countsByAccount.keys), limit: limit))
        var sameKind: [KeychainOperation] = []
        var otherKind: [KeychainOperation] = []
        var seen = Set<KeychainOperation>()
        for candidate in all.reversed() where accounts.contains(candidate.account ?? "") {
            guard seen.insert(candidate).inserted else { continue }
            if candidate.kind == operation.kind {
                if sameKind.count < limit { sameKind.append(candidate) }
            } else if otherKind.count < limit {
                otherKind.append(candidate)
            }
            if sameKind.count == limit { break }
        }
        let chosen = Array((sameKind + otherKind).prefix(limit))
        let shownCount = chosen.reduce(0) { $0 + (counts[$1] ?? 0) }
        return (chosen, all.count - shownCount)
    }
}
