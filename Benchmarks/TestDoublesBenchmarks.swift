import Foundation
import TestSupportKit

/// Comparisons for the TestDoubles module: the cost of one recorded spy call against the
/// hand-written stub teams write today (a class appending each argument to an array).
let testDoublesComparisons: [Comparison] = [
    Comparison(
        name: "Spy call, single-threaded",
        subjectLabel: "Spy<Int, Int>.call",
        baselineLabel: "hand-written stub, array append",
        operations: spyBenchmarkCalls,
        subject: {
            let spy = Spy<Int, Int>("fetch(id:)", fallback: 0)
            spy.returns(1)
            return await measure { callSpySynchronously(spy, times: spyBenchmarkCalls, from: 0) }
        },
        baseline: {
            let stub = HandWrittenFetchStub()
            return await measure { callStubSynchronously(stub, times: spyBenchmarkCalls, from: 0) }
        }
    ),
    Comparison(
        name: "Spy call, async method, single-threaded",
        subjectLabel: "ThrowingSpy<Int, Int>.call (await)",
        baselineLabel: "hand-written async stub, array append",
        operations: spyBenchmarkCalls,
        subject: {
            let spy = ThrowingSpy<Int, Int>("fetch(id:)")
            spy.returns(1)
            return try await measure {
                for index in 0..<spyBenchmarkCalls { _ = try await spy.call(index) }
            }
        },
        baseline: {
            let stub = HandWrittenFetchStub()
            return try await measure {
                for index in 0..<spyBenchmarkCalls { _ = try await stub.fetchAsync(id: index) }
            }
        }
    ),
    Comparison(
        name: "Spy call, 8 concurrent tasks",
        subjectLabel: "Spy<Int, Int>.call",
        baselineLabel: "hand-written stub, NSLock + array append",
        operations: spyBenchmarkCalls,
        subject: {
            let spy = Spy<Int, Int>("fetch(id:)", fallback: 0)
            spy.returns(1)
            return await measure {
                await withTaskGroup(of: Void.self) { group in
                    for task in 0..<8 {
                        group.addTask { callSpySynchronously(spy, times: spyBenchmarkCalls / 8, from: task * spyBenchmarkCalls / 8) }
                    }
                }
            }
        },
        baseline: {
            let stub = LockedHandWrittenFetchStub()
            return await measure {
                await withTaskGroup(of: Void.self) { group in
                    for task in 0..<8 {
                        group.addTask {
                            for index in 0..<spyBenchmarkCalls / 8 { _ = stub.fetch(id: task * spyBenchmarkCalls / 8 + index) }
                        }
                    }
                }
            }
        }
    ),
]

/// Calls per run; a multiple of 8 so the concurrent rows split it evenly.
private let spyBenchmarkCalls = 100_000

/// Calls the synchronous overload, as a stub's synchronous method does.
private func callSpySynchronously(_ spy: Spy<Int, Int>, times: Int, from first: Int) {
    for index in first..<first + times { _ = spy.call(index) }
}

private func callStubSynchronously(_ stub: HandWrittenFetchStub, times: Int, from first: Int) {
    for index in first..<first + times { _ = stub.fetch(id: index) }
}

/// The usual hand-written stub: a configurable result and an array of calls, no lock (single-threaded only).
private final class HandWrittenFetchStub: @unchecked Sendable {
    // @unchecked Sendable: only used from one task at a time in the single-threaded rows.
    var fetchResult = 1
    private(set) var fetchCalls: [Int] = []

    func fetch(id: Int) -> Int {
        fetchCalls.append(id)
        return fetchResult
    }

    func fetchAsync(id: Int) async throws -> Int {
        fetchCalls.append(id)
        return fetchResult
    }
}

/// The same stub made safe for concurrent calls the way a careful author would: one NSLock.
private final class LockedHandWrittenFetchStub: @unchecked Sendable {
    // @unchecked Sendable: `fetchCalls` is only touched under `lock`.
    private let lock = NSLock()
    private let fetchResult = 1
    private var fetchCalls: [Int] = []

    func fetch(id: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        fetchCalls.append(id)
        return fetchResult
    }
}
