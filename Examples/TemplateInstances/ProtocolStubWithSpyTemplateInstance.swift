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
    // Synchronous: after a reported failure, an unconfigured call returns the fallback.
    let cachedItemsSpy = Spy<Void, [Item]>("cachedItems()", fallback: [])
    // Asynchronous, not throwing.
    let countSpy = Spy<String, Int>("count(matching:)", fallback: 0)
    // Throwing, returning nothing: records and returns until a test configures an error.
    let validateSpy = ThrowingSpy<Item, Void>("validate(_:)")
    // Async throwing: after a reported failure, an unconfigured call throws SpyError.noAnswer.
    let fetchSpy = ThrowingSpy<Int, Item>("fetch(id:)")
    // Several arguments: a tuple (verify with expectCalled(matching:where:)) or an Equatable struct.
    let moveSpy = ThrowingSpy<(id: Int, position: Int), Void>("move(id:to:)")

    func cachedItems() -> [Item] { cachedItemsSpy.call() }
    func count(matching query: String) async -> Int { await countSpy.call(query) }
    func validate(_ item: Item) throws { try validateSpy.call(item) }
    func fetch(id: Int) async throws -> Item { try await fetchSpy.call(id) }
    func move(id: Int, to position: Int) async throws { try await moveSpy.call((id, position)) }
}
