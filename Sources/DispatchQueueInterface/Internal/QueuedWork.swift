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
    func run() -> Bool {
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
