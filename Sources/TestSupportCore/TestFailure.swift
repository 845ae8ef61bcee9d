/// A failure that a helper reported: the message and the caller's location.
///
/// Handlers installed with ``FailureReporter/withHandler(_:operation:)-(_,()->R)``
/// receive these, and ``FailureReporter/collectFailures(_:)-(()->Void)`` returns them.
public struct TestFailure: Sendable, Hashable, CustomStringConvertible {
    /// What went wrong, in the words the test author reads.
    public var message: String
    /// Where the failure points: the caller of the helper that failed.
    public var location: CallSite

    /// Creates a failure.
    ///
    /// - Parameters:
    ///   - message: What went wrong.
    ///   - location: The caller's location.
    public init(message: String, location: CallSite) {
        self.message = message
        self.location = location
    }

    /// The failure's location and message, separated by a colon.
    ///
    /// `location: message`.
    public var description: String { "\(location): \(message)" }
}
