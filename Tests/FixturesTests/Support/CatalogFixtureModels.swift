import Fixtures

/// The shape of the book entries in this target's JSON fixtures.
struct FixtureBook: Decodable, Equatable, Sendable {
    var id: Int
    var title: String
    var pageCount: Int
    var tags: [String]
}

/// The shape of the catalog pages in this target's JSON fixtures.
struct FixtureCatalog: Decodable, Equatable, Sendable {
    var books: [FixtureBook]
    var nextPage: Int?
}

extension FixtureLoader {
    /// This test target's fixtures: `Tests/FixturesTests/Fixtures`, copied with
    /// `resources: [.copy("Fixtures")]`.
    static let tests = FixtureLoader(bundle: .module)
}
