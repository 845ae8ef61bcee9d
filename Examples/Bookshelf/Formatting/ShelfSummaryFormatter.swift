/// Formats the one-line summary shown above the shelf, such as "3 books · 1 finished".
public final class ShelfSummaryFormatter {
    /// Creates a formatter.
    public init() {}

    /// The summary of `books`: how many there are and how many are finished.
    ///
    /// - Parameter books: The books on the shelf.
    /// - Returns: "No books yet" for an empty shelf, else "N book(s) · M finished".
    public func summary(of books: [Book]) -> String {
        guard !books.isEmpty else { return "No books yet" }
        let finished = books.filter { $0.status == .finished }.count
        let noun = books.count == 1 ? "book" : "books"
        return "\(books.count) \(noun) · \(finished) finished"
    }
}
