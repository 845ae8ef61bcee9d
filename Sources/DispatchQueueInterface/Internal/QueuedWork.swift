@preconcurrency import Dispatch
import Foundation

/// One block a double holds: a closure, a closure with the group it entered, or a work item.
///
/// The grouped closure is kept in a box of its own, so the common cases stay the size of a
/// closure (17 bytes on 64-bit platforms) and a ``BlockHeap`` entry stays 40 bytes.
enum QueuedWork {
    case closure(@Sendable () -> Void)
    case grouped(Grouped)
    case workItem(DispatchWorkItem)

    /// A closure submitted with a group.
    final class Grouped {
        let work: @Sendable () -> Void
        let group: DispatchGroup

        init(_ work: @escaping @Sendable () -> Void, group: DispatchGroup) {
            self.work = work
            self.group = group
        }
    }

    /// The group the work entered, if any.
    var group: DispatchGroup? {
        if case .grouped(let grouped) = self { return grouped.group }
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
        case .closure(let body, let group, _, _): self = .submitted(body, group: group)
        case .workItem(let item): self = .workItem(item)
        }
    }

    /// A closure, entering `group` as Dispatch does when the work is submitted.
    static func submitted(_ work: @escaping @Sendable () -> Void, group: DispatchGroup?) -> QueuedWork {
        guard let group else { return .closure(work) }
        group.enter()
        return .grouped(Grouped(work, group: group))
    }

    /// Runs the work unless it is a cancelled work item, then leaves the group.
    ///
    /// - Returns: Whether the work ran.
    @discardableResult
    func run() -> Bool {
        switch self {
        case .closure(let work):
            work()
            return true
        case .grouped(let grouped):
            defer { grouped.group.leave() }
            grouped.work()
            return true
        case .workItem(let item):
            guard !item.isCancelled else { return false }
            item.perform()
            return true
        }
    }
}
