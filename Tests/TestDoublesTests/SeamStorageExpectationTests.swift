import Foundation
import KeyValueStoreInterface
import KeychainInterface
import TestDoubles
import TestSupportCore
import TestSupportTesting
import Testing
import XCTest

private let scope = KeychainScope(service: "com.bookshelf.auth")

@Suite("KeychainFake.expectAllInjectedFaultsUsed")
struct SeamKeychainFaultTests {
    @Test("An unused failNext fault is reported at the caller's line")
    func unusedFaultIsReported() {
        let keychain = KeychainFake()
        keychain.failNext(.add, with: .interactionNotAllowed)

        let line = #line + 2
        withKnownIssue {
            keychain.expectAllInjectedFaultsUsed()
        } matching: { issue in
            issue.isFailure(
                containing:
                    "Expected the injected add fault(s) interactionNotAllowed (-25308) to be used, but 1 remained; 0 add operation(s) ran",
                line: line
            )
        }
    }

    @Test("A used fault passes")
    func usedFaultPasses() {
        let keychain = KeychainFake()
        keychain.failNext(.read, with: .authenticationFailed)
        _ = try? keychain.read(account: "token", in: scope)

        #expect(FailureReporter.collectFailures { keychain.expectAllInjectedFaultsUsed() }.isEmpty)
    }
}

@Suite("UnimplementedKeychain")
struct SeamUnimplementedKeychainTests {
    @Test("expectNotUsed() reports, on the test's task, a use made on another thread")
    func expectNotUsedReportsOffTaskUse() async {
        let line = #line + 1
        let keychain = UnimplementedKeychain()
        await Task.detached { _ = try? keychain.read(account: "token", in: scope) }.value

        let failures = FailureReporter.collectFailures { keychain.expectNotUsed() }

        #expect(failures.map(\.location.line) == [line])
        #expect(failures.first?.message.contains("Unimplemented: keychain read(account: 'token'") == true)
    }

    @Test("expectNotUsed() passes when nothing used the double")
    func expectNotUsedPassesUnused() {
        let keychain = UnimplementedKeychain()

        #expect(FailureReporter.collectFailures { keychain.expectNotUsed() }.isEmpty)
    }

    @Test("A read reports at the creation line and throws unimplemented (-4)")
    func readReportsAndThrows() {
        let line = #line + 1
        let keychain = UnimplementedKeychain()

        withKnownIssue {
            #expect(throws: KeychainError.unimplemented) { try keychain.read(account: "token", in: scope) }
        } matching: { issue in
            issue.isFailure(
                containing: "Unimplemented: keychain read(account: 'token', in: service 'com.bookshelf.auth') was called", line: line)
        }
    }
}

@Suite("KeyValueStoreFake.expectNoMisuse and UnimplementedKeyValueStore")
struct SeamKeyValueStoreTests {
    @Test("A non-property-list write is reported at the caller's line")
    func misuseIsReported() {
        struct Theme {}
        let store = KeyValueStoreFake()
        store.set(Theme(), forKey: "theme")

        let line = #line + 1
        let failures = FailureReporter.collectFailures { store.expectNoMisuse() }

        #expect(failures.map(\.location.line) == [line])
        #expect(failures.first?.message.contains("was given a Theme, which is not a property-list value") == true)
    }

    @Test("Rejected registered defaults are each reported once, in the order they were recorded")
    func registrationMisusesAreReportedOnce() {
        struct Theme {}
        let store = KeyValueStoreFake()
        store.register(defaults: ["theme": Theme()])
        store.set(Theme(), forKey: "theme")

        let failures = FailureReporter.collectFailures { store.expectNoMisuse() }
        let again = FailureReporter.collectFailures { store.expectNoMisuse() }

        #expect(
            failures.map(\.message) == [
                "register(defaults:) was given a Theme for \"theme\", which is not a property-list value",
                "set(_:forKey: \"theme\") was given a Theme, which is not a property-list value "
                    + "(UserDefaults raises an exception); store Data, e.g. with set(encoded:forKey:)",
            ])
        #expect(again.isEmpty)
        #expect(store.misuses.isEmpty)
    }

    @Test("The unimplemented store reports each call and returns UserDefaults' missing-key values")
    func unimplementedStoreReports() {
        let store = UnimplementedKeyValueStore()
        var value = true

        let failures = FailureReporter.collectFailures { value = store.bool(forKey: "onboardingDone") }

        #expect(value == false)
        #expect(
            failures.map(\.message) == [
                "Unimplemented: key-value store bool(forKey: \"onboardingDone\") was called; this code path was expected not to use the store"
            ])
    }
}

