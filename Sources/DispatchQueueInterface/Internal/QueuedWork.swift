@preconcurrency import Dispatch
import Foundation

/// One block a double holds: a closure or a work item, with the group it entered.
struct QueuedWork {
    enum Body {
        case closure(@Sendable () -> Void)
        case workItem(DispatchWorkItem)
    }

    let body: Body
    let group: DispatchGroup?

    var isWorkItem: Bool {
        if case .workItem = body { return true }
        return false
    }

    var isCancelled: Bool {
        if case .workItem(let item) = body { return item.isCancelled }
        return false
    }

    /// Enters the group, as Dispatch does when the work is submitted.
    static func submitted(_ body: Body, group: DispatchGroup?) -> QueuedWork {
        group?.enter()
        return QueuedWork(body: body, group: group)
    }

    /// Runs the body unless it is a cancelled work item, then leaves the group.
    /// - Returns: Whether the body ran.
    @discardableResult
    func run() -> Bool { Self.run(body, group: group) }

    /// Runs `body` unless it is a cancelled work item, then leaves `group`; for holders that keep
    /// the two apart.
    /// - Returns: Whether the body ran.
    static func run(_ body: Body, group: DispatchGroup?) -> Bool {
        defer { group?.leave() }
        switch body {
        case .closure(let work):
            work()
            return true
        case .workItem(let item):
            guard !item.isCancelled else { return false }
            item.perform()
            return true
        }
    }
}

/// The threads currently running a double's blocks, to answer `isCurrentQueue` and to spot a
/// `sync` from inside the queue's own work.
struct RunningThreads {
    private var identifiers: [ThreadKey] = []

    /// The calling thread, from `pthread_self()` (cheaper than `Thread.current`, and unique
    /// among running threads, which is all this needs).
    static var currentThread: ThreadKey {
        #if canImport(Darwin)
        ThreadKey(raw: UInt(bitPattern: pthread_self()))
        #else
        ThreadKey(raw: UInt(pthread_self()))
        #endif
    }

    var containsCurrentThread: Bool { identifiers.contains(Self.currentThread) }

    mutating func enter() { enter(Self.currentThread) }

    mutating func leave() { leave(Self.currentThread) }

    /// Marks `thread` (read once by the caller, outside any lock) as running a block.
    mutating func enter(_ thread: ThreadKey) { identifiers.append(thread) }

    /// Unmarks `thread`.
    mutating func leave(_ thread: ThreadKey) {
        if let index = identifiers.lastIndex(of: thread) {
            identifiers.remove(at: index)
        }
    }
}

/// A running thread's identity.
struct ThreadKey: Equatable {
    let raw: UInt
}
