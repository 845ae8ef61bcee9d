import TestSupportCore

extension HTTPStubRegistry {
    /// Checks how many recorded requests a matcher matches, and reports any unhandled request found
    /// since the last check.
    ///
    /// Fails unless exactly `count` recorded requests match `matcher`:
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.expectRequested(.post("/login"), count: 1)
    /// // fails with: Expected 1 POST /login, saw 0; requests seen (1):
    /// //   1. GET https://api.example.com/books?page=1 → 200
    /// ```
    ///
    /// - Parameters:
    ///   - matcher: The requests to count.
    ///   - count: How many there should be.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectRequested(
        _ matcher: HTTPRequestMatcher,
        count: Int = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        failures.flush()  // unhandled requests kept from URLSession threads
        let matching = countMatching(matcher)
        guard matching != count else { return }
        FailureReporter.report(
            "Expected \(count) \(matcher), saw \(matching); "
                + RequestListing.listing(state.withLock { $0.requests }, closestTo: matching < count ? matcher : nil),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }

    /// How many recorded requests `matcher` matches. A fully described matcher's count is kept
    /// by description, so each call scans only the requests recorded since the last one.
    private func countMatching(_ matcher: HTTPRequestMatcher) -> Int {
        guard matcher.isFullyDescribed else {
            return requests.reduce(0) { $0 + (matcher.matches($1) ? 1 : 0) }
        }
        let key = matcher.countingKey
        let (known, unseen, end, cleared) = state.withLock { state in
            let known = state.verifiedCounts[key] ?? (scanned: state.requests.clearedCount, count: 0)
            return (known, state.requests.entries(from: known.scanned), state.requests.endPosition, state.requests.clearedCount)
        }
        let total = unseen.reduce(known.count) { $0 + (matcher.matches($1) ? 1 : 0) }
        state.withLock { state in
            // A count made before a clear that happened meanwhile is not kept.
            if state.requests.clearedCount == cleared, (state.verifiedCounts[key]?.scanned ?? 0) < end {
                state.verifiedCounts[key] = (scanned: end, count: total)
            }
        }
        return total
    }

    /// Reports, on the calling task, every unhandled-request failure kept from URLSession threads
    /// and not yet reported.
    ///
    /// [`withHTTPStubs(followsRedirects:_:)`](<doc:withHTTPStubs(followsRedirects:fileID:filePath:line:column:_:)>)
    /// calls it when its scope ends.
    ///
    /// The failures point at the line that created the registry. Every `expect…` method does
    /// this first; call this one when a test has nothing else to check.
    public func expectNoUnhandledRequests() {
        failures.flush()  // unhandled requests kept from URLSession threads
    }

    /// Checks that every registered stub answered at least once, or exactly once.
    ///
    /// A stub nobody used usually means the code under test sent a different request than the test
    /// expects. With `exactlyOnce`, a stub that answered twice fails too, so a test that expects
    /// each request once need not repeat each matcher in
    /// [`expectRequested(_:count:)`](<doc:expectRequested(_:count:fileID:filePath:line:column:)>):
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(
    ///     .get(exactly: "/books?page=1"),
    ///     with: .json(CatalogPage(books: [], nextPage: 2)))
    /// stubs.stub(
    ///     .get(exactly: "/books?page=2"),
    ///     with: .json(CatalogPage(books: [], nextPage: nil)))
    /// // ... load both pages ...
    /// stubs.expectAllStubsUsed(exactlyOnce: true)
    /// // fails with: 1 of 2 stubs did not answer exactly once:
    /// //   GET /books with exactly query page=2
    /// //   (registered at CatalogTests.swift:14): answered 0 times
    /// ```
    ///
    /// - Parameters:
    ///   - exactlyOnce: Whether each stub must have answered exactly one request, rather than at
    ///     least one.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectAllStubsUsed(
        exactlyOnce: Bool = false,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        failures.flush()  // unhandled requests kept from URLSession threads
        let (stubs, counts, seen) = state.withLock { ($0.index.entries, $0.answerCounts, $0.requests) }
        let wrong = stubs.filter { exactlyOnce ? counts[$0.id] != 1 : counts[$0.id] == 0 }.sorted { $0.id < $1.id }
        guard !wrong.isEmpty else { return }
        let listed = wrong.map { stub in
            let count = counts[stub.id]
            return exactlyOnce
                ? "  \(stub.summary(answerCount: count)): answered \(count) time\(count == 1 ? "" : "s")"
                : "  \(stub.summary(answerCount: 0))"
        }
        FailureReporter.report(
            "\(wrong.count) of \(stubs.count) stubs \(exactlyOnce ? "did not answer exactly once" : "never answered"):\n"
                + listed.joined(separator: "\n") + "\n" + RequestListing.listing(seen, closestTo: nil),
            at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
    }
}
