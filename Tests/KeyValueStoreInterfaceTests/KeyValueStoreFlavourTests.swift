import Foundation
import KeyValueStoreInterface
import Testing

@Suite("KeyValueStoreInterface's leading-dot flavours")
struct KeyValueStoreFlavourTests {
    private func accepting(_ store: any KeyValueStoreInterface) -> any KeyValueStoreInterface { store }

    @Test(".fake() is an empty store with no writes")
    func fakeIsEmpty() {
        let store: KeyValueStoreFake = .fake()

        #expect(store.object(forKey: "anything") == nil)
        #expect(store.writes.isEmpty)
    }

    @Test(".fake(values) holds the values from the start without recording them as writes")
    func fakeWithValues() {
        let store: KeyValueStoreFake = .fake(["pages": .integer(20)])

        #expect(store.integer(forKey: "pages") == 20)
        #expect(store.writes.isEmpty)
    }

    @Test(".fake() is accepted where any key-value store is expected")
    func fakeAsExistential() {
        let store = accepting(.fake())

        store.set(true, forKey: "seen")

        #expect(store.bool(forKey: "seen"))
    }
}
