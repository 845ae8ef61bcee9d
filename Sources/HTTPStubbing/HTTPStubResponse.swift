import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a stub answers: an HTTP response, a transport error, a redirect, or a response built
/// from the request; optionally after a delay.
///
/// ```swift
/// let dune = Book.make { $0.title = "Dune" }
/// let encoder = CatalogAPIClient.encoder
/// let largeImage = Data(count: 1_000_000)
/// let responses: [HTTPStubResponse] = [
///     .status(204),
///     .json(CatalogPage(books: [dune], nextPage: nil), encoder: encoder),
///     .json(#"{"token": "abc"}"#),
///     .text(
///         "Service Unavailable", status: 503,
///         headers: ["Retry-After": "120"]),
///     .error(.notConnectedToInternet),
///     .redirect(to: "https://cdn.example.com/cover.jpg"),
///     .respond { request in .json(#"{"echo": "\#(request.path)"}"#) },
///     .status(200).delayed(by: 0.02),
///     .data(largeImage).throttled(bytesPerSecond: 64_000),
/// ]
/// ```
public struct HTTPStubResponse: Sendable {
    enum Content: Sendable {
        case http(statusCode: Int, headers: [String: String], body: Data)
        case failure(any Error & Sendable)
        case generated(@Sendable (RecordedHTTPRequest) -> HTTPStubResponse)
    }

    let content: Content

    /// How long the registry waits before answering, in nanoseconds; stored as a plain number
    /// so the type needs no `Duration` (iOS 16).
    var delayNanoseconds: UInt64?
    /// The body's delivery rate in bytes per second, delivered in chunks; `nil` delivers it at once.
    var bytesPerSecond: Int?

    init(content: Content, delayNanoseconds: UInt64? = nil) {
        self.content = content
        self.delayNanoseconds = delayNanoseconds
    }

