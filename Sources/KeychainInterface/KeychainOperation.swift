/// One call a ``KeychainFake`` received, with its outcome: the fake's record of operations.
///
/// ```swift
/// try? store.save("abc")
/// #expect(keychain.operations.map(\.kind) == [.update, .add])
/// ```
public struct KeychainOperation: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of keychain operations, for the record and for fault injection.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// ``KeychainInterface/add(_:account:in:accessibility:)``.
        case add
        /// ``KeychainInterface/read(account:in:)``.
        case read
        /// ``KeychainInterface/update(_:account:in:)``.
        case update
        /// ``KeychainInterface/delete(account:in:)``.
        case delete
        /// ``KeychainInterface/deleteAll(in:)``.
        case deleteAll
        /// ``KeychainInterface/accounts(in:)``.
        case listAccounts
    }

    /// What was called.
    public var kind: Kind
    /// The account, for operations on one item.
    public var account: String?
    /// The scope.
    public var scope: KeychainScope
    /// The error it threw, or `nil` if it succeeded.
    public var error: KeychainError?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - kind: What was called.
    ///   - account: The account, if any.
    ///   - scope: The scope.
    ///   - error: The error thrown, if any.
    public init(kind: Kind, account: String?, scope: KeychainScope, error: KeychainError?) {
        self.kind = kind
        self.account = account
        self.scope = scope
        self.error = error
    }

    /// For example `read 'access-token' in service 'auth' → itemNotFound (-25300)`.
    public var description: String {
        let target = account.map { "'\($0)' in " } ?? ""
        let outcome = error.map { " → \($0)" } ?? " → ok"
        return "\(kind.rawValue) \(target)\(scope)\(outcome)"
    }
}