@Suite("withIsolatedUserDefaults")
struct SeamIsolatedUserDefaultsTests {
    @Test("A suite has a unique name, starts empty, and remove() deletes what was written")
    func suiteIsRemoved() {
        let suite = IsolatedUserDefaults()
        #expect(suite.suiteName.hasPrefix("TestSupportKit.isolated."))
        #expect(suite.defaults.object(forKey: "written") == nil)
        suite.defaults.set(1, forKey: "written")

        suite.remove()

        #expect(UserDefaults(suiteName: suite.suiteName)?.object(forKey: "written") == nil)
        #expect(suite.suiteName != IsolatedUserDefaults().suiteName)
    }

    @Test("Two suites do not share stored values")
    func suitesAreIsolated() {
        withIsolatedUserDefaults { first in
            withIsolatedUserDefaults { second in
                first.set("a", forKey: "key")

                #expect(second.string(forKey: "key") == nil)
            }
        }
    }
}

final class SeamStorageXCTests: FailureRecordingTestCase {
    func test_makeIsolatedUserDefaults_returnsEmptyUniqueSuite() {
        let defaults = makeIsolatedUserDefaults()

        XCTAssertNil(defaults.object(forKey: "written"))
        defaults.set(true, forKey: "written")
        XCTAssertTrue(defaults.bool(forKey: "written"))
    }

    func test_unimplementedKeychain_whenUsed_failsAtCreationLine() {
        let line = #line + 1
        let keychain = UnimplementedKeychain()

        let failures = capturingXCTestFailures { _ = try? keychain.accounts(in: scope) }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("Unimplemented: keychain accounts(in:") ?? false)
    }

    func test_expectAllInjectedFaultsUsed_withUnusedFault_failsAtCallerLine() {
        let keychain = KeychainFake()
        keychain.failEvery(.delete, with: .badParameter)
        keychain.failNext(.update, with: .authenticationFailed)
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            keychain.expectAllInjectedFaultsUsed()
        }

        XCTAssertEqual(failures.map(\.line), [line])
    }
}

@Suite("KeyValueStoreFake.expectRecorded")
struct SeamKeyValueWriteExpectationTests {
    @Test("A missing write is reported at the caller's line with the closest writes and a count of the rest")
    func missingWriteIsReported() {
        let store = KeyValueStoreFake()
        for index in 0..<5 { store.set(index, forKey: "goal") }
        store.set("dark", forKey: "theme")

        let line = #line + 2
        withKnownIssue {
            store.expectRecorded(KeyValueStoreWrite(key: "gaol", value: .integer(4)))
        } matching: { issue in
            issue.isFailure(
                containing:
                    "Expected the write set \"gaol\" = 4, but it was not recorded; did you mean set \"goal\" = 4 or set \"goal\" = 3 or set \"goal\" = 2? (3 other write(s) not shown)",
                line: line
            )
        }
    }

    @Test("A recorded write passes")
    func recordedWritePasses() {
        let store = KeyValueStoreFake()
        store.removeObject(forKey: "theme")

        #expect(FailureReporter.collectFailures { store.expectRecorded(KeyValueStoreWrite(key: "theme", value: nil)) }.isEmpty)
    }
}

final class SeamKeyValueWriteExpectationXCTests: FailureRecordingTestCase {
    func test_expectRecorded_withNoWrites_failsAtCallerLine() {
        let store = KeyValueStoreFake()
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            store.expectRecorded(KeyValueStoreWrite(key: "goal", value: .integer(30)))
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains("Expected the write set \"goal\" = 30, but it was not recorded; no writes were recorded")
                ?? false)
    }
}

