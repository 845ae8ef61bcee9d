/// One call the keychain fake received, with its outcome: the fake's record of operations.
///
/// A ``KeychainFake`` keeps them in ``KeychainFake/operations``.
///
/// ```swift
/// let keychain = KeychainFake()
/// let store = TokenStore(keychain: keychain)
/// try? store.save(AuthTokens(accessToken: "abc", refreshToken: "def"))
/// #expect(keychain.operations.map(\.kind) == [.update, .add])
/// ```
public struct KeychainOperation: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of keychain operations, for the record and for fault injection.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Adding an item.
        ///
        /// ``KeychainInterface/add(_:account:in:accessibility:)``.
        case add
        /// Reading an item.
        ///
        /// ``KeychainInterface/read(account:in:)``.
        case read
        /// Updating an item.
        ///
        /// ``KeychainInterface/update(_:account:in:)``.
        case update
        /// Deleting an item.
        ///
        /// ``KeychainInterface/delete(account:in:)``.
        case delete
        /// Deleting every item of a scope.
        ///
        /// ``KeychainInterface/deleteAll(in:)``.
        case deleteAll
        /// Listing the accounts of a scope.
        ///
        /// ``KeychainInterface/accounts(in:)``.
        case listAccounts
    }

    /// What was called.
    public var kind: Kind
    /// The account, for operations on one item.
    public var account: String?
    /// The scope.
    public var scope: KeychainScope
    /// The error the operation threw, or nothing if it succeeded.
    public var error: KeychainError?
    /// Why the operation failed, in words, when the fake knows more than the status says.
    ///
    /// For a missing item, the accounts that exist in that service and a "did you mean"; for a
    /// missing entitlement, the entitled groups. Explanatory only: not part of equality.
    public var detail: String?

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - kind: What was called.
    ///   - account: The account, if any.
    ///   - scope: The scope.
    ///   - error: The error thrown, if any.
    ///   - detail: Why it failed, in words (not compared).
    public init(kind: Kind, account: String?, scope: KeychainScope, error: KeychainError?, detail: String? = nil) {
        self.kind = kind
        self.account = account
        self.scope = scope
        self.error = error
        self.detail = detail
    }

    /// The operation, its outcome and any explanation, as failure messages show it.
    ///
    /// For example `read 'tokn' in service 'auth' → itemNotFound (-25300); did you mean 'token'?`.
    public var description: String {
        let target = account.map { "'\($0)' in " } ?? ""
        let outcome = error.map { " → \($0)" } ?? " → ok"
        let explanation = detail.map { "; \($0)" } ?? ""
        return "\(kind.rawValue) \(target)\(scope)\(outcome)\(explanation)"
    }

    /// Whether two records are the same call with the same outcome, leaving the explanation out.
    ///
    /// ``detail`` is not compared.
    ///
    /// - Parameters:
    ///   - lhs: A record.
    ///   - rhs: Another record.
    /// - Returns: `true` if kind, account, scope and error are equal.
    public static func == (lhs: KeychainOperation, rhs: KeychainOperation) -> Bool {
        lhs.kind == rhs.kind && lhs.account == rhs.account && lhs.scope == rhs.scope && lhs.error == rhs.error
    }

    /// Hashes kind, account, scope and error, leaving the explanation out.
    ///
    /// ``detail`` is not hashed.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(account)
        hasher.combine(scope)
        hasher.combine(error)
    }
}
