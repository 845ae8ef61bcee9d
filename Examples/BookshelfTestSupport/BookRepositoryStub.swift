import Bookshelf
import TestSupportKit

// snippet: book-repository-stub
/// A stub of the five-method `BookRepository`: one spy per method, one line per method.
///
/// Shared by both example suites from this test-support target, so its members are public; in
/// an app's own test target the same stub needs no access modifiers.
public final class BookRepositoryStub: BookRepository {
    /// Creates a stub whose spies have no answers configured.
    public init() {}

    public let cachedBooksSpy = Spy<Void, [Book]>("cachedBooks()", fallback: [])
    public let recentlyAddedSpy = Spy<Int, [Book]>("recentlyAdded(limit:)", fallback: [])
    public let validateSpy = ThrowingSpy<Book, Void>("validate(_:)")
    public let fetchPageSpy = ThrowingSpy<Int, CatalogPage>("fetchPage(_:)")
    public let saveSpy = ThrowingSpy<Book, Void>("save(_:)")

    public func cachedBooks() -> [Book] { cachedBooksSpy.call() }
    public func recentlyAdded(limit: Int) async -> [Book] { await recentlyAddedSpy.call(limit) }
    public func validate(_ book: Book) throws { try validateSpy.call(book) }
    public func fetchPage(_ page: Int) async throws -> CatalogPage { try await fetchPageSpy.call(page) }
    public func save(_ book: Book) async throws { try await saveSpy.call(book) }
}
// end-snippet
