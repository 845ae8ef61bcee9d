import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPStubRegistry {
    /// Sends requests that no stub matches to a real session instead of failing them; off by
    /// default, where such a request is an unhandled-request failure.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(.get("/books"), with: .json(CatalogPage(books: [], nextPage: nil)))
    /// stubs.passUnmatchedRequests(to: URLSession(configuration: .ephemeral))   // everything else is real
    /// ```
    ///
    /// Passed-through requests are recorded like any other, with the real status code as their
    /// outcome, and answer through the stubbed session (cookies, redirect handling), so
    /// ``expectRequested(_:count:fileID:filePath:line:column:)`` counts them.
    ///
    /// - Parameter session: The real session that sends them; it follows redirects itself.
    public func passUnmatchedRequests(to session: URLSession) {
        let handler = UnmatchedRequestHandler { request, reply in
            RealSessionForwarder.send(request, through: session) { reply($0.response) }
        }
        handleUnmatchedRequests(with: handler)
    }

    /// Turns pass-through (or a cassette's recording) off: requests no stub matches fail again.
    public func stopPassingUnmatchedRequests() {
        handleUnmatchedRequests(with: nil)
    }
}
