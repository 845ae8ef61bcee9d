import Dispatch
import Foundation
import TestSupportKit

/// Comparisons for the seams: the manual queue against real Dispatch, the keychain fake against
/// a plain locked dictionary, the key-value store fake against `UserDefaults`.
let seamsComparisons: [Comparison] = [
    Comparison(
        name: "10,000 blocks over one virtual hour",
        subjectLabel: "ManualDispatchQueue.advance(by: 1 h)",
        baselineLabel: "DispatchQueue.asyncAfter(.now()) + group",
        operations: 10_000,
        subject: {
            let queue = ManualDispatchQueue()
            let counter = Locked(0)
            var generator = SystemRandomNumberGenerator()
            for _ in 0..<10_000 {
                let milliseconds = Int.random(in: 0..<3_600_000, using: &generator)
                queue.asyncAfter(deadline: .now() + .milliseconds(milliseconds)) { counter.withLock { $0 += 1 } }
            }
            return await measure { queue.advance(by: .seconds(3_600)) }
        },
        baseline: {
            // The real side cannot wait an hour: every block is due at once, drained by a group.
            let queue = DispatchQueue(label: "benchmark.seams.real")
            let group = DispatchGroup()
            let counter = Locked(0)
            return await measure {
                for _ in 0..<10_000 {
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
    ),
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
