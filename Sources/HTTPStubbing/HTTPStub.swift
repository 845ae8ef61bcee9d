/// A handle to a registered stub: how often it answered, and a way to remove it.
///
/// ```swift
/// let stubs = HTTPStubRegistry()
/// let baseURL = try #require(URL(string: "https://api.example.com"))
/// let client = CatalogAPIClient(baseURL: baseURL, session: stubs.session)
/// let login = stubs.stub(.post("/login"), with: .json(#"{"token": "abc"}"#))
/// _ = try await client.logIn(username: "ada", password: "secret")
/// #expect(login.answerCount == 1)
/// ```
public struct HTTPStub: Sendable, CustomStringConvertible {
    let id: Int
    /// The stub's matcher as failure messages print it.
    public let description: String
    let registry: HTTPStubRegistry

    /// How many requests this stub has answered so far.
    public var answerCount: Int {
        registry.answerCount(ofStub: id)
    }

    /// Removes the stub: later requests fall through to earlier stubs, or to none.
    public func remove() {
        registry.removeStub(id: id)
    }
}
