import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPStubRegistry {
    /// Sends the requests no stub matches that a matcher accepts to a real session, not failing them.
    ///
    /// It is off by default, where such a request is an unhandled-request failure.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(
    ///     .get("/books"), with: .json(CatalogPage(books: [], nextPage: nil)))
    /// // everything else to localhost is real
    /// stubs.passUnmatchedRequests(
    ///     matching: .host("localhost"), to: URLSession(configuration: .ephemeral))
    /// ```
    ///
    /// Passed-through requests are recorded like any other, with the real status code as their
    /// outcome, and answer through the stubbed session (cookies, redirect handling), so
    /// [`expectRequested(_:count:)`](<doc:expectRequested(_:count:fileID:filePath:line:column:)>)
    /// counts them. An unmatched request
    /// the matcher does not accept is an unhandled-request failure that names the matcher.
    ///
    /// - Parameters:
    ///   - matcher: Which unmatched requests pass through; all of them by default.
    ///   - session: The real session that sends them; it follows redirects itself.
    public func passUnmatchedRequests(matching matcher: HTTPRequestMatcher = .any, to session: URLSession) {
        var handler = UnmatchedRequestHandler { request, reply in
            RealSessionForwarder.send(request, through: session) { reply($0.response) }
        }
        handler.accepts = { matcher.matches($0) }
        handler.unhandledNote = "Only requests matching \(matcher) pass through."
        handleUnmatchedRequests(with: handler)
    }

    /// Turns pass-through (or a cassette's recording) off: requests no stub matches fail again.
    public func stopPassingUnmatchedRequests() {
        handleUnmatchedRequests(with: nil)
    }
}
