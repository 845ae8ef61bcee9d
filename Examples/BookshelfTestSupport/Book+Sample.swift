import Bookshelf
import Foundation

extension Book {
    /// A book for tests: only what a test names differs from these fixed values.
    ///
    /// - Parameters:
    ///   - id: The identifier; fixed unless the test needs distinct books.
    ///   - title: The title.
    ///   - author: The author.
    ///   - status: The reading status.
    ///   - addedAt: When it was added; a fixed date.
    public static func sample(
        id: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)),
        title: String = "Dune",
        author: String = "Frank Herbert",
        status: ReadingStatus = .wantToRead,
        addedAt: Date = Date(timeIntervalSince1970: 1_700_000_000)
    ) -> Book {
        Book(id: id, title: title, author: author, status: status, addedAt: addedAt)
    }
}
