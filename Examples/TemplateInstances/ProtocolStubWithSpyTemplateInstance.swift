// Generated from Docs/Templates/ProtocolStubWithSpy.swift.template by .ci/check-templates --write. Do not edit.

// Template: a protocol stub built on TestDoubles' spies, one spy per method.
//
// Copy into your test target as <YourProtocol>Stub.swift, then rename:
//   ItemRepository -> your protocol (Xcode's template fills it in), Item -> your model,
//   and keep one spy line + one method line per requirement (the five shapes below cover
//   synchronous, async, throwing, async throwing and several arguments).
// For a @MainActor protocol, mark the class @MainActor; for an actor-constrained protocol
// (`protocol X: Actor`), make it an `actor`. Spies are Sendable, so all three work as is.
// If your package does not declare the protocol's module, nothing else is needed: spies are
// plain values, there is no conformance to add.

import TestDoubles // or: import TestSupportKit
// @testable import YourApp

/// A stub of `ItemRepository` for tests: each spy records its method's calls and answers them.
///
/// Configure: `repository.fetchSpy.returns(item)`, `.throws(error)`, `.returns(inOrder: [a, b])`,
///            `.answers { id in … }`, `.suspendCalls()`
/// Verify:    `repository.fetchSpy.expectCalledOnce(with: 42)`, `.expectNotCalled()`,
///            `expectInOrder(repository.validateSpy, repository.moveSpy)`
final class ItemRepositoryStub: ItemRepository {
    // No names needed: each spy is named after the stub method that calls it, e.g. fetch(id:).
    // Synchronous, with a default answer: unconfigured calls return [] silently, even after reset().
    let cachedItemsSpy = Spy<Void, [Item]>(defaultAnswer: [])
    // Asynchronous, strict: an unconfigured call fails the test, then returns the fallback.
    let countSpy = Spy<String, Int>(strictFallback: 0)
    // Throwing, returning nothing: records and returns until a test configures an error.
    let validateSpy = ThrowingSpy<Item, Void>()
    // Async throwing, strict: an unconfigured call fails the test and throws SpyError.noAnswer.
    let fetchSpy = ThrowingSpy<Int, Item>()
    // Several arguments: a tuple; verify with moveSpy.expectCalledOnce(with: 42, 3).
    let moveSpy = ThrowingSpy<(Int, Int), Void>()

    func cachedItems() -> [Item] { cachedItemsSpy.call() }
    func count(matching query: String) async -> Int { await countSpy.call(query) }
    func validate(_ item: Item) throws { try validateSpy.call(item) }
    func fetch(id: Int) async throws -> Item { try await fetchSpy.call(id) }
    func move(id: Int, to position: Int) async throws { try await moveSpy.call((id, position)) }
}
