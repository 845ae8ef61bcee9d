import KeychainInterface
import TestSupportCore

extension KeychainFake {
    /// Reports a failure at the caller's line for each injected next-operation fault that no
    /// operation used.
    ///
    /// A `failNext` fault that no operation used means the error path the test meant to exercise
    /// was never reached.
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// let store = TokenStore(keychain: keychain)
    /// keychain.failNext(.add, with: .interactionNotAllowed)
    /// try? store.save(AuthTokens(accessToken: "abc", refreshToken: "def"))
    /// keychain.expectAllInjectedFaultsUsed()
    /// ```
    ///
    /// - Parameters:
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectAllInjectedFaultsUsed(
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        for (kind, errors) in unusedInjectedFaults.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let ran = operations.filter { $0.kind == kind }.count
            FailureReporter.report(
                "Expected the injected \(kind.rawValue) fault(s) \(errors.map(\.description).joined(separator: ", ")) to be used, "
                    + "but \(errors.count) remained; \(ran) \(kind.rawValue) operation(s) ran",
                at: site
            )
        }
    }
}

extension KeychainFake {
    /// Reports a failure at the caller's line unless an operation was recorded, in the same time
    /// however many operations there are.
    ///
    /// The operation's detail is not compared. A failure lists the closest few operations and
    /// counts the rest.
    ///
    /// ```swift
    /// let keychain = KeychainFake()
    /// let store = TokenStore(keychain: keychain)
    /// try store.save(AuthTokens(accessToken: "abc", refreshToken: "def"))
    /// keychain.expectRecorded(
    ///     KeychainOperation(
    ///         kind: .add, account: TokenStore.account, scope: TokenStore.scope,
    ///         error: nil))
    /// ```
    ///
    /// - Parameters:
    ///   - operation: The operation expected.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    public func expectRecorded(
        _ operation: KeychainOperation,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) {
        guard !hasRecorded(operation) else { return }
        let (closest, others) = closestOperations(to: operation)
        var message = "Expected the keychain operation \(Self.withoutDetail(operation)), but it was not recorded"
        let recorded = operations
        if recorded.isEmpty {
            message += "; no operations were recorded"
        } else if closest.isEmpty {
            message +=
                "; none of the \(recorded.count) recorded operation(s) is on a similar account (latest: \(recorded.last.map(Self.withDetailThen) ?? "none"))"
        } else {
            message += "; closest: " + closest.map(Self.withDetailThen).joined(separator: " | ")
            if others > 0 { message += " (\(others) other operation(s) not shown)" }
        }
        // A recorded detail describes the keychain when that operation ran; say what it holds now.
        message += "; now: " + currentContents(ofService: operation.scope.service)
        FailureReporter.report(message, at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
    }

    /// An operation and its outcome, without the explanation it recorded.
    private static func withoutDetail(_ operation: KeychainOperation) -> String {
        var bare = operation
        bare.detail = nil
        return bare.description
    }

    /// An operation and its outcome, with the explanation it recorded labelled as then, not now.
    private static func withDetailThen(_ operation: KeychainOperation) -> String {
        guard let detail = operation.detail else { return operation.description }
        return "\(withoutDetail(operation)) (then: \(detail))"
    }
}
