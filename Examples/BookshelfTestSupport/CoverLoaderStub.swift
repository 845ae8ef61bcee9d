import Bookshelf
import Foundation
import TestSupportKit

// snippet: completion-spy-stub
/// A stub of the callback-based `CoverLoading`: its spy completes each call
/// with the answer the test configured, or holds it for the test to
/// complete, and the stub checks all its calls.
public final class CoverLoaderStub: CoverLoading, SpyingStub {
    /// Creates a stub whose loads fail the test until it configures or
    /// holds them.
    public init() {}

    public let loadCoverSpy =
        CompletionSpy<Book.ID, Result<Data, any Error>>()

    public func loadCover(
        for id: Book.ID,
        completion: @escaping (Result<Data, any Error>) -> Void
    ) {
        loadCoverSpy.call(id, completion: completion)
    }
}
// end-snippet
