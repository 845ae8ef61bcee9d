import Dispatch
import Foundation
import TestSupportKit

/// Comparisons for the seams: the manual queue against real Dispatch, the keychain fake against
/// a plain locked dictionary, the key-value store fake against `UserDefaults`.
let seamsComparisons: [Comparison] =
    [
        Comparison(
            name: "10,000 blocks over one virtual hour",
            subjectLabel: "ManualDispatchQueue: asyncAfter(queue.now + x) + advance(by: 1 h)",
            baselineLabel: "DispatchQueue.asyncAfter(.now()) + group",
            operations: 10_000,
            subject: { try await manualQueueRun(blocks: 10_000, drain: .advance) },
            baseline: { await realQueueRun(blocks: 10_000) }
        )
    ]
    + [1_000, 10_000, 100_000, 1_000_000].map { blocks in
        Comparison(
            name: "queue scale: \(blocks.formatted()) blocks, while !isIdle { runNext() }",
            subjectLabel: "ManualDispatchQueue, runNext loop",
            baselineLabel: "DispatchQueue.asyncAfter(.now()) + group",
            operations: blocks,
            subject: { try await manualQueueRun(blocks: blocks, drain: .runNextLoop) },
            baseline: { await realQueueRun(blocks: blocks) },
            scale: .init(family: "queue scale", size: blocks)
        )
    }
    + [10_000, 100_000].map { blocks in
        Comparison(
            name: "queue drain: \(blocks.formatted()) blocks, runNext loop beside runAll",
            subjectLabel: "while !isIdle { runNext() }",
            baselineLabel: "runAll()",
            operations: blocks,
            subject: { try await manualQueueRun(blocks: blocks, drain: .runNextLoop) },
            baseline: { try await manualQueueRun(blocks: blocks, drain: .runAll) }
        )
    } + [
        Comparison(
            name: "keychain set + read, 1,000 accounts",
            subjectLabel: "KeychainFake",
            baselineLabel: "locked [String: Data]",
            operations: 2_000,
            subject: {
                let keychain = KeychainFake()
                let scope = KeychainScope(service: "benchmark")
                let secret = Data("secret".utf8)
                return try await measure {
                    for index in 0..<1_000 {
                        try keychain.set(secret, account: "account-\(index)", in: scope)
                        _ = try keychain.read(account: "account-\(index)", in: scope)
                    }
                }
            },
            baseline: {
                let storage = Locked<[String: Data]>([:])
                let secret = Data("secret".utf8)
                return await measure {
                    for index in 0..<1_000 {
                        storage.withLock { $0["account-\(index)"] = secret }
                        _ = storage.withLock { $0["account-\(index)"] }
                    }
                }
            }
        ),
        Comparison(
            name: "key-value set + integer read, 1,000 keys",
            subjectLabel: "KeyValueStoreFake",
            baselineLabel: "UserDefaults (isolated suite)",
            operations: 2_000,
            subject: {
                let store = KeyValueStoreFake()
                return await measure {
                    for index in 0..<1_000 {
                        store.set(index, forKey: "key-\(index)")
                        _ = store.integer(forKey: "key-\(index)")
                    }
                }
            },
            baseline: {
                let suite = IsolatedUserDefaults()
                defer { suite.remove() }
                let defaults = suite.defaults
                return await measure {
                    for index in 0..<1_000 {
                        defaults.set(index, forKey: "key-\(index)")
                        _ = defaults.integer(forKey: "key-\(index)")
                    }
                }
            }
        ),
    ]

/// How a queue benchmark drains the manual queue.
private enum ManualDrain: Sendable {
    case advance
    case runNextLoop
    case runAll
}

/// Schedules `blocks` blocks at seeded random deadlines within one virtual hour, built from the
/// queue's own `now`, then drains them; both the scheduling and the running are timed, as on
/// the real side.
private func manualQueueRun(blocks: Int, drain: ManualDrain) async throws -> Elapsed {
    var generator = BenchmarkGenerator(seed: UInt64(blocks))
    let offsets = (0..<blocks).map { _ in Int.random(in: 0..<3_600_000, using: &generator) }
    let counter = Locked(0)
    let queue = ManualDispatchQueue(blockLimitPerRun: blocks + 1)
    let elapsed = await measure {
        let start = queue.now
        for milliseconds in offsets {
            queue.asyncAfter(deadline: start + .milliseconds(milliseconds)) { counter.withLock { $0 += 1 } }
        }
        switch drain {
        case .advance:
            queue.advance(by: .seconds(3_600))
        case .runNextLoop:
            while !queue.isIdle { queue.runNext() }
        case .runAll:
            queue.runAll()
        }
    }
    guard counter.value == blocks else { throw QueueBenchmarkError.ranWrongCount(counter.value, expected: blocks) }
    return elapsed
}

/// Real Dispatch cannot skip an hour: every block is due at once, drained through a group.
private func realQueueRun(blocks: Int) async -> Elapsed {
    let queue = DispatchQueue(label: "benchmark.seams.real")
    let group = DispatchGroup()
    let counter = Locked(0)
    return await measure {
        for _ in 0..<blocks {
            group.enter()
            queue.asyncAfter(deadline: .now()) {
                counter.withLock { $0 += 1 }
                group.leave()
            }
        }
        await withCheckedContinuation { continuation in
            group.notify(queue: queue) { continuation.resume() }
        }
    }
}

private enum QueueBenchmarkError: Error {
    case ranWrongCount(Int, expected: Int)
}

/// SplitMix64, so each run schedules the same deadlines.
private struct BenchmarkGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
