import Bookshelf
import TestSupportKit

/// Fails, at the caller's line, unless `books` has exactly these titles in this order.
///
/// A custom assertion built on the package's one failure path: it reports through
/// `FailureReporter`, so it works in XCTest and Swift Testing alike.
///
/// - Parameters:
///   - books: The books in the order the code under test produced.
///   - titles: The titles expected, in order.
///   - fileID: The caller's file ID.
///   - filePath: The caller's file path.
///   - line: The caller's line.
///   - column: The caller's column.
public func assertShelfOrder(
    _ books: [Book],
    _ titles: [String],
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
) {
    let actual = books.map(\.title)
    guard actual != titles else { return }
    FailureReporter.report(
        "Expected shelf order \(titles), got \(actual)",
        at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    )
}
