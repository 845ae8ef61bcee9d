import Foundation
import TestSupportCore

/// Finds the registry that owns a `URLProtocol` subclass.
///
/// `URLSession` creates protocol instances itself and passes nothing of the test's along
/// (configuration headers, request properties and task-locals do not reach `startLoading`), so
/// the only thing a protocol instance knows is its own class. Each registry owns one class (and
/// one more per configuration it makes), and this directory maps that class, and nothing else,
/// back to it. It holds registries weakly and shares no test state: two registries never see
/// each other's stubs or requests.
enum RegistryDirectory {
    private struct Entry {
        weak var registry: HTTPStubRegistry?
        var binding: SessionBinding?
    }

    private struct State {
        var nextNumber: UInt64 = 1
        var entries: [ObjectIdentifier: Entry] = [:]
    }

    private static let state = Locked(State())

    /// Creates a protocol class no registry has had before.
    static func makeProtocolClass() -> StubURLProtocolBase.Type {
        let number = state.withLock { state in
            defer { state.nextNumber += 1 }
            return state.nextNumber
        }
        return TagRoot.protocolClass(for: number)
    }

    /// Maps `protocolClass` to `registry`, held weakly, and to the session it serves, if known.
    static func bind(_ protocolClass: AnyClass, to registry: HTTPStubRegistry, binding: SessionBinding? = nil) {
        state.withLock { $0.entries[ObjectIdentifier(protocolClass)] = Entry(registry: registry, binding: binding) }
    }

    /// The live registry that owns `protocolClass`, if any, and the session binding: strong
    /// references, the registry read from the weak one once, under the lock.
    static func entry(for protocolClass: AnyClass) -> (registry: HTTPStubRegistry?, binding: SessionBinding?)? {
        state.withLock { state in
            state.entries[ObjectIdentifier(protocolClass)].map { ($0.registry, $0.binding) }
        }
    }

    /// Forgets `protocolClasses`; a registry calls this when it is deallocated.
    static func unregister(_ protocolClasses: [AnyClass]) {
        state.withLock { state in
            for protocolClass in protocolClasses {
                state.entries.removeValue(forKey: ObjectIdentifier(protocolClass))
            }
        }
    }
}
