/// A mistake in the generator's input.
package enum StubGenerationError: Error, Equatable, CustomStringConvertible {
    /// A protocol asked for by name is not in the module.
    case protocolNotFound(name: String, module: String, suggestion: String?, available: [String])
    /// The module declares no protocols.
    case noProtocols(module: String)

    /// The message shown to the user.
    package var description: String {
        switch self {
        case let .protocolNotFound(name, module, suggestion, available):
            let hint = suggestion.map { " Did you mean '\($0)'?" } ?? ""
            return "no protocol named '\(name)' in module \(module).\(hint) Protocols: \(available.joined(separator: ", "))"
        case let .noProtocols(module):
            return "module \(module) declares no protocols (internal ones included), so there is nothing to stub"
        }
    }
}
