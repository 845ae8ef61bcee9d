/// One generated file.
package struct GeneratedStub: Sendable, Equatable {
    /// The protocol the stub implements.
    package let protocolName: String
    /// The file's name, `<Protocol>Stub.swift`.
    package var fileName: String { protocolName + "Stub.swift" }
    /// The file's contents.
    package let contents: String
}
