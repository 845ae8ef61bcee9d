/// A model the protocol-stub templates are instantiated against.
struct Item: Equatable, Sendable {
    let id: Int
}

/// The five requirement shapes the spy-based stub template covers: synchronous, async, throwing,
/// async throwing, and several arguments.
protocol ItemRepository: Sendable {
    func cachedItems() -> [Item]
    func count(matching query: String) async -> Int
    func validate(_ item: Item) throws
    func fetch(id: Int) async throws -> Item
    func move(id: Int, to position: Int) async throws
}

/// The same shapes, for the hand-written stub template's instance.
protocol ArchiveRepository: Sendable {
    func cachedItems() -> [Item]
    func count(matching query: String) async -> Int
    func validate(_ item: Item) throws
    func fetch(id: Int) async throws -> Item
    func move(id: Int, to position: Int) async throws
}
