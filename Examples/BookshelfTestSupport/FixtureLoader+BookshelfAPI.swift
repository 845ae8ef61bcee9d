import Foundation
import TestSupportKit

// snippet: bookshelf-api-loader
extension FixtureLoader {
    /// The catalog API responses in this test-support target's `Fixtures`
    /// folder (copied with `resources: [.copy("Fixtures")]`, and shared by
    /// both example suites), decoded the way the app's API client decodes
    /// them.
    ///
    /// A `static let` shares one cache of file bytes across the whole run.
    public static let bookshelfAPI = FixtureLoader(
        bundle: .module, makeDecoder: { .bookshelfAPI }
    )
}

extension JSONDecoder {
    /// The catalog API's JSON conventions: ISO-8601 dates.
    public static var bookshelfAPI: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
// end-snippet
