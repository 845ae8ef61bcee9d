import Foundation

/// Everything that can happen to the library's state, dispatched to the ``LibraryStore``.
public enum LibraryAction: Equatable, Sendable {
    /// The user asked for fresh books.
    case refreshRequested
    /// The catalog returned books.
    case booksLoaded([Book])
    /// The catalog request failed; the message to show.
    case loadFailed(String)
    /// The user moved a book to another reading status.
    case statusChanged(id: UUID, to: ReadingStatus)
}