    /// How long the registry waits before answering, in real time.
    ///
    /// `stopLoading` (a cancelled task) ends the wait and nothing is delivered, so keep it small in
    /// tests.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    package var delay: Duration? {
        get { delayNanoseconds.map { Duration.nanoseconds(Int64(clamping: $0)) } }
        set { delayNanoseconds = newValue.map(Self.nanoseconds(of:)) }
    }

    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    private static func nanoseconds(of duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0, attoseconds >= 0 || seconds > 0 else { return 0 }
        let whole = UInt64(clamping: seconds).multipliedReportingOverflow(by: 1_000_000_000)
        guard !whole.overflow else { return .max }
        let (sum, overflow) = whole.partialValue.addingReportingOverflow(UInt64(clamping: attoseconds / 1_000_000_000))
        return overflow ? .max : sum
    }

    /// Creates an HTTP response.
    ///
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: The header fields.
    ///   - body: The body bytes.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.init(content: .http(statusCode: status, headers: headers, body: body))
    }

    /// An empty response with status 200.
    ///
    /// The same as `status(200)`: `200 OK` with no header fields.
    public static var ok: HTTPStubResponse { HTTPStubResponse() }

    /// An empty response with this status code.
    ///
    /// - Parameters:
    ///   - status: The status code, such as `204` or `404`.
    ///   - headers: The header fields.
    /// - Returns: The response.
    public static func status(_ status: Int, headers: [String: String] = [:]) -> HTTPStubResponse {
        HTTPStubResponse(status: status, headers: headers)
    }

    /// A response with these body bytes, and a content type when one is given.
    ///
    /// Raw bytes have no type of their own, so none is sent unless `contentType` or `headers`
    /// gives one; ``text(_:status:headers:)`` and ``json(_:status:headers:)`` set theirs.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let cover = Data(count: 1_024)
    /// stubs.stub(
    ///     .get("/cover.jpg"), with: .data(cover, contentType: "image/jpeg"))
    /// ```
    ///
    /// - Parameters:
    ///   - data: The body.
    ///   - status: The status code.
    ///   - contentType: The `Content-Type`, such as `"image/png"`; `nil` sends none. A
    ///     `Content-Type` in `headers` takes precedence.
    ///   - headers: The header fields.
    /// - Returns: The response.
    public static func data(
        _ data: Data, status: Int = 200, contentType: String? = nil, headers: [String: String] = [:]
    )
        -> HTTPStubResponse
    {
        HTTPStubResponse(status: status, headers: contentType.map { withContentType($0, headers) } ?? headers, body: data)
    }

    /// A UTF-8 text response.
    ///
    /// `Content-Type` defaults to `text/plain; charset=utf-8`.
    ///
    /// - Parameters:
    ///   - text: The body.
    ///   - status: The status code.
    ///   - headers: The header fields; a `Content-Type` here replaces the default.
    /// - Returns: The response.
    public static func text(_ text: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPStubResponse {
        HTTPStubResponse(status: status, headers: withContentType("text/plain; charset=utf-8", headers), body: Data(text.utf8))
    }

    /// A response whose body is this JSON text.
    ///
    /// `Content-Type` defaults to `application/json`.
    ///
    /// A `String` argument is always taken as JSON text, never encoded as a JSON string.
    ///
    /// - Parameters:
    ///   - json: The JSON text, such as `#"{"token": "abc"}"#`.
    ///   - status: The status code.
    ///   - headers: The header fields; a `Content-Type` here replaces the default.
    /// - Returns: The response.
    public static func json(_ json: String, status: Int = 200, headers: [String: String] = [:]) -> HTTPStubResponse {
        HTTPStubResponse(status: status, headers: withContentType("application/json", headers), body: Data(json.utf8))
    }

    /// A response whose body is a value encoded as JSON.
    ///
    /// `value` is encoded with `encoder`; `Content-Type` defaults to `application/json`.
    ///
    /// If `value` cannot be encoded, the failure is reported at the caller's line and the
    /// response fails the request with `URLError(.cannotDecodeContentData)`.
    ///
    /// - Parameters:
    ///   - value: The value to encode.
    ///   - encoder: The encoder; use the server's settings, such as ISO 8601 dates.
    ///   - status: The status code.
    ///   - headers: The header fields; a `Content-Type` here replaces the default.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The response.
    public static func json<Value: Encodable>(
        _ value: Value,
        encoder: JSONEncoder = JSONEncoder(),
        status: Int = 200,
        headers: [String: String] = [:],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPStubResponse {
        do {
            let body = try encoder.encode(value)
            return HTTPStubResponse(status: status, headers: withContentType("application/json", headers), body: body)
        } catch {
            FailureReporter.report(
                "Could not encode \(Value.self) as the JSON body of a stub response: \(error)",
                at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
            )
            return .error(.cannotDecodeContentData)
        }
    }

    /// A transport error: the client's request fails with a URL error, as when offline.
    ///
    /// The client's request fails with `URLError(code)`.
    ///
    /// - Parameter code: Such as `.notConnectedToInternet`, `.timedOut` or `.networkConnectionLost`.
    /// - Returns: The response.
    public static func error(_ code: URLError.Code) -> HTTPStubResponse {
        HTTPStubResponse(content: .failure(URLErrorBox(code: code, message: nil)))
    }

    /// A transport error whose localized description says what went wrong, for the package's own
    /// responses that stand in for one it could not build.
    package static func error(_ code: URLError.Code, description: String) -> HTTPStubResponse {
        HTTPStubResponse(content: .failure(URLErrorBox(code: code, message: description)))
    }

    /// A transport error with any error value; the client's request fails with it.
    ///
    /// - Parameter error: The error to deliver.
    /// - Returns: The response.
    public static func failure(_ error: any Error & Sendable) -> HTTPStubResponse {
        HTTPStubResponse(content: .failure(error))
    }

    /// A redirect, which the registry follows and records hop by hop unless told not to.
    ///
    /// A registry created with `followsRedirects: false` hands it to the client instead.
    ///
    /// - Parameters:
    ///   - location: An absolute URL or a path relative to the request's URL.
    ///   - status: `301`, `302`, `303`, `307` or `308`.
    ///   - headers: More header fields.
    /// - Returns: The response.
    public static func redirect(to location: String, status: Int = 302, headers: [String: String] = [:]) -> HTTPStubResponse {
        var fields = headers
        fields["Location"] = location
        return HTTPStubResponse(status: status, headers: fields)
    }

    /// A response built from the request when it arrives, such as an echo or an ID from the path.
    ///
    /// Return `.error(...)` or `.failure(...)` to fail the request.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(.get("/books/*")) { request in
    ///     .json(#"{"id": "\#(request.path.split(separator: "/").last ?? "")"}"#)
    /// }
    /// ```
    ///
    /// - Parameter make: Builds the response; runs on a URLSession thread.
    /// - Returns: The response.
    public static func respond(_ make: @escaping @Sendable (RecordedHTTPRequest) -> HTTPStubResponse) -> HTTPStubResponse {
        HTTPStubResponse(content: .generated(make))
    }

    /// This response, answered after a delay.
    ///
    /// A cancelled task stops the wait and receives only its cancellation error.
    ///
    /// - Parameter delay: The wait; real time, so keep it small in tests.
    /// - Returns: The delayed response.
    @available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
    public func delayed(by delay: Duration) -> HTTPStubResponse {
        var copy = self
        copy.delay = delay
        return copy
    }

    /// This response, answered after a number of seconds, for deployment targets before iOS 16.
    ///
    /// Use it where `Duration` is not available.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(
    ///     .get("/slow"), with: HTTPStubResponse.text("late").delayed(by: 0.02))
    /// ```
    ///
    /// - Parameter seconds: The wait; real time, so keep it small in tests. Negative counts as zero.
    /// - Returns: The delayed response.
    public func delayed(by seconds: TimeInterval) -> HTTPStubResponse {
        var copy = self
        copy.delayNanoseconds = seconds > 0 ? UInt64(min(seconds * 1e9, Double(UInt64.max / 2))) : 0
        return copy
    }

    /// This response with its body delivered in chunks at a byte rate, as over a slow network, so
    /// progress reporting can be seen.
    ///
    /// The same as OHHTTPStubs' negative `responseTime`.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let cover = Data(count: 250_000)
    /// stubs.stub(
    ///     .get("/cover.jpg"),
    ///     with: HTTPStubResponse.data(cover).throttled(bytesPerSecond: 500_000))
    /// ```
    ///
    /// - Parameter bytesPerSecond: The rate; the body arrives in up to 16 chunks spread over
    ///   `body.count / bytesPerSecond` seconds of real time. Zero or less delivers it at once.
    /// - Returns: The throttled response.
    public func throttled(bytesPerSecond: Int) -> HTTPStubResponse {
        var copy = self
        copy.bytesPerSecond = bytesPerSecond > 0 ? bytesPerSecond : nil
        return copy
    }

    private static func withContentType(_ type: String, _ headers: [String: String]) -> [String: String] {
        guard !headers.keys.contains(where: { $0.lowercased() == "content-type" }) else { return headers }
        var fields = headers
        fields["Content-Type"] = type
        return fields
    }
}
