import Fixtures
import Foundation
import HTTPStubbing
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPStubResponse {
    /// A response whose body is a fixture file, with its placeholders filled in when values are
    /// given.
    ///
    /// The placeholders are `{{name}}` markers, filled from `values`; `Content-Type` defaults to
    /// `application/json` for `.json` fixtures.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// stubs.stub(
    ///     .get("/books/42"),
    ///     with: .fixture(
    ///         "book-template.json", from: .bookshelfAPI,
    ///         substituting: ["id": "42"]))
    /// ```
    ///
    /// A missing fixture or an unfilled placeholder is reported at the caller's line. The
    /// response then fails the request with an error that names the fixture, so the code under
    /// test sees an error rather than an empty body, and a second failure it causes says where
    /// it came from: `URLError(.fileDoesNotExist)` for a missing fixture,
    /// `URLError(.cannotDecodeContentData)` for one that could not be read or filled in.
    ///
    /// - Parameters:
    ///   - name: The fixture's name, with or without extension, such as `"Catalog/page-1.json"`.
    ///   - fixtures: The loader bound to the test bundle's fixtures.
    ///   - values: Values for the fixture's `{{placeholders}}`; `nil` for a plain fixture.
    ///   - status: The HTTP status code.
    ///   - headers: Response headers; `Content-Type` is added for JSON fixtures unless given.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The response.
    public static func fixture(
        _ name: String,
        from fixtures: FixtureLoader,
        substituting values: [String: String]? = nil,
        status: Int = 200,
        headers: [String: String] = [:],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPStubResponse {
        let reporting = fixtures.reporting
        guard let url = reporting.url(named: name, fileID: fileID, filePath: filePath, line: line, column: column) else {
            return .error(
                .fileDoesNotExist,
                description: "The stub's fixture \"\(name)\" does not exist; the test's failure at \(fileID):\(line) says which fixtures do"
            )
        }
        guard let body = reporting.data(named: name, substituting: values, fileID: fileID, filePath: filePath, line: line, column: column)
        else {
            return .error(
                .cannotDecodeContentData,
                description:
                    "The stub's fixture \"\(name)\" could not be read or filled in; the test's failure at \(fileID):\(line) says why")
        }
        var allHeaders = headers
        let hasContentType = headers.keys.contains { $0.lowercased() == "content-type" }
        if url.pathExtension.lowercased() == "json", !hasContentType {
            allHeaders["Content-Type"] = "application/json"
        }
        return .data(body, status: status, headers: allHeaders)
    }
}
