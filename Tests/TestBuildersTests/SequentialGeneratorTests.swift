import Foundation
import TestBuilders
import Testing

@Suite("SequentialUUIDGenerator")
struct SequentialUUIDGeneratorTests {
    @Test("generates 00000000-0000-0000-0000-000000000001, …0002, … in order")
    func generatesSequentialUUIDs() {
        let ids = SequentialUUIDGenerator()

        #expect(ids.next().uuidString == "00000000-0000-0000-0000-000000000001")
        #expect(ids.next().uuidString == "00000000-0000-0000-0000-000000000002")
        #expect(ids.next().uuidString == "00000000-0000-0000-0000-000000000003")
    }

    @Test("can start at another number")
    func startsAtGivenNumber() {
        let ids = SequentialUUIDGenerator(startingAt: 255)

        #expect(ids.next().uuidString == "00000000-0000-0000-0000-0000000000FF")
        #expect(ids.next().uuidString == "00000000-0000-0000-0000-000000000100")
    }

    @Test("honours the step")
    func honoursStep() {
        let ids = SequentialUUIDGenerator(startingAt: 10, step: 5)

        #expect([ids.next(), ids.next()] == [UUID.sequential(10), UUID.sequential(15)])
    }

    @Test("the method next is the closure production code takes")
    func nextIsASendableClosure() {
        let ids = SequentialUUIDGenerator()
        let makeID: @Sendable () -> UUID = ids.next

        #expect([makeID(), makeID()] == [UUID.sequential(1), UUID.sequential(2)])
    }

    @Test("UUID.sequential encodes the number in the last 64 bits")
    func sequentialEncodesNumber() {
        #expect(UUID.sequential(0x1234_5678_9ABC).uuidString == "00000000-0000-0000-0000-123456789ABC")
        #expect(UUID.sequential(.max).uuidString == "00000000-0000-0000-FFFF-FFFFFFFFFFFF")
    }

    @Test("two generators count independently")
    func generatorsAreIndependent() {
        let first = SequentialUUIDGenerator()
        let second = SequentialUUIDGenerator()
        _ = first.next()

        #expect(second.next() == .sequential(1))
    }

    @Test("1,000 concurrent reads give 1,000 distinct UUIDs")
    func concurrentReadsAreDistinct() async {
        let ids = SequentialUUIDGenerator()

        let generated = await withTaskGroup(of: UUID.self) { group in
            for _ in 0..<1_000 { group.addTask { ids.next() } }
            return await group.reduce(into: Set<UUID>()) { $0.insert($1) }
        }

        let expected: Set<UUID> = Set((1...1_000).map { UUID.sequential(UInt64($0)) })
        #expect(generated == expected)
    }
}

@Suite("SequentialIDGenerator")
struct SequentialIDGeneratorTests {
    @Test("generates 1, 2, 3 by default")
    func generatesFromOne() {
        let ids = SequentialIDGenerator()

        let read: [Int] = [ids.next(), ids.next(), ids.next()]

        #expect(read == [1, 2, 3])
    }

    @Test("honours the start and the step")
    func honoursStartAndStep() {
        let ids = SequentialIDGenerator(startingAt: 100, step: 10)

        let read: [Int] = [ids.next(), ids.next(), ids.next()]

        #expect(read == [100, 110, 120])
    }
}

@Suite("DateGenerator")
struct DateGeneratorTests {
    @Test("fixed returns the same date on every read")
    func fixedReturnsSameDate() {
        let dates = DateGenerator.fixed()

        #expect(dates.next() == .testReference)
        #expect(dates.next() == .testReference)
    }

    @Test("testReference is 2024-01-01 00:00:00 UTC")
    func testReferenceIsNewYear2024() {
        #expect(ISO8601DateFormatter().string(from: .testReference) == "2024-01-01T00:00:00Z")
    }

    @Test("init(startingAt:step:) moves on by the step after each read")
    func movesOnByStep() {
        let dates = DateGenerator(startingAt: .testReference, step: 60)

        let read = [dates.next(), dates.next(), dates.next()]

        #expect(read.map { $0.timeIntervalSince(.testReference) } == [0, 60, 120])
    }

    @Test("advance moves a fixed generator")
    func advanceMovesFixedGenerator() {
        let dates = DateGenerator.fixed()

        dates.advance(by: 3_600)

        #expect(dates.next().timeIntervalSince(.testReference) == 3_600)
    }
}
