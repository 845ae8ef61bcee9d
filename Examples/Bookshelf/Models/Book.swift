import Foundation

/// A book on the user's shelf, as the catalog API returns it.
public struct Book: Codable, Equatable, Hashable, Sendable, Identifiable {
    /// The catalog's identifier for the book.
    public var id: UUID
    /// The title as printed on the cover.
    public var title: String
    /// The author's display name.
    public var author: String
    /// Where the reader is with the book.
    public var status: ReadingStatus
    /// When the book was added to the shelf.
    public var addedAt: Date

    /// Creates a book.
    ///
    /// - Parameters:
    ///   - id: The catalog identifier.
    ///   - title: The title.
    ///   - author: The author's display name.
    ///   - status: The reading status.
    ///   - addedAt: When it was added to the shelf.
    public init(id: UUID, title: String, author: String, status: ReadingStatus, addedAt: Date) {
        self.id = id
        self.title = title
        self.author = author
        self.status = status
        self.addedAt = addedAt
    }
}

/// Where a reader is with a book.
public enum ReadingStatus: String, Codable, Sendable, CaseIterable {
    /// On the shelf, not started.
    case wantToRead = "want_to_read"
    /// Being read now.
    case reading
    /// Read to the end.
    case finished
}
