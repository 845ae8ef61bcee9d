import Foundation
import LockedValue

/// The threads running one of a queue double's blocks right now, so the double can answer
/// `isCurrentQueue` and tell a `sync` from inside its own work, where a real serial queue would
/// deadlock.
///
/// Each double owns one. A thread is listed once per block it is inside (a block that runs
/// another of the same queue's blocks through `sync` is listed twice), under a lock: one lock to
/// enter and one to leave a run, however many blocks it holds.
final class RunningThreads: Sendable {
    private let threads = Locked<[UInt]>([])

    /// Runs `body` with the calling thread listed as running one of the queue's blocks.
    func running<Result>(_ body: () throws -> Result) rethrows -> Result {
        let thread = Self.current
        threads.withLock { $0.append(thread) }
        defer {
            threads.withLock { threads in
                if let index = threads.lastIndex(of: thread) { threads.remove(at: index) }
            }
        }
        return try body()
    }

    /// Whether the calling thread is running one of the queue's blocks.
    var containsCurrentThread: Bool {
        let thread = Self.current
        return threads.withLock { $0.contains(thread) }
    }

    /// Runs `work` as a `sync` on the queue does, listed as running it; first calls `onReentry`
    /// when the thread is already inside one of the queue's blocks. The one re-entrant `sync` of
    /// both queue doubles.
    func performSync<Result>(onReentry: () -> Void, _ work: () throws -> Result) rethrows -> Result {
        let reentrant = containsCurrentThread
        return try running {
            if reentrant { onReentry() }
            return try work()
        }
    }

    /// The calling thread, as a number that no other living thread has.
    private static var current: UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
