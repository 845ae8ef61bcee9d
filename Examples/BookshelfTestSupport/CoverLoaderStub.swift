import Bookshelf
import Foundation
import TestSupportKit

// snippet: completion-spy-stub
/// A stub of the callback-based `CoverLoading`: its spy keeps each call's completion handler
/// until the test completes it, and the stub can check all its calls at once.
public final class CoverLoaderStub: CoverLoading, SpyingStub {
    /// Creates a stub whose loads wait until the test completes them.
    public init() {}

    public let loadCoverSpy = CompletionSpy<Book.ID, Result<Data, any Error>>()

    public func loadCover(for id: Book.ID, completion: @escaping (Result<Data, any Error>) -> Void) {
        loadCoverSpy.call(id, completion: completion)
    }
}
// end-snippet
