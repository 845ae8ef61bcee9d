@preconcurrency import Dispatch
import Foundation

/// One block a double holds: a closure with the group it entered, if any, or a work item.
enum QueuedWork {
    case closure(@Sendable () -> Void, group: DispatchGroup?)
    case workItem(DispatchWorkItem)

    /// The group the work entered, if any.
    var group: DispatchGroup? {
        if case .closure(_, let group) = self { return group }
        return nil
    }

    var isWorkItem: Bool {
        if case .workItem = self { return true }
        return false
    }

    var isCancelled: Bool {
        if case .workItem(let item) = self { return item.isCancelled }
        return false
    }

    /// The work as submitted; a closure enters its group now, as Dispatch does.
    init(_ work: QueueWork) {
        switch work {
        case .closure(let body, let group, _, _):
            group?.enter()
            self = .closure(body, group: group)
        case .workItem(let item): self = .workItem(item)
        }
    }

    /// Runs the work unless it is a cancelled work item, then leaves the group.
    ///
    /// - Returns: Whether the work ran.
    @discardableResult
    func run() -> Bool {
        switch self {
        case .closure(let work, let group):
            defer { group?.leave() }
            work()
            return true
        case .workItem(let item):
            guard !item.isCancelled else { return false }
            item.perform()
            return true
        }
    }
}
