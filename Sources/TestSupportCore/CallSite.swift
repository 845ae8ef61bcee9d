/// The place in the caller's source that a failure should point at.
///
/// Every public helper in the package takes `fileID`, `filePath`, `line` and `column`
/// defaulted at its own call site and passes them on as a `CallSite`, so a failure lands on
/// the user's line rather than inside the library.
///
/// ```swift
/// public func expectEmpty<C: Collection>(
///     _ collection: C,
///     fileID: StaticString = #fileID, filePath: StaticString = #filePath,
///     line: UInt = #line, column: UInt = #column
/// ) {
///     guard !collection.isEmpty else { return }
///     FailureReporter.report(
///         "Expected an empty collection, found \(collection.count) elements",
///         at: CallSite(
///             fileID: fileID, filePath: filePath, line: line, column: column)
///     )
/// }
/// ```
public struct CallSite: Sendable, Hashable, CustomStringConvertible {
    /// XCTest's `XCTFail` takes the path only as a `StaticString`; kept when the call site
    /// came from `#filePath`.
    let staticFilePath: StaticString?

    /// The file ID of the call, such as the module name and the file name.
    ///
    /// The `#fileID` of the call, such as `MyAppTests/LoginTests.swift`.
    public var fileID: String
    /// The full file path of the call, which XCTest needs.
    ///
    /// The `#filePath` of the call.
    public var filePath: String
    /// The 1-based line of the call.
    public var line: Int
    /// The 1-based column of the call.
    public var column: Int

    /// Captures the location of the code that calls this initializer, or of the given values.
    ///
    /// - Parameters:
    ///   - fileID: The file ID; defaults to the caller's `#fileID`.
    ///   - filePath: The file path; defaults to the caller's `#filePath`.
    ///   - line: The line; defaults to the caller's `#line`.
    ///   - column: The column; defaults to the caller's `#column`.
    public init(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        self.staticFilePath = filePath
        self.fileID = "\(fileID)"
        self.filePath = "\(filePath)"
        self.line = Int(line)
        self.column = Int(column)
    }

    /// Creates a call site from already-converted values, for example one read from a log.
    ///
    /// - Parameters:
    ///   - fileID: The file ID, such as `MyAppTests/LoginTests.swift`.
    ///   - filePath: The full file path.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    public init(fileID: String, filePath: String, line: Int, column: Int) {
        self.staticFilePath = nil
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    public static func == (lhs: CallSite, rhs: CallSite) -> Bool {
        lhs.fileID == rhs.fileID && lhs.filePath == rhs.filePath && lhs.line == rhs.line && lhs.column == rhs.column
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fileID)
        hasher.combine(filePath)
        hasher.combine(line)
        hasher.combine(column)
    }

    /// The call site in the form compilers and test runners print.
    ///
    /// `fileID:line:column`.
    public var description: String { "\(fileID):\(line):\(column)" }
}
