// Generated from Docs/Templates/ProtocolStubHandWritten.swift.template by .ci/check-templates --write. Do not edit.

// Template: a hand-written protocol stub with configurable results and call tracking, for teams
// that copy rather than depend. No dependencies beyond Foundation; safe to call from any thread.
//
// Copy into your test target as <YourProtocol>Stub.swift, then rename:
//   ArchiveRepository -> your protocol (Xcode's template fills it in), Item -> your model,
//   and keep, per requirement, one result (or error) and one call list in `State`, and one method.
// For a @MainActor protocol, mark the class @MainActor (the lock then costs nothing but is harmless).

import Foundation
// @testable import YourApp

/// A stub of `ArchiveRepository`: configure results with `configure { }`, read calls from `recorded`.
///
/// ```swift
/// repository.configure { $0.fetchResult = .success(item) }
/// _ = try await viewModel.open(id: 42)
/// XCTAssertEqual(repository.recorded.fetchCalls, [42])
/// ```
final class ArchiveRepositoryStub: ArchiveRepository, @unchecked Sendable {
    /// Raised when a method is called without a configured result.
    enum StubError: Error, Equatable {
        case notConfigured(method: String)
    }

    /// Everything the stub answers with and everything it saw.
    struct State {
        // Configurable results
        var cachedItemsResult: [Item] = []
        var countResult = 0
        var validateError: (any Error)?
        var fetchResult: Result<Item, any Error> = .failure(StubError.notConfigured(method: "fetch(id:)"))
        var moveError: (any Error)?

        // Call tracking, in call order
        var cachedItemsCallCount = 0
        var countCalls: [String] = []
        var validateCalls: [Item] = []
        var fetchCalls: [Int] = []
        var moveCalls: [(id: Int, position: Int)] = []
    }

    // @unchecked Sendable: `state` is only read and written under `lock`.
    private let lock = NSLock()
    private var state = State()

    /// Changes the configuration. Do not call the stub from inside `change`: it runs under the lock.
    ///
    /// - Parameter change: Sets results and errors.
    func configure(_ change: (inout State) -> Void) {
        withState(change)
    }

    /// A snapshot of the results and recorded calls, for assertions.
    var recorded: State {
        withState { $0 }
    }

    /// Forgets all recorded calls and configuration.
    func reset() {
        withState { $0 = State() }
    }

    func cachedItems() -> [Item] {
        withState { state in
            state.cachedItemsCallCount += 1
            return state.cachedItemsResult
        }
    }

    func count(matching query: String) async -> Int {
        withState { state in
            state.countCalls.append(query)
            return state.countResult
        }
    }

    func validate(_ item: Item) throws {
        let error = withState { state in
            state.validateCalls.append(item)
            return state.validateError
        }
        if let error { throw error }
    }

    func fetch(id: Int) async throws -> Item {
        try withState { state in
            state.fetchCalls.append(id)
            return state.fetchResult
        }.get()
    }

    func move(id: Int, to position: Int) async throws {
        let error = withState { state in
            state.moveCalls.append((id, position))
            return state.moveError
        }
        if let error { throw error }
    }

    /// Runs `body` under the lock; synchronous, so async methods may call it too.
    private func withState<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
