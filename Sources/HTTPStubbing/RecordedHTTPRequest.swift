import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One request as a stub registry saw it: method, URL, headers, body and how it ended.
///
/// An ``HTTPStubRegistry`` records one for every request it sees, in its
/// ``HTTPStubRegistry/requests``.
///
/// The registry records every request, matched or not, in the order it arrived; each hop of a
/// redirect chain is a request of its own.
///
/// ```swift
/// let stubs = HTTPStubRegistry()
/// let login = try #require(stubs.requests.last)
/// #expect(login.method == "POST")
/// #expect(login.formFields["username"] == "ada")
/// ```
public struct RecordedHTTPRequest: Sendable, Equatable, CustomStringConvertible {
    /// How a recorded request ended.
    public enum Outcome: Sendable, Equatable {
        /// Still loading, for example during a response's delay.
        case pending
        /// A stub answered with this HTTP status code.
        case responded(statusCode: Int)
        /// A stub answered with a redirect that the registry followed.
        ///
        /// `statusCode` is the redirect's status and `location` the URL the registry followed.
        case redirected(statusCode: Int, location: URL)
        /// A stub answered with a transport error.
        ///
        /// The code is `URLError.Code.rawValue`, or `nil` for an error that is not a `URLError`.
        case failed(urlErrorCode: Int?)
        /// No stub matched: the client received an error and the test fails.
        ///
        /// The client received a `URLError`.
        case unhandled
        /// The task was cancelled before the response was delivered.
        ///
        /// `stopLoading` ran before the response was delivered.
        case cancelled
    }

    /// The HTTP method, upper-cased.
    ///
    /// Such as `"POST"`.
    public var method: String
    /// The full URL.
    public var url: URL
    /// The header fields the request carried.
    ///
    /// As `URLRequest.allHTTPHeaderFields` gives them.
    public var headers: [String: String]
    /// The request's body, or nothing when the request reached the stub without one.
    ///
    /// Read from `httpBody` or drained from `httpBodyStream`; `nil` when there is none. See the
    /// platform notes in the module's documentation for upload tasks.
    public var body: Data?
    /// The URL whose redirect produced this request, for the second and later hops of a chain.
    public var redirectedFrom: URL?
    /// How the request ended.
    public var outcome: Outcome
    /// The request as the session handed it to the registry, with its cache policy, timeout and
    /// other properties.
    ///
    /// It is `nil` for a request created in a test.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let sent = try #require(stubs.requests.first?.urlRequest)
    /// #expect(sent.cachePolicy == .reloadIgnoringLocalCacheData)
    /// #expect(sent.timeoutInterval == 30)
    /// ```
    ///
    /// A body sent as a stream is read once, into ``body`` and into this request's `httpBody`.
    public var urlRequest: URLRequest?

    /// The URL's path as the matcher's path conditions compare it: percent-decoded, and a single
    /// slash when it has none.
    ///
    /// For the host, scheme, port or query items, read ``url``, or ``queryValue(_:)`` for one
    /// query item.
    public let path: String
    /// The URL's host, lower-cased, as matching compares it.
    let host: String?
    /// The URL's scheme, lower-cased, as matching compares it.
    let scheme: String?
    /// The URL's explicit port, if it has one.
    let port: Int?
    /// The query items as plain strings, read once from the URL's text: matching compares these
    /// rather than going through `URLComponents` or `URLQueryItem` on every stub.
    let queryPairs: [QueryPair]

    /// Creates a recorded request, for example to test a matcher without a session.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let request = try #require(stubs.requests.first)
    /// #expect(
    ///     HTTPRequestMatcher.get("/books").query(["page": "2"]).matches(request))
    /// ```
    ///
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - url: The URL.
    ///   - headers: The header fields.
    ///   - body: The body, if any.
    package init(method: HTTPMethod = .get, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method.rawValue
        self.url = url
        self.headers = headers
        self.body = body
        self.redirectedFrom = nil
        self.outcome = .pending
        self.urlRequest = nil
        let parts = URLParts(url)
        self.path = parts.path
        self.host = parts.host
        self.scheme = parts.scheme
        self.port = parts.port
        self.queryPairs = parts.query
    }

