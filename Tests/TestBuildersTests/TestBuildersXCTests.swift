import Foundation
import TestBuilders
import XCTest

final class TestBuildersXCTests: XCTestCase {
    func test_make_withKeyPath_changesOnlyThatProperty() {
        let user = BuilderTestUser.make(\.name, "Grace")

        XCTAssertEqual(user, BuilderTestUser(id: .sequential(1), name: "Grace", status: .active, createdAt: .testReference))
    }

    func test_makeCount_withIndex_buildsDistinctVariants() {
        let ids = SequentialUUIDGenerator()

        let users = BuilderTestUser.make(count: 2) { user, _ in user.id = ids.next() }

        XCTAssertEqual(
            users.map(\.id.uuidString),
            [
                "00000000-0000-0000-0000-000000000001",
                "00000000-0000-0000-0000-000000000002",
            ])
    }

    func test_sequentialUUIDGenerator_injected_givesSameIDsEveryRun() {
        let makeID = SequentialUUIDGenerator().next

        XCTAssertEqual(makeID(), UUID.sequential(1))
        XCTAssertEqual(makeID(), UUID.sequential(2))
    }

    func test_dateGenerator_step_advancesByStep() {
        let dates = DateGenerator(step: 0.5)

        XCTAssertEqual(dates.next(), .testReference)
        XCTAssertEqual(dates.next(), Date.testReference.addingTimeInterval(0.5))
    }

    func test_seededRandomNumberGenerator_seedZero_matchesReference() {
        var generator = SeededRandomNumberGenerator(seed: 0)

        XCTAssertEqual(generator.next(), 0xE220_A839_7B1D_CDAF)
    }
}
