import Bookshelf
import TestSupportKit

// snippet: book-repository-stub
/// A stub of the five-method `BookRepository`: one spy per method, one line
/// per method.
///
/// Shared by both example suites from this test-support target, so its
/// members are public; in an app's own test target the same stub needs no
/// access modifiers.
public final class BookRepositoryStub: BookRepository {
    /// Creates a stub whose lookups answer with empty lists and whose page
    /// fetch is strict.
    public init() {}

    // No names: each spy is named after the stub method that calls it, such
    // as fetchPage(_:).
    // Default answers: answered silently until a test configures another
    // answer.
    public let cachedBooksSpy = Spy<Void, [Book]>(defaultAnswer: [])
    public let recentlyAddedSpy = Spy<Int, [Book]>(defaultAnswer: [])
    public let validateSpy = ThrowingSpy<Book, Void>()
    // Strict: a test that reaches fetchPage(_:) without configuring it
    // fails, naming the method.
    public let fetchPageSpy = ThrowingSpy<Int, CatalogPage>()
    public let saveSpy = ThrowingSpy<Book, Void>()

    public func cachedBooks() -> [Book] { cachedBooksSpy.call() }
    public func recentlyAdded(limit: Int) async -> [Book] {
        await recentlyAddedSpy.call(limit)
    }
    public func validate(_ book: Book) throws { try validateSpy.call(book) }
    public func fetchPage(_ page: Int) async throws -> CatalogPage {
        try await fetchPageSpy.call(page)
    }
    public func save(_ book: Book) async throws {
        try await saveSpy.call(book)
    }
}
// end-snippet
