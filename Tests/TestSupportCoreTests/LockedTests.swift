import TestSupportCore
import Testing

@Suite("Locked")
struct LockedTests {
    // snippet: locked-counter
    @Test("10,000 concurrent increments are all kept")
    func concurrentIncrementsAreKept() async {
        let counter = Locked(0)

        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<10_000 {
                group.addTask { counter.withLock { $0 += 1 } }
            }
        }

        #expect(counter.value == 10_000)
    }
    // end-snippet

    @Test("exchange stores the new value and returns the old one")
    func exchangeReturnsOldValue() {
        let box = Locked(["a"])

        let old = box.exchange(["b"])

        #expect(old == ["a"])
        #expect(box.value == ["b"])
    }

    @Test("withLock returns what its body returns and rethrows its errors")
    func withLockReturnsAndRethrows() {
        struct Refused: Error {}
        let box = Locked(41)

        let result = box.withLock { value -> Int in
            value += 1
            return value * 2
        }

        #expect(result == 84)
        #expect(throws: Refused.self) { try box.withLock { _ in throw Refused() } }
    }
}
