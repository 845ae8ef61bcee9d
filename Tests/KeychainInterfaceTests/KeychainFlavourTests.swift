import Foundation
import KeychainInterface
import Testing

@Suite("KeychainInterface's leading-dot flavours")
struct KeychainFlavourTests {
    private func accepting(_ keychain: any KeychainInterface) -> any KeychainInterface { keychain }

    @Test(".fake() is an empty, unlocked keychain where a read finds nothing")
    func fakeIsEmpty() throws {
        let keychain: KeychainFake = .fake()

        #expect(keychain.items.isEmpty)
        #expect(keychain.lockState == .unlocked)
        #expect(throws: KeychainError.itemNotFound) { try keychain.read(account: "token", in: KeychainScope(service: "s")) }
    }

    @Test(".fake(…) passes its items, groups and lock state to the fake")
    func fakeWithState() {
        let item = KeychainFake.Item(Data("abc".utf8), account: "token", in: KeychainScope(service: "s"))

        let keychain: KeychainFake = .fake(accessGroups: ["TEAM.app"], items: [item], lockState: .locked)

        #expect(keychain.items.map(\.account) == ["token"])
        #expect(keychain.accessGroups == ["TEAM.app"])
        #expect(keychain.lockState == .locked)
    }

    @Test(".fake() is accepted where any keychain is expected")
    func fakeAsExistential() throws {
        let keychain = accepting(.fake())

        try keychain.add(Data("1".utf8), account: "a", in: KeychainScope(service: "s"), accessibility: .whenUnlocked)

        #expect(try keychain.read(account: "a", in: KeychainScope(service: "s")) == Data("1".utf8))
    }
}
