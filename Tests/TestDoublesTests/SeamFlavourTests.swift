import Foundation
import KeyValueStoreInterface
import KeychainInterface
import TestDoubles
import TestSupportTesting
import Testing
import XCTest

private let scope = KeychainScope(service: "com.bookshelf.auth")

private func keychainInUse(_ keychain: any KeychainInterface) -> any KeychainInterface { keychain }
private func storeInUse(_ store: any KeyValueStoreInterface) -> any KeyValueStoreInterface { store }

@Suite("The seams' leading-dot .unimplemented() flavours")
struct SeamFlavourTests {
    @Test(".unimplemented() keychain, passed where a keychain is expected, reports a read at the line that wrote it")
    func unimplementedKeychainReportsAtItsLine() {
        let line = #line + 1
        let keychain = keychainInUse(.unimplemented())

        withKnownIssue {
            #expect(throws: KeychainError.unimplemented) { try keychain.read(account: "token", in: scope) }
        } matching: { issue in
            issue.isFailure(containing: "Unimplemented: keychain read(account: 'token'", line: line)
        }
    }

    @Test(".unimplemented() key-value store, passed where a store is expected, reports a write at the line that wrote it")
    func unimplementedStoreReportsAtItsLine() {
        let line = #line + 1
        let store = storeInUse(.unimplemented())

        withKnownIssue {
            store.set(3, forKey: "pages")
        } matching: { issue in
            issue.isFailure(containing: "Unimplemented: key-value store set(_:forKey: \"pages\")", line: line)
        }
    }
}

final class SeamFlavourXCTests: FailureRecordingTestCase {
    func test_unimplementedKeychain_whenRead_reportsAtCreationLine() throws {
        let line = #line + 1
        let keychain = keychainInUse(.unimplemented())

        let failures = capturingXCTestFailures { _ = try? keychain.read(account: "token", in: scope) }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failure.description.contains("Unimplemented: keychain read(account: 'token'"), failure.description)
        XCTAssertEqual(failure.line, line)
    }

    func test_unimplementedKeyValueStore_whenWritten_reportsAtCreationLine() throws {
        let line = #line + 1
        let store = storeInUse(.unimplemented())

        let failures = capturingXCTestFailures { store.set(3, forKey: "pages") }

        let failure = try XCTUnwrap(failures.first)
        XCTAssertEqual(failures.count, 1)
        XCTAssertTrue(failure.description.contains("Unimplemented: key-value store set(_:forKey: \"pages\")"), failure.description)
        XCTAssertEqual(failure.line, line)
    }
}
