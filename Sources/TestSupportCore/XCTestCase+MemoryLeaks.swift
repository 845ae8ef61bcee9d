import XCTest

extension XCTestCase {
    /// Fails the test at teardown if the instance has not been deallocated by then.
    ///
    /// ```swift
    /// final class BookListViewModelTests: XCTestCase {
    ///     @MainActor func test_load_whenFinished_releasesViewModel() async {
    ///         let viewModel = BookListViewModel(repository: BookRepositoryStub())
    ///         trackForMemoryLeaks(viewModel)
    ///         await viewModel.load()
    ///     }
    /// }
    /// ```
    ///
    /// The failure names the type and points at the line that called this method. The instance
    /// is held weakly, so tracking never keeps it alive.
    ///
    /// - Parameters:
    ///   - instance: The object that must be gone when the test ends.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func trackForMemoryLeaks(
        _ instance: AnyObject,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let tracker = LeakTracker()
        tracker.track(instance, fileID: fileID, filePath: filePath, line: line, column: column)
        addTeardownBlock {
            tracker.reportLeaks(checkedAt: .endOfTest)
        }
    }
}
