import Foundation

/// The queue doubles whose blocks the calling thread is running, innermost first, kept in a
/// thread-local list whose frames live on the stack of the run methods: marking a thread as
/// inside a queue costs a thread-local read and two writes, and no lock.
///
/// Only the calling thread ever asks about itself (`isCurrentQueue`, a `sync` from inside the
/// queue's own work), which is exactly what a thread-local answers.
enum RunningQueues {
    /// One queue the thread is inside, and the frame it covers.
    private struct Frame {
        let queue: ObjectIdentifier
        let outer: UnsafeMutableRawPointer?
    }

    /// The thread-local slot, or `nil` if the process has run out of them: then no thread is
    /// ever marked, rather than a slot of someone else's being written.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// Runs `body` with the calling thread marked as running a block of `queue`.
    static func running<Result>(_ queue: AnyObject, _ body: () throws -> Result) rethrows -> Result {
        guard let key = Self.key else { return try body() }
        let outer = pthread_getspecific(key)
        var frame = Frame(queue: ObjectIdentifier(queue), outer: outer)
        return try withUnsafeMutablePointer(to: &frame) { frame in
            pthread_setspecific(key, frame)
            defer { pthread_setspecific(key, outer) }
            return try body()
        }
    }

    /// Whether the calling thread is running a block of `queue`.
    static func contains(_ queue: AnyObject) -> Bool {
        guard let key else { return false }
        let identifier = ObjectIdentifier(queue)
        var current = pthread_getspecific(key)
        while let frame = current?.assumingMemoryBound(to: Frame.self) {
            if frame.pointee.queue == identifier { return true }
            current = frame.pointee.outer
        }
        return false
    }

    /// Runs `work` as a `sync` on `queue` does, marked as running it; first calls `onReentry`
    /// when the thread is already inside one of the queue's blocks, where a real serial queue
    /// would deadlock. The one re-entrant `sync` of both queue doubles.
    static func performSync<Result>(on queue: AnyObject, onReentry: () -> Void, _ work: () throws -> Result) rethrows -> Result {
        let reentrant = contains(queue)
        return try running(queue) {
            if reentrant { onReentry() }
            return try work()
        }
    }
}
