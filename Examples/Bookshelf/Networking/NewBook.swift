/// A book the reader wants to add; the server assigns its identifier and date.
public struct NewBook: Codable, Equatable, Sendable {
    /// The title as printed on the cover.
    public var title: String
    /// The author's display name.
    public var author: String
    /// Where the reader is with the book.
    public var status: ReadingStatus

    /// Creates a book to add.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - author: The author's display name.
    ///   - status: The reading status.
    public init(title: String, author: String, status: ReadingStatus) {
        self.title = title
        self.author = author
        self.status = status
    }
}
