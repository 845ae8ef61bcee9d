/// The registry's stubs in answering order, each with its method, exact path and query items
/// reduced to small integers, so that finding the stubs a request may match compares integers
/// rather than strings and retains nothing.
///
/// Each distinct method, path key and query item of a registered stub gets a number; a request's
/// values are looked up once per request (a request value no stub names gets none, and so
/// matches no stub that names one). A stub is a candidate when its numbers are among the
/// request's; its other conditions are then the caller's to check. The items of an exact query
/// (`query(exactly:)`, which replay builds) are indexed as required items too, with their count
/// compared to the request's, so replay's stubs are found as plain ones are.
struct StubIndex: Sendable {
    /// A stub's numbers; `unconstrained` where the matcher does not constrain that part.
    private struct Key {
        var method: Int32
        var path: Int32
        /// The stub's query item numbers are `queryPool[queryStart..<queryStart + queryCount]`.
        var queryStart: Int32
        var queryCount: Int32
        /// How many query items the request must have, for an exact query; `unconstrained` else.
        var exactQueryCount: Int32
    }

    /// A request's numbers, looked up once per request.
    struct RequestKey {
        fileprivate var method: Int32
        fileprivate var path: Int32
        fileprivate var queryCount: Int32
        /// The numbers of the request's first four query items that some stub names, `none`
        /// where there are fewer: most requests have that few, and then need no array.
        fileprivate var query0 = StubIndex.none, query1 = StubIndex.none, query2 = StubIndex.none, query3 = StubIndex.none
        /// The numbers of the items after the first four.
        fileprivate var moreQuery: [Int32] = []

        fileprivate init(method: Int32, path: Int32, queryCount: Int) {
            self.method = method
            self.path = path
            self.queryCount = Int32(clamping: queryCount)
        }

        fileprivate mutating func addQueryItem(_ number: Int32) {
            if query0 == StubIndex.none {
                query0 = number
            } else if query1 == StubIndex.none {
                query1 = number
            } else if query2 == StubIndex.none {
                query2 = number
            } else if query3 == StubIndex.none {
                query3 = number
            } else {
                moreQuery.append(number)
            }
        }

        fileprivate func hasQueryItem(_ number: Int32) -> Bool {
            query0 == number || query1 == number || query2 == number || query3 == number
                || (!moreQuery.isEmpty && moreQuery.contains(number))
        }
    }

    private static let unconstrained: Int32 = -1
    /// A number no value has: a request value no stub names.
    private static let none: Int32 = -2

    /// Sorted by priority, then registration: the stub that answers first is the last.
    private(set) var entries: [StubEntry] = []
    /// `keys[i]` is the key of `entries[i]`.
    private var keys: [Key] = []
    private var queryPool: [Int32] = []
    /// How many numbers in `queryPool` belong to stubs removed since it was last rebuilt.
    private var unusedQueryNumbers = 0
    /// A method's number is its position here: a registry's stubs name few methods, and
    /// comparing a few short strings costs less than hashing one.
    private var methods: [String] = []
    private var pathNumbers: [String: Int32] = [:]
    private var queryNumbers: [QueryPair: Int32] = [:]

    var count: Int { entries.count }

    /// Adds `entry` after every stub of its priority or lower.
    mutating func add(_ entry: StubEntry) {
        var position = entries.endIndex
        if let last = entries.last, last.priority > entry.priority {
            position = entries.firstIndex { $0.priority > entry.priority } ?? entries.endIndex
        }
        entries.insert(entry, at: position)
        keys.insert(makeKey(for: entry), at: position)
    }

    /// Removes the stub with this ID; `false` when there is none.
    @discardableResult
    mutating func remove(id: Int) -> Bool {
        guard let position = entries.firstIndex(where: { $0.id == id }) else { return false }
        entries.remove(at: position)
        unusedQueryNumbers += Int(keys.remove(at: position).queryCount)
        if unusedQueryNumbers > 64 && unusedQueryNumbers > queryPool.count / 2 {
            rebuild()
        }
        return true
    }

    mutating func removeAll() {
        self = StubIndex()
    }

    /// The request's numbers, for ``candidate(below:for:)``.
    func key(for request: RecordedHTTPRequest) -> RequestKey {
        var key = RequestKey(method: Self.none, path: Self.none, queryCount: request.queryPairs.count)
        if let number = methods.firstIndex(of: request.method) {
            key.method = Int32(truncatingIfNeeded: number)
        }
        if !pathNumbers.isEmpty, let number = pathNumbers[PathPattern.key(of: request.path)] {
            key.path = number
        }
        if !queryNumbers.isEmpty {
            for pair in request.queryPairs {
                if let number = queryNumbers[pair] { key.addQueryItem(number) }
            }
        }
        return key
    }

    /// The position of the next stub in answering order, below `end`, whose method, exact path
    /// and query items the request has; `nil` when there is none.
    func candidate(below end: Int, for request: RequestKey) -> Int? {
        keys.withUnsafeBufferPointer { keys in
            queryPool.withUnsafeBufferPointer { pool in
                var position = min(end, keys.count)
                search: while position > 0 {
                    position -= 1
                    let key = keys[position]
                    if key.method != Self.unconstrained && key.method != request.method { continue }
                    if key.path != Self.unconstrained && key.path != request.path { continue }
                    if key.exactQueryCount != Self.unconstrained && key.exactQueryCount != request.queryCount { continue }
                    var item = Int(key.queryStart)
                    let itemsEnd = item + Int(key.queryCount)
                    while item < itemsEnd {
                        guard request.hasQueryItem(pool[item]) else { continue search }
                        item += 1
                    }
                    return position
                }
                return nil
            }
        }
    }

    private mutating func makeKey(for entry: StubEntry) -> Key {
        var method = Self.unconstrained
        if let name = entry.method {
            let position = methods.firstIndex(of: name) ?? methods.endIndex
            if position == methods.endIndex { methods.append(name) }
            method = Int32(truncatingIfNeeded: position)
        }
        let path = entry.pathKey.map { Self.number(for: $0, in: &pathNumbers) } ?? Self.unconstrained
        let queryStart = Int32(truncatingIfNeeded: queryPool.count)
        for item in entry.queryItems {
            queryPool.append(Self.number(for: item, in: &queryNumbers))
        }
        return Key(
            method: method, path: path, queryStart: queryStart, queryCount: Int32(truncatingIfNeeded: entry.queryItems.count),
            exactQueryCount: entry.exactQueryCount.map { Int32(clamping: $0) } ?? Self.unconstrained)
    }

    private static func number<Value: Hashable>(for value: Value, in numbers: inout [Value: Int32]) -> Int32 {
        if let number = numbers[value] { return number }
        let number = Int32(truncatingIfNeeded: numbers.count)
        numbers[value] = number
        return number
    }

    /// Numbers the remaining stubs afresh, dropping what removed stubs left in the pool.
    private mutating func rebuild() {
        let remaining = entries
        self = StubIndex()
        for entry in remaining {
            entries.append(entry)
            keys.append(makeKey(for: entry))
        }
    }
}
