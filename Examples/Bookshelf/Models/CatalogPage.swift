/// One page of the catalog API's book listing.
public struct CatalogPage: Codable, Equatable, Sendable {
    /// The books on this page.
    public var books: [Book]
    /// The number of the next page, or `nil` on the last page.
    public var nextPage: Int?

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - books: The books on this page.
    ///   - nextPage: The next page number, or `nil` on the last page.
    public init(books: [Book], nextPage: Int?) {
        self.books = books
        self.nextPage = nextPage
    }
}
