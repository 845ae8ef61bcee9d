import TestSupportCore

/// The answer of a generic requirement, which a generated stub's spy keeps as `any Sendable` and
/// returns as the type the caller asks for: an answer of another type fails the test instead of
/// turning into `nil`.
extension MethodSpy where Output == (any Sendable)? {
    /// Returns the spy's answer as the type the caller asked for, or reports a failure and returns nil.
    ///
    /// The failure names the method, the type asked for and the type configured.
    ///
    /// The failure lands where the test created the stub (see ``reportsUnansweredCalls(at:)``),
    /// else at the caller's line.
    ///
    /// ```swift
    /// let readSpy = Spy<(key: String, type: String), (any Sendable)?>(
    ///     "read(for:as:)", strictFallback: nil)
    /// func read<T: Decodable>(for key: String, as type: T.Type) -> T? {
    ///     readSpy.answer(
    ///         readSpy.call((key, String(describing: type))), as: T.self)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - answer: What the spy answered the call.
    ///   - type: The type the caller asked for.
    ///   - fileID: The caller's file ID.
    ///   - filePath: The caller's file path.
    ///   - line: The caller's line.
    ///   - column: The caller's column.
    /// - Returns: The answer as `type`, or `nil` when there is none or it has another type.
    public func answer<Value>(
        _ answer: (any Sendable)?,
        as type: Value.Type,
        fileID: StaticString = #fileID,
        filePath: StaticString = #filePath,
        line: UInt = #line,
        column: UInt = #column
    ) -> Value? {
        guard let answer else { return nil }
        if let value = answer as? Value { return value }
        let origin = withRecords { $0.core.origin }
        failures.report(
            DoublesGenericAnswer.mismatch(answer, asked: type, method: method, origin: origin),
            at: origin?.site ?? CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
        )
        return nil
    }
}

/// The message of a generic requirement's answer that is not of the type asked for.
enum DoublesGenericAnswer {
    static func mismatch(_ answer: Any, asked: Any.Type, method: String, origin: StubOrigin?) -> String {
        let method = origin.map { "\(method) of \($0.isGenerated ? "the generated " : "")\($0.stub)" } ?? method
        return "\(method) was asked for \(asked), but its configured answer is \(type(of: answer)) "
            + "\(DoublesValueDiff.describe(answer)); configure an answer of type \(asked)"
    }
}
