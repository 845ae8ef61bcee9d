import Dispatch
import DispatchQueueInterface
import TestSupportCore
import Testing

/// A queue of a test's own: it keeps what each call hands to the one requirement.
private final class SchedulingRecorder: DispatchQueueInterface {
    let scheduled = Locked<[String]>([])
    var isMainQueue: Bool { false }
    var isCurrentQueue: Bool { false }

    func schedule(_ work: QueueWork, at time: QueueTime) {
        let workText: String
        switch work {
        case .closure(_, let group, let qos, _): workText = "closure(group: \(group != nil), qos: \(qos.qosClass))"
        case .workItem: workText = "workItem"
        }
        let timeText: String
        switch time {
        case .now: timeText = "now"
        case .deadline: timeText = "deadline"
        case .wallDeadline: timeText = "wallDeadline"
        case .delay(let delay): timeText = "delay(\(Self.milliseconds(delay)) ms)"
        case .wallDelay(let delay): timeText = "wallDelay(\(Self.milliseconds(delay)) ms)"
        }
        scheduled.withLock { $0.append("\(workText) at \(timeText)") }
    }

    private static func milliseconds(_ deadline: QueueDeadline) -> Int {
        let reference = DispatchTime(uptimeNanoseconds: 1_000_000_000)
        return Int(((reference + deadline.delay).uptimeNanoseconds - reference.uptimeNanoseconds) / 1_000_000)
    }

    func performSync<T>(_ work: () throws -> T) rethrows -> T { try work() }
}

@Suite("DispatchQueueInterface.schedule(_:at:)")
struct QueueScheduleTests {
    @Test("async hands a queue of one's own the closure with its group and quality of service, due now")
    func asyncIsNow() {
        let queue = SchedulingRecorder()
        queue.async(group: DispatchGroup(), qos: .userInitiated) {}
        queue.async(execute: DispatchWorkItem {})
        #expect(queue.scheduled.value == ["closure(group: true, qos: userInitiated) at now", "workItem at now"])
    }

    @Test("A delay written inline reaches the queue as a delay, on the clock it was written for")
    func inlineDelayIsADelay() {
        let queue = SchedulingRecorder()
        queue.asyncAfter(deadline: .now() + .milliseconds(300)) {}
        queue.asyncAfter(wallDeadline: .now() + .seconds(2), execute: DispatchWorkItem {})
        #expect(
            queue.scheduled.value == [
                "closure(group: false, qos: unspecified) at delay(300 ms)",
                "workItem at wallDelay(2000 ms)",
            ])
    }

    @Test("A deadline computed elsewhere reaches the queue as a deadline")
    func computedDeadlineIsADeadline() {
        let queue = SchedulingRecorder()
        let deadline = DispatchTime.now() + .milliseconds(300)
        let wallDeadline = DispatchWallTime.now() + .milliseconds(300)
        queue.asyncAfter(deadline: deadline, execute: DispatchWorkItem {})
        queue.asyncAfter(wallDeadline: wallDeadline) {}
        #expect(queue.scheduled.value == ["workItem at deadline", "closure(group: false, qos: unspecified) at wallDeadline"])
    }
}
