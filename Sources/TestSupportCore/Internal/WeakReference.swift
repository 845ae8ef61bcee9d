import Foundation

/// A weak reference that may cross threads.
final class WeakReference: @unchecked Sendable {
    // @unchecked Sendable: the weak slot is only read and written under `lock`.
    private let lock = NSLock()
    private weak var storage: AnyObject?

    init(_ object: AnyObject) {
        storage = object
    }

    var object: AnyObject? {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
