import Bookshelf
import TestSupportKit

/// A stub of the five-method `BookRepository`: one spy per method, one line per method.
final class BookRepositoryStub: BookRepository {
    let cachedBooksSpy = Spy<Void, [Book]>("cachedBooks()", fallback: [])
    let recentlyAddedSpy = Spy<Int, [Book]>("recentlyAdded(limit:)", fallback: [])
    let validateSpy = ThrowingSpy<Book, Void>("validate(_:)")
    let fetchPageSpy = ThrowingSpy<Int, CatalogPage>("fetchPage(_:)")
    let saveSpy = ThrowingSpy<Book, Void>("save(_:)")

    func cachedBooks() -> [Book] { cachedBooksSpy.call() }
    func recentlyAdded(limit: Int) async -> [Book] { await recentlyAddedSpy.call(limit) }
    func validate(_ book: Book) throws { try validateSpy.call(book) }
    func fetchPage(_ page: Int) async throws -> CatalogPage { try await fetchPageSpy.call(page) }
    func save(_ book: Book) async throws { try await saveSpy.call(book) }
}
