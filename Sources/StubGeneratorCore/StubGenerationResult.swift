/// What a generation run produced.
package struct StubGenerationResult: Sendable, Equatable {
    /// The stubs written, in protocol-name order.
    package let stubs: [GeneratedStub]
    /// The protocols left out, in protocol-name order.
    package let skipped: [SkippedProtocol]
}
