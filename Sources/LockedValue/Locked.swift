import Foundation

/// A value guarded by a lock: the one thread-safe box every module of the package uses.
///
/// ```swift
/// let calls = Locked<[String]>([])
/// await withTaskGroup(of: Void.self) { group in
///     for index in 0..<100 {
///         group.addTask { calls.withLock { $0.append("call \(index)") } }
///     }
/// }
/// #expect(calls.value.count == 100)
/// ```
///
/// Never call back into user code while holding the lock: copy what you need out of
/// ``withLock(_:)`` and act on it after the closure returns.
public final class Locked<Value>: @unchecked Sendable {
    // @unchecked Sendable: every access to `storage` goes through `lock`.
    @usableFromInline let lock = NSLock()
    // Behind a pointer, so an access needs no run-time exclusivity check: the lock already
    // makes it exclusive. `withLock` is inlinable, so callers in other modules get it
    // specialized; the hot paths of the spies and the manual queue take it once per operation.
    @usableFromInline let storage: UnsafeMutablePointer<Value>

    /// Creates a box holding a value.
    ///
    /// - Parameter value: The initial value.
    public init(_ value: Value) {
        storage = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        storage.initialize(to: value)
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Runs a closure with exclusive access to the value and returns what it returns.
    ///
    /// - Parameter body: A closure that may read and mutate the value. It must not call back
    ///   into code that could take the same lock.
    /// - Returns: What `body` returns.
    @inlinable
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&storage.pointee)
    }

    /// A copy of the current value, read under the lock.
    public var value: Value {
        withLock { $0 }
    }

    /// Replaces the value under the lock and returns the old one.
    ///
    /// - Parameter newValue: The value to store.
    /// - Returns: The value that was stored before.
    @discardableResult
    public func exchange(_ newValue: Value) -> Value {
        withLock { value in
            let old = value
            value = newValue
            return old
        }
    }
}
