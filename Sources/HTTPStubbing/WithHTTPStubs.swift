import TestSupportCore

/// Runs a closure with a fresh stub registry and verifies it when the scope ends.
///
/// `body` gets the ``HTTPStubRegistry``. Every unhandled request fails the test on the test's own
/// task, even one sent on a URLSession thread.
///
/// ```swift
/// @Test("Logging in returns the token")
/// func logIn() throws {
///     try withHTTPStubs { stubs in
///         stubs.stub(.post("/login"), with: .json(#"{"token": "abc"}"#))
///         // … drive code that uses stubs.session synchronously …
///     }
/// }
/// ```
///
/// - Parameters:
///   - followsRedirects: Whether the registry follows redirects itself.
///   - fileID: The caller's file ID; unhandled-request failures point here.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
///   - body: The test's code; receives the registry.
/// - Returns: What `body` returns.
public func withHTTPStubs<R>(
    followsRedirects: Bool = true,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (HTTPStubRegistry) throws -> R
) rethrows -> R {
    let registry = HTTPStubRegistry(followsRedirects: followsRedirects, fileID: fileID, filePath: filePath, line: line, column: column)
    defer { registry.expectNoUnhandledRequests() }
    return try body(registry)
}

/// Runs an asynchronous closure with a fresh stub registry and verifies it when the scope ends.
///
/// `body` gets the ``HTTPStubRegistry``. Every unhandled request fails the test on the test's own
/// task.
///
/// ```swift
/// @Test("Loading the catalog sends page 1")
/// func loadsFirstPage() async throws {
///     let page = CatalogPage(books: [.testValue], nextPage: nil)
///     let baseURL = try #require(URL(string: "https://api.example.com"))
///     try await withHTTPStubs { stubs in
///         stubs.stub(
///             .get("/books").query(["page": "1"]),
///             with: .json(page, encoder: CatalogAPIClient.encoder))
///         let client = CatalogAPIClient(
///             baseURL: baseURL, session: stubs.session)
///         let loaded = try await client.books(
///             page: 1, token: AuthToken(value: "abc"))
///         #expect(loaded == page)
///     }
/// }
/// ```
///
/// - Parameters:
///   - followsRedirects: Whether the registry follows redirects itself.
///   - isolation: The caller's actor; inferred.
///   - fileID: The caller's file ID; unhandled-request failures point here.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
///   - body: The test's code; receives the registry.
/// - Returns: What `body` returns.
public func withHTTPStubs<R>(
    followsRedirects: Bool = true,
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (HTTPStubRegistry) async throws -> R
) async rethrows -> R {
    let registry = HTTPStubRegistry(followsRedirects: followsRedirects, fileID: fileID, filePath: filePath, line: line, column: column)
    defer { registry.expectNoUnhandledRequests() }
    return try await body(registry)
}