@Suite("KeychainFake.expectRecorded")
struct SeamKeychainOperationExpectationTests {
    @Test("A missing operation is reported at the caller's line with the closest operations and a count of the rest")
    func missingOperationIsReported() throws {
        let keychain = KeychainFake()
        for _ in 0..<3 { try keychain.set("t", account: "token", in: scope) }
        for index in 0..<20 { try keychain.add(Data(), account: "other-\(index)", in: scope) }

        let line = #line + 2
        withKnownIssue {
            keychain.expectRecorded(KeychainOperation(kind: .delete, account: "tokn", scope: scope, error: nil))
        } matching: { issue in
            issue.isFailure(
                containing: "Expected the keychain operation delete 'tokn' in service 'com.bookshelf.auth' → ok, but it was not recorded; "
                    + "closest: update 'token' in service 'com.bookshelf.auth' → ok | add 'token' in service 'com.bookshelf.auth' → ok | "
                    + "update 'token' in service 'com.bookshelf.auth' → itemNotFound (-25300) (then: service 'com.bookshelf.auth' holds no items) "
                    + "(20 other operation(s) not shown); now: service 'com.bookshelf.auth' holds 21 accounts: "
                    + "'other-0', 'other-1', 'other-10', 'other-11', 'other-12' and 16 more",
                line: line
            )
        }
    }

    @Test("A miss recorded on an empty service is labelled as then, and the service's contents now follow")
    func earlierDetailIsLabelledAndCurrentContentsShown() throws {
        let keychain = KeychainFake()
        _ = try keychain.readStringIfPresent(account: "token", in: scope)
        try keychain.set("abc", account: "token", in: scope)

        let line = #line + 2
        withKnownIssue {
            keychain.expectRecorded(KeychainOperation(kind: .read, account: "token", scope: scope, error: nil))
        } matching: { issue in
            issue.isFailure(
                containing: "Expected the keychain operation read 'token' in service 'com.bookshelf.auth' → ok, but it was not recorded; "
                    + "closest: read 'token' in service 'com.bookshelf.auth' → itemNotFound (-25300) (then: service 'com.bookshelf.auth' holds no items) | "
                    + "add 'token' in service 'com.bookshelf.auth' → ok | "
                    + "update 'token' in service 'com.bookshelf.auth' → itemNotFound (-25300) (then: service 'com.bookshelf.auth' holds no items); "
                    + "now: service 'com.bookshelf.auth' holds 1 account: 'token'",
                line: line
            )
        }
    }

    @Test("A recorded operation passes whatever its detail")
    func recordedOperationPasses() {
        let keychain = KeychainFake()
        _ = try? keychain.read(account: "tokn", in: scope)

        #expect(
            FailureReporter.collectFailures {
                keychain.expectRecorded(KeychainOperation(kind: .read, account: "tokn", scope: scope, error: .itemNotFound))
            }.isEmpty)
    }
}

final class SeamKeychainOperationExpectationXCTests: FailureRecordingTestCase {
    func test_expectRecorded_withNoOperations_failsAtCallerLine() {
        let keychain = KeychainFake()
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            keychain.expectRecorded(KeychainOperation(kind: .add, account: "token", scope: scope, error: nil))
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(failures.first?.description.contains("but it was not recorded; no operations were recorded") ?? false)
    }

    func test_expectRecorded_afterEarlierMiss_labelsThenAndShowsNow() throws {
        let keychain = KeychainFake()
        _ = try keychain.readStringIfPresent(account: "token", in: scope)
        try keychain.set("abc", account: "token", in: scope)
        var line = 0

        let failures = capturingXCTestFailures {
            line = #line + 1
            keychain.expectRecorded(KeychainOperation(kind: .read, account: "token", scope: scope, error: nil))
        }

        XCTAssertEqual(failures.map(\.line), [line])
        XCTAssertTrue(
            failures.first?.description.contains(
                "read 'token' in service 'com.bookshelf.auth' → itemNotFound (-25300) (then: service 'com.bookshelf.auth' holds no items)"
            ) ?? false, "\(failures)")
        XCTAssertTrue(
            failures.first?.description.hasSuffix("; now: service 'com.bookshelf.auth' holds 1 account: 'token'") ?? false, "\(failures)")
    }
}
