extension HTTPRequestMatcher {
    /// Matches requests that both matchers match; the same as chaining their conditions.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(.host("api.example.com") && .get("/books"), with: .json("{}"))
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: The first matcher.
    ///   - rhs: The second matcher.
    /// - Returns: A matcher with the conditions of both.
    public static func && (lhs: HTTPRequestMatcher, rhs: HTTPRequestMatcher) -> HTTPRequestMatcher {
        lhs.appending(rhs)
    }

    /// Matches requests that either matcher matches; a mismatch explains the closer one.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let page = CatalogPage(books: [.testValue], nextPage: nil)
    /// stubs.stub(.get("/books") || .get("/v2/books"), with: .json(page))
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: The first alternative.
    ///   - rhs: The second alternative.
    /// - Returns: A matcher with one condition: either alternative.
    public static func || (lhs: HTTPRequestMatcher, rhs: HTTPRequestMatcher) -> HTTPRequestMatcher {
        let description = "(\(lhs) or \(rhs))"
        return HTTPRequestMatcher.any.adding(.location, description, partly: !lhs.isFullyDescribed || !rhs.isFullyDescribed) { request in
            lhs.matches(request) || rhs.matches(request)
        } explain: { request in
            let left = lhs.mismatches(for: request)
            let right = rhs.mismatches(for: request)
            let leftSatisfied = lhs.conditions.count - left.count
            let rightSatisfied = rhs.conditions.count - right.count
            let (closer, reasons) = (leftSatisfied, -left.count) >= (rightSatisfied, -right.count) ? (lhs, left) : (rhs, right)
            return "neither alternative matches; closest \(closer): " + reasons.joined(separator: "; ")
        }
    }

    /// Matches the requests another matcher does not match.
    ///
    /// Use it with `&&` to leave requests out:
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(
    ///     .any && !.host("api.example.com"),
    ///     with: .error(.notConnectedToInternet))
    /// ```
    ///
    /// - Parameter matcher: The matcher to negate.
    /// - Returns: A matcher with one condition: not `matcher`.
    public static prefix func ! (matcher: HTTPRequestMatcher) -> HTTPRequestMatcher {
        HTTPRequestMatcher.any.adding(.refinement, "not (\(matcher))", partly: !matcher.isFullyDescribed) { request in
            !matcher.matches(request)
        } explain: { _ in
            "request matches \(matcher), expected one that does not"
        }
    }
}
