import Foundation
import TestBuilders
import Testing

struct BuilderTestUser: TestValue, Equatable {
    enum Status: Equatable { case active, suspended }

    var id: UUID
    var name: String
    var status: Status
    var createdAt: Date

    static var testValue: BuilderTestUser {
        BuilderTestUser(id: .sequential(1), name: "Ada", status: .active, createdAt: .testReference)
    }
}

struct BuilderTestPage: Buildable, Equatable {
    var items: [Int]
    var next: Int?
}

@Suite("TestValue.make")
struct TestValueMakeTests {
    @Test("make() returns the canonical test value")
    func makeReturnsCanonicalValue() {
        let user = BuilderTestUser.make()

        #expect(user == BuilderTestUser.testValue)
    }

    @Test("make with a key path changes only that property")
    func makeWithKeyPathChangesOneProperty() {
        let user = BuilderTestUser.make(\.status, .suspended)

        #expect(user.status == .suspended)
        #expect(user.name == "Ada")
        #expect(user.id == .sequential(1))
    }

    @Test("make with a closure changes several properties")
    func makeWithClosureChangesSeveral() {
        let user = BuilderTestUser.make {
            $0.name = "Grace"
            $0.status = .suspended
        }

        #expect(user == BuilderTestUser(id: .sequential(1), name: "Grace", status: .suspended, createdAt: .testReference))
    }

    @Test("make(count:) builds variants with their index")
    func makeCountBuildsIndexedVariants() {
        let users = BuilderTestUser.make(count: 3) { user, index in
            user.id = .sequential(UInt64(index) + 1)
            user.name = "User \(index)"
        }

        #expect(users.map(\.name) == ["User 0", "User 1", "User 2"])
        #expect(users.map(\.id) == [.sequential(1), .sequential(2), .sequential(3)])
    }

    @Test("make(count:) with zero or a negative count builds nothing")
    func makeCountZeroBuildsNothing() {
        let none = BuilderTestUser.make(count: 0) { _, _ in }
        let negative = BuilderTestUser.make(count: -2) { _, _ in }

        #expect(none.isEmpty)
        #expect(negative.isEmpty)
    }

    @Test("a throwing configure closure rethrows")
    func throwingConfigureRethrows() {
        struct Refused: Error {}

        #expect(throws: Refused.self) {
            try BuilderTestUser.make { _ in throw Refused() }
        }
    }
}

@Suite("Buildable.with")
struct BuildableWithTests {
    let page = BuilderTestPage(items: [1, 2], next: 2)

    @Test("with(keyPath, value) returns a changed copy and leaves the original alone")
    func withKeyPathReturnsChangedCopy() {
        let last = page.with(\.next, nil)

        #expect(last == BuilderTestPage(items: [1, 2], next: nil))
        #expect(page.next == 2)
    }

    @Test("with closure returns a changed copy")
    func withClosureReturnsChangedCopy() {
        let changed = page.with { $0.items.append(3) }

        #expect(changed.items == [1, 2, 3])
        #expect(page.items == [1, 2])
    }

    @Test("the with forms chain")
    func withFormsChain() {
        let changed = page.with(\.next, 5).with { $0.items = [] }

        #expect(changed == BuilderTestPage(items: [], next: 5))
    }

    @Test("variants builds copies changed with their index")
    func variantsBuildsIndexedCopies() {
        let pages = page.variants(2) { page, index in page.next = index }

        #expect(pages.map(\.next) == [0, 1])
    }
}
