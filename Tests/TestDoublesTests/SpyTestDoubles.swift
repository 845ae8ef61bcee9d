import TestDoubles

/// A value with several properties, for argument diffs.
struct SpyTestBook: Equatable, Sendable {
    var title: String
    var pages: Int
}

struct SpyTestError: Error, Equatable {
    let code: Int
}

/// A protocol with one method of each kind: sync, async, throwing, async throwing.
protocol SpyTestCatalog: Sendable {
    func count() -> Int
    func search(_ query: String) async -> [String]
    func validate(_ book: SpyTestBook) throws
    func fetch(id: Int) async throws -> SpyTestBook
    func save(_ book: SpyTestBook) async throws
}

final class SpyTestCatalogStub: SpyTestCatalog {
    let countSpy = Spy<Void, Int>("count()", strictFallback: 0)
    let searchSpy = Spy<String, [String]>("search(_:)", strictFallback: [])
    let validateSpy = ThrowingSpy<SpyTestBook, Void>("validate(_:)")
    let fetchSpy = ThrowingSpy<Int, SpyTestBook>("fetch(id:)")
    let saveSpy = ThrowingSpy<SpyTestBook, Void>("save(_:)")

    func count() -> Int { countSpy.call() }
    func search(_ query: String) async -> [String] { await searchSpy.call(query) }
    func validate(_ book: SpyTestBook) throws { try validateSpy.call(book) }
    func fetch(id: Int) async throws -> SpyTestBook { try await fetchSpy.call(id) }
    func save(_ book: SpyTestBook) async throws { try await saveSpy.call(book) }
}

/// A main-actor protocol, as view protocols are.
@MainActor
protocol SpyTestView: AnyObject {
    func show(_ titles: [String])
    func showError(_ message: String) async
}

@MainActor
final class SpyTestViewStub: SpyTestView {
    let showSpy = Spy<[String], Void>("show(_:)")
    let showErrorSpy = Spy<String, Void>("showError(_:)")

    func show(_ titles: [String]) { showSpy.call(titles) }
    func showError(_ message: String) async { await showErrorSpy.call(message) }
}

/// An actor-constrained protocol.
protocol SpyTestCache: Actor {
    func value(for key: String) -> Int?
    func store(_ value: Int, for key: String) async throws
}

actor SpyTestCacheStub: SpyTestCache {
    struct Store: Equatable, Sendable {
        var value: Int
        var key: String
    }

    let valueSpy = Spy<String, Int?>("value(for:)", strictFallback: nil)
    let storeSpy = ThrowingSpy<Store, Void>("store(_:for:)")

    func value(for key: String) -> Int? { valueSpy.call(key) }
    func store(_ value: Int, for key: String) async throws { try await storeSpy.call(Store(value: value, key: key)) }
}

/// A method with typed throws.
protocol SpyTestParser: Sendable {
    func parse(_ text: String) throws(SpyTestError) -> Int
}

final class SpyTestParserStub: SpyTestParser {
    let parseSpy = MethodSpy<String, Int, SpyTestError>("parse(_:)", strictFallbackError: SpyTestError(code: -1))

    func parse(_ text: String) throws(SpyTestError) -> Int { try parseSpy.call(text) }
}
