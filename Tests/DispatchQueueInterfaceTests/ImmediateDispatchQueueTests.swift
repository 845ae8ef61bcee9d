import Dispatch
import DispatchQueueInterface
import TestSupportCore
import Testing

@Suite("ImmediateDispatchQueue")
struct ImmediateDispatchQueueTests {
    @Test("async runs the block before returning")
    func asyncRunsAtOnce() {
        let queue = ImmediateDispatchQueue()
        let ran = Locked(false)

        queue.async { ran.exchange(true) }

        #expect(ran.value)
        #expect(queue.blocksRun == 1)
    }

    @Test("asyncAfter runs the block at once, whatever the deadline")
    func asyncAfterRunsAtOnce() {
        let queue: ImmediateDispatchQueue = .immediate
        let ran = Locked(0)

        queue.asyncAfter(deadline: .now() + 3_600) { ran.withLock { $0 += 1 } }
        queue.asyncAfter(wallDeadline: .now() + 3_600) { ran.withLock { $0 += 1 } }

        #expect(ran.value == 2)
    }

    @Test("A cancelled work item is skipped")
    func cancelledWorkItemIsSkipped() {
        let queue = ImmediateDispatchQueue()
        let ran = Locked(false)
        let item = DispatchWorkItem { ran.exchange(true) }
        item.cancel()

        queue.asyncAfter(deadline: .now() + 1, execute: item)

        #expect(ran.value == false)
        #expect(queue.blocksRun == 0)
    }

    @Test("sync from inside its own work records the deadlock instead of hanging")
    func syncFromOwnWorkRecordsDeadlock() {
        let queue = ImmediateDispatchQueue(label: "io")

        queue.async { queue.sync {} }

        #expect(queue.misuses.map(\.kind) == [.syncFromOwnWork])
    }

    @Test("The main double answers isMainQueue and runs asyncIfNotCurrent at once")
    func mainDouble() {
        let queue: ImmediateDispatchQueue = .immediateMain
        let ran = Locked(false)

        queue.asyncIfNotCurrent { ran.exchange(true) }

        #expect(queue.isMainQueue)
        #expect(ran.value)
    }
}
