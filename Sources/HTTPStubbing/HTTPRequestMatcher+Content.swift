// The conditions on what a request carries: its headers, its body, or a check of the test's own.
extension HTTPRequestMatcher {
    /// Adds the condition that a header, named case-insensitively, has exactly this value.
    ///
    /// - Parameters:
    ///   - name: The header name.
    ///   - value: The expected value.
    /// - Returns: The narrowed matcher.
    public func header(_ name: String, _ value: String) -> HTTPRequestMatcher {
        adding(.refinement, "header \(name): \(value)", check: .header(name: name, value: value)) { request in
            guard let found = request.header(name) else { return "header \(name) is missing" }
            return "header \(name) is \"\(found)\", expected \"\(value)\""
        }
    }

    /// Adds the condition that each of these headers is present with its value.
    ///
    /// The same as calling ``header(_:_:)`` for each entry of `headers`.
    ///
    /// - Parameter headers: Names and values.
    /// - Returns: The narrowed matcher.
    public func headers(_ headers: [String: String]) -> HTTPRequestMatcher {
        headers.sorted { $0.key < $1.key }.reduce(self) { $0.header($1.key, $1.value) }
    }

    /// Adds the condition that a header is present, with any value.
    ///
    /// - Parameter name: The header name.
    /// - Returns: The narrowed matcher.
    public func hasHeader(_ name: String) -> HTTPRequestMatcher {
        adding(.refinement, "header \(name)", check: .hasHeader(name)) { _ in
            "header \(name) is missing"
        }
    }

    /// Adds the condition that the body satisfies a body matcher.
    ///
    /// - Parameter body: A body condition, such as `.json(...)`, `.formFields(...)` or `.multipart(...)`.
    /// - Returns: The narrowed matcher.
    public func body(_ body: HTTPBodyMatcher) -> HTTPRequestMatcher {
        adding(.refinement, body.description, partly: !body.isFullyDescribed) { request in
            body.mismatch(request.body, contentType: request.header("Content-Type")) == nil
        } explain: { request in
            body.mismatch(request.body, contentType: request.header("Content-Type")) ?? "body matches"
        }
    }

    /// Adds the condition that a predicate accepts the request.
    ///
    /// The request matches when `predicate` returns `true` for it.
    ///
    /// - Parameters:
    ///   - description: What the predicate checks, for failure messages.
    ///   - predicate: The check.
    /// - Returns: The narrowed matcher.
    public func matching(_ description: String, _ predicate: @escaping @Sendable (RecordedHTTPRequest) -> Bool) -> HTTPRequestMatcher {
        adding(.refinement, description, partly: true) { request in
            predicate(request)
        } explain: { _ in
            "not \(description)"
        }
    }
}