    /// Creates a recorded request from a URL request captured outside a registry, so a matcher can
    /// say which condition it misses.
    ///
    /// For a request a spy or a session stub of the test's own captured; a matcher's
    /// ``HTTPRequestMatcher/mismatches(for:)`` then names each condition the request misses, as
    /// [`expectRequested(_:count:)`](<doc:HTTPStubRegistry/expectRequested(_:count:fileID:filePath:line:column:)>)
    /// does for the
    /// closest request:
    ///
    /// ```swift
    /// var captured = URLRequest(
    ///     url: URL(string: "https://api.example.com/login")!)
    /// captured.httpMethod = "PUT"
    /// let reasons = HTTPRequestMatcher.post("/login")
    ///     .mismatches(for: RecordedHTTPRequest(captured))
    /// #expect(reasons.isEmpty, "\(reasons)")  // method is PUT, expected POST
    /// ```
    ///
    /// Reads `httpBody` or, when that is `nil`, drains `httpBodyStream`.
    ///
    /// - Parameter request: The request; one without a URL is recorded with `file:///`.
    public init(_ request: URLRequest) {
        let body = RequestBodyReader.body(of: request)
        self.init(
            method: HTTPMethod(rawValue: request.httpMethod ?? "GET"),
            url: request.url ?? URL(fileURLWithPath: "/"),
            headers: request.allHTTPHeaderFields ?? [:],
            body: body
        )
        var sent = request
        if sent.httpBody == nil, sent.httpBodyStream != nil { sent.httpBody = body }
        self.urlRequest = sent
    }

    /// The value of a header, its name compared case-insensitively, as HTTP requires.
    ///
    /// - Parameter name: The header name, such as `"Authorization"`.
    /// - Returns: The value, or `nil` when the request has no such header.
    public func header(_ name: String) -> String? {
        HTTPText.header(name, in: headers)
    }

    /// The first value of a query item.
    ///
    /// - Parameter name: The query item's name.
    /// - Returns: Its value (empty for `?flag`), or `nil` when absent.
    public func queryValue(_ name: String) -> String? {
        queryPairs.first { $0.name == name }.map { $0.value ?? "" }
    }

    /// The body decoded as UTF-8, or nothing without a body or when it is not UTF-8.
    public var bodyText: String? {
        body.flatMap { String(data: $0, encoding: .utf8) }
    }

    /// The body decoded as form fields, empty without a body.
    ///
    /// The body is read as `application/x-www-form-urlencoded`; when a field repeats, the last
    /// value wins.
    public var formFields: [String: String] {
        FormEncoding.fields(in: body)
    }

    /// The parts of a multipart form body, in order; empty for any other body, or a malformed one.
    ///
    /// The body is read as `multipart/form-data`; the boundary is read from the `Content-Type` header.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let upload = try #require(stubs.requests.last)
    /// #expect(upload.multipartParts.map(\.name) == ["caption", "photo"])
    /// ```
    public var multipartParts: [MultipartPart] {
        (try? MultipartBody.parts(of: body, contentType: header("Content-Type")).get()) ?? []
    }

    /// The body as failure messages list it: a multipart body as its parts, one a line, after
    /// `indent`; `nil` for any other body.
    func multipartListing(indent: String) -> String? {
        guard MultipartBody.isMultipart(header("Content-Type")) else { return nil }
        switch MultipartBody.parts(of: body, contentType: header("Content-Type")) {
        case .failure(let problem):
            return "not valid multipart/form-data (\(problem.reason)), \(body?.count ?? 0) bytes"
        case .success(let parts):
            return "multipart/form-data, \(parts.count) part\(parts.count == 1 ? "" : "s"):"
                + parts.map { "\n\(indent)\($0)" }.joined()
        }
    }

    /// Decodes the body as JSON.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let sent = try stubs.requests[0].decodeJSONBody(NewBook.self)
    /// ```
    ///
    /// - Parameters:
    ///   - type: The type to decode.
    ///   - decoder: The decoder; configure it as the code under test encodes.
    /// - Returns: The decoded value.
    /// - Throws: `DecodingError` when the body is missing or is not that JSON.
    public func decodeJSONBody<Value: Decodable>(_ type: Value.Type, decoder: JSONDecoder = JSONDecoder()) throws -> Value {
        try decoder.decode(type, from: body ?? Data())
    }

    /// The request's method and URL on one line.
    ///
    /// `METHOD URL`, such as `POST https://api.example.com/login`.
    public var summary: String { "\(method) \(url.absoluteString)" }

    /// The method, URL, headers and body, one per line, as failure messages print them.
    public var description: String {
        var lines = [summary]
        lines.append("  headers: " + HTTPText.headers(headers))
        lines.append("  body: " + (multipartListing(indent: "    ") ?? HTTPText.body(body)))
        return lines.joined(separator: "\n")
    }
}

/// A query item's name and value as plain strings.
struct QueryPair: Sendable, Hashable {
    let name: String
    /// `nil` for `?flag`, empty for `?flag=`.
    let value: String?

    /// As the item is written in a URL: `flag`, `flag=` or `page=2`.
    var text: String { value.map { "\(name)=\($0)" } ?? name }
}
