import TestSupportCore

// The registry's earlier names, kept so that code written against them still builds with a
// fix-it. Each forwards to the new name and goes in a later minor release.
extension HTTPStubRegistry {
    /// Checks how many recorded requests a matcher matches; renamed.
    ///
    /// Renamed `expectRequested(_:count:)`: it checks that exactly `count` recorded requests match
    /// `matcher`.
    ///
    /// - Parameters:
    ///   - matcher: The requests to count.
    ///   - count: How many there should be.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    @available(*, deprecated, renamed: "expectRequested(_:count:fileID:filePath:line:column:)")
    public func verify(
        _ matcher: HTTPRequestMatcher,
        count: Int = 1,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expectRequested(matcher, count: count, fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Reports the unhandled-request failures kept from URLSession threads; renamed.
    ///
    /// Renamed `expectNoUnhandledRequests()`.
    @available(*, deprecated, renamed: "expectNoUnhandledRequests()")
    public func verifyNoUnhandledRequests() {
        expectNoUnhandledRequests()
    }

    /// Checks that every registered stub answered at least once; renamed.
    ///
    /// Renamed `expectAllStubsUsed()`.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    @available(*, deprecated, renamed: "expectAllStubsUsed(fileID:filePath:line:column:)")
    public func verifyAllStubsUsed(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        expectAllStubsUsed(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Answers successive requests with responses in order, then is used up; replaced.
    ///
    /// Replaced by `stub(_:priority:times:inOrder:)`, whose default repeats the last response
    /// instead; pass it `times: responses.count` to keep this end.
    ///
    /// - Parameters:
    ///   - matcher: Which requests to answer.
    ///   - priority: Higher answers first.
    ///   - responses: The answers, in order; must not be empty.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A handle to count its answers or remove it.
    @available(
        *, deprecated, renamed: "stub(_:priority:times:inOrder:fileID:filePath:line:column:)",
        message: "inOrder: repeats the last response; pass times: responses.count to be used up after the last one, as sequence: was"
    )
    @discardableResult
    public func stub(
        _ matcher: HTTPRequestMatcher,
        priority: Int = 0,
        sequence responses: [HTTPStubResponse],
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> HTTPStub {
        stub(
            matcher, priority: priority, times: responses.isEmpty ? nil : responses.count, inOrder: responses, fileID: fileID,
            filePath: filePath, line: line, column: column)
    }
}
