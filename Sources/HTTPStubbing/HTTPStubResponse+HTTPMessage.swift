import Foundation
import TestSupportCore

extension HTTPStubResponse {
    /// A response read from a raw HTTP message: a status line, header lines, a blank line and the
    /// body.
    ///
    /// The format `curl -i` prints and proxies export:
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(
    ///     .get("/books"),
    ///     with: .httpMessage(
    ///         "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n\r\n[]"))
    /// ```
    ///
    /// Line ends may be CRLF or LF. A header that repeats is joined with `, `, as
    /// `HTTPURLResponse` does. The body is every byte after the blank line.
    ///
    /// - Parameters:
    ///   - message: The message's bytes.
    ///   - fileID: The caller's file ID; a message that does not parse is reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The response; one that does not parse fails the request with
    ///   `URLError(.cannotParseResponse)`.
    public static func httpMessage(
        _ message: Data,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPStubResponse {
        parsing(message, named: nil, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// A response read from raw HTTP message text.
    ///
    /// Reads the text's UTF-8 bytes with
    /// [`httpMessage(_:)`](<doc:httpMessage(_:fileID:filePath:line:column:)-(Data,_,_,_,_)>).
    ///
    /// - Parameters:
    ///   - message: The message, such as `"HTTP/1.1 404 Not Found\r\n\r\n"`.
    ///   - fileID: The caller's file ID; a message that does not parse is reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The response.
    public static func httpMessage(
        _ message: String,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPStubResponse {
        httpMessage(Data(message.utf8), fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A response read from a file holding a raw HTTP message.
    ///
    /// The file holds a status line, headers, a blank line and the body, such as one saved with
    /// `curl -i -o books.http`.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let fixtures = URL(fileURLWithPath: #filePath)
    ///     .deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// stubs.stub(
    ///     .get("/books"),
    ///     with: .httpMessage(
    ///         contentsOf: fixtures.appendingPathComponent("books.http")))
    /// ```
    ///
    /// - Parameters:
    ///   - url: The file's URL.
    ///   - fileID: The caller's file ID; a missing file or a bad message is reported here.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The response; when the file is missing or does not parse, one that fails
    ///   the request with `URLError(.fileDoesNotExist)` or `URLError(.cannotParseResponse)`.
    public static func httpMessage(
        contentsOf url: URL,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPStubResponse {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            FailureReporter.report(HTTPMessageParser.missingFileMessage(url), at: site)
            return .error(.fileDoesNotExist)
        }
        return parsing(data, named: url.lastPathComponent, at: site)
    }

    /// The response `message` holds; one that does not parse is reported at `site`, by `name`
    /// when it came from a file, and fails the request.
    private static func parsing(_ message: Data, named name: String?, at site: CallSite) -> HTTPStubResponse {
        switch HTTPMessageParser.parse(message) {
        case .success(let parsed):
            return HTTPStubResponse(status: parsed.statusCode, headers: parsed.headers, body: parsed.body)
        case .failure(let problem):
            FailureReporter.report("\(name.map { "\($0) is not" } ?? "Not") an HTTP response message: \(problem.description)", at: site)
            return .error(.cannotParseResponse)
        }
    }
}
