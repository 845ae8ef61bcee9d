/// What a double recorded, oldest first: the one record the fakes, the recording store and the
/// HTTP registry keep, with one way to append, count, find the closest entries and clear.
///
/// A plain value its owner keeps under its own lock. A tallied log (`Tally == Entry`, made by
/// ``init()-(Tally==Entry)``) also counts each distinct entry, so ``contains(_:)`` costs the same
/// however long the log is; an untallied one (`Tally == Never`) takes any entry.
///
/// Every entry has a position among all the entries ever recorded, which a ``clear()`` does not
/// change: an owner that updates an entry later (a request's outcome) holds its position, and an
/// update to an entry cleared since is dropped.
@usableFromInline
package struct RecordedLog<Entry, Tally: Hashable> {
    // Internal, not `private`: `append` is inlined into the recording store's `dispatch`.
    @usableFromInline var stored: [Entry] = []
    @usableFromInline var positionOfFirst = 0
    @usableFromInline var tally: [Tally: Int] = [:]
    @usableFromInline let tallyKey: ((Entry) -> Tally)?

    /// The entries recorded since the last ``clear()``, oldest first.
    package var entries: [Entry] { stored }

    /// How many entries were recorded before the last ``clear()``: the position of `entries[0]`.
    package var clearedCount: Int { positionOfFirst }

    /// The number of entries since the last ``clear()``.
    package var count: Int { entries.count }

    /// The latest entry, or `nil` when there is none.
    package var last: Entry? { entries.last }

    /// The position the next entry will get.
    package var endPosition: Int { clearedCount + entries.count }

    /// Records an entry.
    ///
    /// - Parameter entry: What happened.
    /// - Returns: The entry's position, for ``update(at:_:)``.
    @inlinable
    @discardableResult
    package mutating func append(_ entry: Entry) -> Int {
        stored.append(entry)
        if let tallyKey { tally[tallyKey(entry), default: 0] += 1 }
        return positionOfFirst + stored.count - 1
    }

    /// The entry at a position, or `nil` when it was cleared or never recorded.
    ///
    /// - Parameter position: A position ``append(_:)`` returned.
    package subscript(position position: Int) -> Entry? {
        let index = position - clearedCount
        return entries.indices.contains(index) ? entries[index] : nil
    }

    /// Changes the entry at a position, unless it was cleared since. Untallied logs only: a
    /// tally counts entries as they were appended.
    ///
    /// - Parameters:
    ///   - position: A position ``append(_:)`` returned.
    ///   - body: Changes the entry.
    package mutating func update(at position: Int, _ body: (inout Entry) -> Void) where Tally == Never {
        let index = position - clearedCount
        guard stored.indices.contains(index) else { return }
        body(&stored[index])
    }

    /// The entries at or after a position that were not cleared, oldest first.
    ///
    /// - Parameter position: The first position to include.
    package func entries(from position: Int) -> ArraySlice<Entry> {
        entries[min(max(position - clearedCount, 0), entries.count)...]
    }

    /// Forgets every entry; the positions of later entries go on from where they were.
    package mutating func clear() {
        positionOfFirst += stored.count
        stored = []
        tally = [:]
    }

    /// The indices in ``entries`` of up to `limit` entries that `rank` ranks, best first: the
    /// highest rank, and the latest entry on a tie. Runs only when a check fails.
    ///
    /// - Parameters:
    ///   - limit: How many to return at most.
    ///   - rank: How close an entry is to what was expected; `nil` leaves it out.
    /// - Returns: Indices in ``entries``.
    package func closest<Rank: Comparable>(limit: Int, rank: (Entry) -> Rank?) -> [Int] {
        let ranked = entries.indices.compactMap { index in rank(entries[index]).map { (rank: $0, index: index) } }
        let best = ranked.sorted { ($0.rank, $0.index) > ($1.rank, $1.index) }
        return best.prefix(limit).map(\.index)
    }
}

extension RecordedLog where Tally == Never {
    /// Creates an empty log that keeps any entry and counts only how many there are.
    package init() {
        tallyKey = nil
    }
}

extension RecordedLog where Tally == Entry {
    /// Creates an empty log that also counts each distinct entry.
    package init() {
        tallyKey = { $0 }
    }

    /// Whether an entry was recorded since the last ``clear()``, in constant time.
    ///
    /// - Parameter entry: The entry to look for, compared as its `Hashable` conformance does.
    /// - Returns: `true` if it was recorded at least once.
    package func contains(_ entry: Entry) -> Bool {
        tally[entry] != nil
    }

    /// Each distinct entry once, in no order: fewer to compare than ``entries`` when a check
    /// fails.
    package var distinctEntries: Dictionary<Entry, Int>.Keys { tally.keys }

    /// Up to `limit` distinct entries that `rank` ranks, best first (the highest rank, then the
    /// latest), and how many recorded entries they leave out.
    ///
    /// - Parameters:
    ///   - limit: How many distinct entries to return at most.
    ///   - rank: How close an entry is to what was expected; `nil` leaves it out.
    /// - Returns: The closest entries and the number of recorded entries not among them.
    package func closestDistinct<Rank: Comparable>(
        limit: Int,
        rank: (Entry) -> Rank?
    ) -> (closest: [Entry], others: Int) {
        var seen = Set<Entry>()
        var chosen: [Entry] = []
        for index in closest(limit: entries.count, rank: rank) where chosen.count < limit {
            if seen.insert(entries[index]).inserted { chosen.append(entries[index]) }
        }
        let shownCount = chosen.reduce(0) { $0 + (tally[$1] ?? 0) }
        return (chosen, entries.count - shownCount)
    }
}
