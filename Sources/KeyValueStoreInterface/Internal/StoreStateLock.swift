import Foundation

/// A value guarded by a lock, for the key-value store fake's state.
///
/// This module is production-safe and cannot import TestSupportCore's `Locked`, so it keeps
/// this small equivalent. Never call back into user code while holding the lock.
final class StoreStateLock<Value>: @unchecked Sendable {
    // @unchecked Sendable: every access to `storage` goes through `lock`.
    private let lock = NSLock()
    private var storage: Value

    init(_ value: Value) {
        storage = value
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage)
    }

    var value: Value {
        withLock { $0 }
    }
}
