import TestSupportCore

/// Where a stub was created, and whether it was generated, so its spies report unanswered calls at
/// the test's line with advice that fits the stub.
///
/// A generated stub takes the caller's location in its initializer and hands it to each spy, so
/// an unconfigured call is reported where the test created the stub, not in a file marked "Do not
/// edit":
///
/// ```swift
/// final class GeneratedCoverLoaderStub: CoverLoading {
///     let loadCoverSpy = CompletionSpy<Book.ID, Result<Data, any Error>>(
///         "loadCover(for:completion:)")
///
///     init(
///         fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///         line: UInt = #line, column: UInt = #column
///     ) {
///         let origin = StubOrigin(
///             "GeneratedCoverLoaderStub", isGenerated: true,
///             fileID: fileID, filePath: filePath, line: line, column: column)
///         loadCoverSpy.reportsUnansweredCalls(at: origin)
///     }
///
///     func loadCover(
///         for id: Book.ID,
///         completion: @escaping (Result<Data, any Error>) -> Void
///     ) {
///         loadCoverSpy.call(id, completion: completion)
///     }
/// }
/// ```
public struct StubOrigin: Sendable {
    /// The stub's type name, as failure messages print it.
    public let stub: String
    /// Whether the stub is generated, so failure messages never advise editing it.
    public let isGenerated: Bool
    let site: CallSite

    /// Creates the origin of a stub created at the caller's line.
    ///
    /// - Parameters:
    ///   - stub: The stub's type name.
    ///   - isGenerated: Whether a tool generated the stub's source.
    ///   - fileID: The file ID where the test created the stub.
    ///   - filePath: The file path where the test created the stub.
    ///   - line: The line where the test created the stub.
    ///   - column: The column where the test created the stub.
    public init(
        _ stub: String,
        isGenerated: Bool = false,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.stub = stub
        self.isGenerated = isGenerated
        self.site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
