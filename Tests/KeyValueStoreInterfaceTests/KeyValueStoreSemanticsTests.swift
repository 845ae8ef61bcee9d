import Foundation
import KeyValueStoreInterface
import TestDoubles
import Testing

/// The same cases run against the fake and against a real, isolated `UserDefaults` suite: the
/// proof that the fake has `UserDefaults`' semantics.
@Suite("KeyValueStoreFake behaves like UserDefaults")
struct KeyValueStoreSemanticsTests {
    @Test("The fake gives UserDefaults' documented result", arguments: StoreSemanticsCase.all)
    func fakeMatchesDocumentedBehaviour(_ semantics: StoreSemanticsCase) {
        let store = KeyValueStoreFake()

        semantics.arrange(store)

        #expect(semantics.act(store) == semantics.expected)
    }

    /// On Linux, the cases where Linux Foundation differs from Apple are left out (each says why).
    @Test("A real UserDefaults suite gives the same result", arguments: StoreSemanticsCase.forRealStore)
    func userDefaultsMatchesDocumentedBehaviour(_ semantics: StoreSemanticsCase) {
        withIsolatedUserDefaults { defaults in
            semantics.arrange(defaults)

            #expect(semantics.act(defaults) == semantics.expected)
        }
    }
}
