/// The access level of generated stubs and their members.
package enum StubAccess: String, Sendable, CaseIterable {
    /// Stubs shared from a test-support library target.
    case `public`
    /// Stubs in the test target that uses them.
    case `internal`
}
