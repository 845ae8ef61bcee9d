/// A protocol the generator did not write a stub for, and why.
package struct SkippedProtocol: Sendable, Equatable, CustomStringConvertible {
    /// The protocol's name.
    package let protocolName: String
    /// Why, naming the requirement at fault.
    package let reason: String
    /// The message shown to the user.
    package var description: String { "skipped protocol '\(protocolName)': \(reason)" }
}
