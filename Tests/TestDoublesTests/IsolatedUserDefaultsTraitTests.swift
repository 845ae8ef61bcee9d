#if compiler(>=6.1)
import Foundation
import TestDoubles
import TestSupportCore
import Testing

@Suite("The .isolatedUserDefaults trait")
struct IsolatedUserDefaultsTraitTests {
    @Test("It gives the test an empty suite of its own", .isolatedUserDefaults)
    func providesEmptySuite() throws {
        let suite = try #require(IsolatedUserDefaults.current)

        #expect(suite.suiteName.hasPrefix("TestSupportKit.isolated."))
        // Registered defaults are process-wide on every platform; the suite's own domain is empty.
        #expect(suite.defaults.persistentDomain(forName: suite.suiteName)?.isEmpty ?? true)
    }

    @Test("The suite is removed when the test ends")
    func removesSuiteAtEnd() async throws {
        let test = try #require(Test.current)
        let name = Locked<String?>(nil)

        try await IsolatedUserDefaultsTrait.isolatedUserDefaults.provideScope(for: test, testCase: Test.Case.current) {
            let suite = try #require(IsolatedUserDefaults.current)
            suite.defaults.set(30, forKey: "dailyGoalPages")
            name.withLock { $0 = suite.suiteName }
        }

        let suiteName = try #require(name.value)
        #expect(UserDefaults.standard.persistentDomain(forName: suiteName)?["dailyGoalPages"] == nil)
        #expect(IsolatedUserDefaults.current == nil)
    }
}
#endif
