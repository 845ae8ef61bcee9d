import Bookshelf
import TestSupportKit

/// The outage a flaky catalog fetch throws.
public struct CatalogOutage: Error, Equatable {
    /// Creates an outage.
    public init() {}
}

/// A catalog fetch that throws ``CatalogOutage`` for its first `failures` calls and then answers
/// `page`: a spy with answers in order, standing in for a flaky network.
///
/// - Parameters:
///   - failures: How many calls fail before the first success.
///   - page: The page every later call returns.
/// - Returns: A spy whose `call(_:)` is the fetch and whose `callCount` counts the attempts.
public func makeFlakyCatalogFetch(failures: Int, then page: CatalogPage) -> ThrowingSpy<Int, CatalogPage> {
    let fetch = ThrowingSpy<Int, CatalogPage>("fetch(page:)")
    fetch.results(inOrder: Array(repeating: .failure(CatalogOutage()), count: failures) + [.success(page)])
    return fetch
}
