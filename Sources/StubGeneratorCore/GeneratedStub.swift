/// One generated file.
package struct GeneratedStub: Sendable, Equatable {
    /// The protocol the stub implements, `Outer.Inner` for a nested one.
    package let protocolName: String
    /// The stub's type name, `<Protocol>Stub`, or `Outer_InnerStub` for a nested protocol.
    package let stubName: String
    /// The file's name, `<stub name>.swift`.
    package var fileName: String { stubName + ".swift" }
    /// The file's contents.
    package let contents: String
}
