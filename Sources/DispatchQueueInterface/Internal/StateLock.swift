import Foundation

/// A queue double's state behind a mutex, for the paths that take the lock once per block.
///
/// It does what `Locked` does, but from inside this module: the compiler specializes and
/// inlines `withLock`, and the state lives behind a pointer, so an access costs no generic call
/// and no run-time exclusivity check.
final class StateLock<Value>: @unchecked Sendable {
    // @unchecked Sendable: `value` is read and written only inside `withLock`, under `mutex`.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let value: UnsafeMutablePointer<Value>

    init(_ initial: Value) {
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        value = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        value.initialize(to: initial)
    }

    deinit {
        value.deinitialize(count: 1)
        value.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value; `body` must not call back into code
    /// that takes the same lock.
    @inline(__always)
    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value.pointee)
    }
}
