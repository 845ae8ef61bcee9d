import Foundation
import KeychainInterface
import XCTest

final class KeychainFakeXCTests: XCTestCase {
    private let scope = KeychainScope(service: "com.bookshelf.auth")
    private let keychain = KeychainFake()

    func test_add_existingItem_throwsDuplicateItem() throws {
        try keychain.add(Data("a".utf8), account: "token", in: scope)

        XCTAssertThrowsError(try keychain.add(Data("b".utf8), account: "token", in: scope)) { error in
            XCTAssertEqual(error as? KeychainError, .duplicateItem)
        }
    }

    func test_update_missingItem_throwsItemNotFound() {
        XCTAssertThrowsError(try keychain.update(Data(), account: "token", in: scope)) { error in
            XCTAssertEqual(error as? KeychainError, .itemNotFound)
        }
    }

    func test_read_withGroupOutsideEntitlements_throwsMissingEntitlement() {
        let entitled = KeychainFake(accessGroups: ["TEAM.app"])

        XCTAssertThrowsError(try entitled.read(account: "token", in: KeychainScope(service: "s", accessGroup: "TEAM.x"))) { error in
            XCTAssertEqual((error as? KeychainError)?.status, -34018)
        }
    }

    func test_failNext_read_failsOnceThenReads() throws {
        try keychain.add(Data("a".utf8), account: "token", in: scope)
        keychain.failNext(.read, with: .authenticationFailed)

        XCTAssertThrowsError(try keychain.read(account: "token", in: scope))
        XCTAssertEqual(try keychain.read(account: "token", in: scope), Data("a".utf8))
        XCTAssertEqual(keychain.operations.map(\.error), [nil, .authenticationFailed, nil])
    }

    func test_setString_thenReadString_roundTrips() throws {
        try keychain.set("s3cr3t", account: "password", in: scope)

        XCTAssertEqual(try keychain.readString(account: "password", in: scope), "s3cr3t")
    }

    func test_readString_missingItem_throwsItemNotFound() {
        XCTAssertThrowsError(try keychain.readString(account: "password", in: scope)) { error in
            XCTAssertEqual(error as? KeychainError, .itemNotFound)
        }
    }

    func test_readStringIfPresent_missingItem_returnsNil() throws {
        XCTAssertNil(try keychain.readStringIfPresent(account: "password", in: scope))
    }
}
