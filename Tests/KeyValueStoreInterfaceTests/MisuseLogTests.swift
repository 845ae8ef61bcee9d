import LockedValue
import Testing

@Suite("MisuseLog, the doubles' shared record of misuses")
struct MisuseLogTests {
    @Test("Misuses are kept oldest first until taken, and taking forgets them")
    func takeForgets() {
        let log = MisuseLog<String>()
        log.record("first")
        log.record("second")

        let taken = log.take()

        #expect(taken == ["first", "second"])
        #expect(log.all.isEmpty)
    }

    @Test("Each recorded misuse is handed to the handler as it is recorded")
    func handlerSeesEachMisuse() {
        let seen = Locked<[Int]>([])
        let log = MisuseLog<Int>(onRecord: { misuse in seen.withLock { $0.append(misuse) } })

        log.record(1)
        log.record(2)

        #expect(seen.value == [1, 2])
        #expect(log.all == [1, 2])
    }
}
