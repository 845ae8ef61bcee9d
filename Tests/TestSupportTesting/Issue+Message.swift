import Testing

extension Issue {
    /// The issue's comments joined into one string: the message a helper reported.
    public var message: String {
        comments.map(\.rawValue).joined(separator: "\n")
    }

    /// Whether this issue was reported with a message containing `text` at `line` of the
    /// calling file, for `withKnownIssue { } matching: { $0.isFailure(containing:, line:) }`.
    ///
    /// - Parameters:
    ///   - text: A fragment the message must contain.
    ///   - line: The line the issue must point at.
    ///   - fileID: The file the issue must point at; defaults to the caller's file.
    public func isFailure(containing text: String, line: Int, fileID: String = #fileID) -> Bool {
        guard let location = sourceLocation else { return false }
        return message.contains(text) && location.line == line && location.fileID == fileID
    }
}
