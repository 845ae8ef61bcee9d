/// Where the shelf's books come from and go to: the boundary the library screens depend on.
///
/// One method of each kind a Swift protocol can have, as real repositories do.
public protocol BookRepository: Sendable {
    /// The books kept on the device, read synchronously.
    func cachedBooks() -> [Book]
    /// The most recently added books, at most `limit`.
    func recentlyAdded(limit: Int) async -> [Book]
    /// Checks a book before it is saved; throws ``BookValidationError`` when it is not valid.
    func validate(_ book: Book) throws
    /// One page of the catalog.
    func fetchPage(_ page: Int) async throws -> CatalogPage
    /// Saves a book to the shelf.
    func save(_ book: Book) async throws
}

/// Why a book cannot be saved.
public enum BookValidationError: Error, Equatable, Sendable {
    /// The title is empty.
    case emptyTitle
}
