/// Orders books for the shelf screen: books being read first, then the ones waiting, then the
/// finished ones, each group by title.
public final class ShelfSorter {
    /// Creates a sorter.
    public init() {}

    /// `books` in shelf order.
    ///
    /// - Parameter books: The books to order.
    /// - Returns: Reading, then want-to-read, then finished books, each group sorted by title.
    public func sorted(_ books: [Book]) -> [Book] {
        books.sorted { lhs, rhs in
            let left = rank(lhs.status)
            let right = rank(rhs.status)
            return left != right ? left < right : lhs.title.localizedCaseInsensitiveCompare(rhs.title) == .orderedAscending
        }
    }

    private func rank(_ status: ReadingStatus) -> Int {
        switch status {
        case .reading: 0
        case .wantToRead: 1
        case .finished: 2
        }
    }
}
