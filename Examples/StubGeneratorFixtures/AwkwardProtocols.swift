// Protocols with every shape of requirement the stub generator has to handle or refuse. The
// generated stubs live in Examples/StubGeneratorFixtureStubs, compiled and used by Tests/StubGeneratorTests.

/// An error thrown by typed-throws requirements.
public enum AwkwardError: Error, Equatable, Sendable {
    /// The only failure.
    case failed
}

/// Overloads told apart by their labels and parameter types.
public protocol Overloaded: Sendable {
    /// Finds by name.
    func find(name: String) -> [String]
    /// Finds by identifier.
    func find(id: Int) -> [String]
    /// Finds without a label.
    func find(_ query: String) async -> [String]
}

/// Parameters that are inout, variadic, or closures.
public protocol ParameterShapes: Sendable {
    /// Changes a counter in place.
    func increment(_ value: inout Int)
    /// Adds many numbers.
    func sum(_ numbers: Int...) -> Int
    /// Runs a closure and returns its result.
    func perform(_ work: () throws -> Int) rethrows -> Int
    /// Keeps a completion handler.
    func load(id: Int, completion: @escaping @Sendable (Result<String, AwkwardError>) -> Void)
    /// Several parameters, some with default-looking names.
    func move(from source: String, to destination: String, animated: Bool) async
}

/// Every kind of effect a function can have.
public protocol Effects: Sendable {
    /// Typed throws.
    func parse(_ text: String) throws(AwkwardError) -> Int
    /// Typed throws, asynchronous, no result.
    func upload(_ data: [UInt8]) async throws(AwkwardError)
    /// Untyped throws, asynchronous.
    func download(from url: String) async throws -> [UInt8]
    /// A result that is an optional.
    func lookup(_ key: String) -> String?
    /// A result that is not expressible by a literal.
    func error(forCode code: Int) -> AwkwardError
}

/// Properties and subscripts.
public protocol Members: Sendable {
    /// A read-only property.
    var name: String { get }
    /// A read-write property.
    var count: Int { get set }
    /// An asynchronous, throwing property.
    var remote: Int { get async throws }
    /// A read-only subscript.
    subscript(index: Int) -> String { get }
    /// A read-write subscript with two parameters.
    subscript(row: Int, column: Int) -> Double { get set }
}

/// Static requirements: the generator refuses them, since a static spy would be shared by every test.
public protocol Factory: Sendable {
    /// Makes an instance.
    static func make() -> Self
    /// A static property.
    static var defaultName: String { get }
}

/// A protocol inheriting one from another module: its requirements are not in this module's graph.
public protocol Describable: CustomStringConvertible, Sendable {
    /// A longer description.
    var details: String { get }
}

/// A protocol isolated to the main actor.
@MainActor
public protocol MainActorScreen {
    /// The title shown.
    var title: String { get set }
    /// Shows the screen.
    func show(animated: Bool)
    /// Loads content.
    func reload() async throws
}

/// A protocol with one main-actor requirement in a non-isolated protocol.
public protocol PartlyIsolated: Sendable {
    /// Renders on the main actor.
    @MainActor func render(_ text: String)
}

/// A protocol that only actors can adopt.
public protocol Counter: Actor {
    /// Adds one and returns the total.
    func increment() -> Int
}

/// A base protocol.
public protocol Named: Sendable {
    /// The name.
    var name: String { get }
}

/// A protocol that inherits another: its stub implements both.
public protocol Greeter: Named {
    /// Greets someone.
    func greet(_ person: String) -> String
}

/// An associated type: the stub becomes generic over it.
public protocol Container: Sendable {
    /// The element type.
    associatedtype Item: Sendable
    /// Adds an element.
    func add(_ item: Item)
    /// All elements.
    func all() -> [Item]
}

/// Generic, opaque and existential parameters: recorded by description when the result does not depend on a generic type.
public protocol GenericMethods: Sendable {
    /// Logs any value.
    func log<Value>(_ value: Value)
    /// Stores a value under a key.
    func store<Value: Sendable>(_ value: Value, forKey key: String) throws
    /// Describes an opaque parameter.
    func describe(_ value: some CustomStringConvertible) -> String
    /// Takes an existential.
    func accept(_ value: any CustomStringConvertible)
}

/// A generic method whose result is its generic type: the generator refuses it with a message.
public protocol Decoding: Sendable {
    /// Decodes a value.
    func decode<T: Decodable>(_ type: T.Type, from text: String) throws -> T
}

/// An internal protocol: stubbed only with `--access internal`, from a target that can `@testable import` the module.
protocol InternalService: Sendable {
    /// Pings the service.
    func ping() async -> Bool
}

/// An internal protocol whose completion handlers receive each kind of default: its stub in the
/// tests' target is generated with `--default-answers`, and completes each unconfigured call at once.
protocol InternalCallbacks: Sendable {
    /// Syncs, then calls back.
    func sync(completion: @escaping @Sendable () -> Void)
    /// Checks whether a feature is on.
    func isEnabled(_ feature: String, completion: @escaping @Sendable (Bool) -> Void)
    /// Looks up a value, calling back with nothing when there is none.
    func lookup(_ key: String, completion: @escaping @Sendable (String?) -> Void)
    /// Loads a count, or fails.
    func loadCount(completion: @escaping @Sendable (Result<Int, ServiceError>) -> Void)
}
