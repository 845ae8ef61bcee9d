// Generated from Docs/Templates/XCTestCase.swift.template by .ci/check-templates --write. Do not edit.

import TestSupportKit
import XCTest
@testable import Bookshelf

final class ShelfSummaryFormatterTests: XCTestCase {
    // MARK: - init

    func test_init_whenReleased_leavesNoInstanceBehind() {
        _ = makeSUT()
    }

    // MARK: - Helpers

    /// Builds the system under test with its doubles and checks at teardown that it was released.
    private func makeSUT(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> ShelfSummaryFormatter {
        let sut = ShelfSummaryFormatter()
        trackForMemoryLeaks(sut, fileID: fileID, filePath: filePath, line: line, column: column)
        return sut
    }
}
