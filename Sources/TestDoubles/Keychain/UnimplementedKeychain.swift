import Foundation
import KeychainInterface
import TestSupportCore

/// A keychain double for code paths that must not touch the keychain: every call reports a failure
/// at the line that created it and throws.
///
/// It throws `KeychainError.unimplemented`.
///
/// ```swift
/// // Creating the store reads nothing:
/// let store = TokenStore(keychain: UnimplementedKeychain())
/// ```
public final class UnimplementedKeychain: KeychainInterface {
    private let uses: UnimplementedUse

    /// Creates a keychain that fails the test when used; create it on the test's task.
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public init(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        uses = UnimplementedUse(of: "the keychain", createdAt: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// Reports, on the calling task, every use of the double made on another thread and not yet
    /// reported.
    ///
    /// A use on the test's own task has failed the test already. Call it at the end of a Swift
    /// Testing test whose code under test may have used the double from another thread; under
    /// XCTest every use is reported at once.
    public func expectNotUsed() { uses.flush() }

    private func fail(_ call: String) -> KeychainError {
        uses.report("keychain \(call) was called")
        return .unimplemented
    }

    /// Reports a failure and throws the unimplemented error.
    ///
    /// The error is `KeychainError.unimplemented`.
    ///
    /// - Parameters:
    ///   - data: Ignored.
    ///   - account: The account, for the message.
    ///   - scope: The scope, for the message.
    ///   - accessibility: Ignored.
    public func add(_ data: Data, account: String, in scope: KeychainScope, accessibility: KeychainAccessibility) throws(KeychainError) {
        throw fail("add(account: '\(account)', in: \(scope))")
    }

    /// Reports a failure and throws the unimplemented error.
    ///
    /// The error is `KeychainError.unimplemented`.
    ///
    /// - Parameters:
    ///   - account: The account, for the message.
    ///   - scope: The scope, for the message.
    /// - Returns: Never returns.
    public func read(account: String, in scope: KeychainScope) throws(KeychainError) -> Data {
        throw fail("read(account: '\(account)', in: \(scope))")
    }

    /// Reports a failure and throws the unimplemented error.
    ///
    /// The error is `KeychainError.unimplemented`.
    ///
    /// - Parameters:
    ///   - data: Ignored.
    ///   - account: The account, for the message.
    ///   - scope: The scope, for the message.
    public func update(_ data: Data, account: String, in scope: KeychainScope) throws(KeychainError) {
        throw fail("update(account: '\(account)', in: \(scope))")
    }

    /// Reports a failure and throws the unimplemented error.
    ///
    /// The error is `KeychainError.unimplemented`.
    ///
    /// - Parameters:
    ///   - account: The account, for the message.
    ///   - scope: The scope, for the message.
    public func delete(account: String, in scope: KeychainScope) throws(KeychainError) {
        throw fail("delete(account: '\(account)', in: \(scope))")
    }

    /// Reports a failure and throws the unimplemented error.
    ///
    /// The error is `KeychainError.unimplemented`.
    ///
    /// - Parameter scope: The scope, for the message.
    public func deleteAll(in scope: KeychainScope) throws(KeychainError) {
        throw fail("deleteAll(in: \(scope))")
    }

    /// Reports a failure and throws the unimplemented error.
    ///
    /// The error is `KeychainError.unimplemented`.
    ///
    /// - Parameter scope: The scope, for the message.
    /// - Returns: Never returns.
    public func accounts(in scope: KeychainScope) throws(KeychainError) -> [String] {
        throw fail("accounts(in: \(scope))")
    }
}

extension KeychainInterface where Self == UnimplementedKeychain {
    /// A keychain that fails the test when used.
    ///
    /// The unimplemented flavour of the keychain seam, beside `.fake()` in KeychainInterface.
    ///
    /// ```swift
    /// // Creating the store must not touch the keychain:
    /// let tokens = TokenStore(keychain: .unimplemented())
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: A new unimplemented keychain.
    public static func unimplemented(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> UnimplementedKeychain {
        UnimplementedKeychain(fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
