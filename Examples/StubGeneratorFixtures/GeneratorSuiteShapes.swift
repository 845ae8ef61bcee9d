// The shapes other Swift mock generators document and test (generics with where clauses,
// associated types with defaults and constraints, optional and collection properties, inherited
// chains, throwing and asynchronous properties, initializer and operator requirements), written as
// this package's own protocols.

import Foundation

/// A generic lookup whose result is an optional of its generic type.
public protocol KeyValueReading: Sendable {
    /// The value for a key, decoded as the given type.
    func value<T>(forKey key: String, as type: T.Type) -> T? where T: Decodable
}

/// A generic decoder whose result is its generic type, and which throws.
public protocol ThrowingDecoding: Sendable {
    /// Decodes a value.
    func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T
}

/// A stream property.
public protocol UpdatesStreaming: Sendable {
    /// The updates.
    var updates: AsyncStream<Int> { get }
}

/// Collections, optionals and dictionaries as properties.
public protocol VariablesProtocol: Sendable {
    /// An optional company.
    var company: String? { get set }
    /// A name.
    var name: String { get }
    /// An age.
    var age: Int { get }
    /// Children.
    var kids: [String] { get }
    /// Marks per university.
    var universityMarks: [String: Int] { get }
}

/// A protocol only classes adopt.
public protocol ClassBound: AnyObject {
    /// Pings.
    func ping()
}

/// An associated type with a where clause on itself.
public protocol ConstrainedAssociated: Sendable {
    /// The key.
    associatedtype Key: Sendable where Key: Hashable
    /// Removes a key.
    func remove(_ key: Key) -> Bool
}

/// An associated type with a default.
public protocol DefaultedAssociated: Sendable {
    /// The output, a text unless chosen otherwise.
    associatedtype Output: Sendable = String
    /// Produces an output.
    func produce() -> Output?
}

/// A primary associated type.
public protocol EntityRepository<Entity>: Sendable {
    /// The stored entity.
    associatedtype Entity: Sendable
    /// Fetches an entity.
    func fetch(id: String) async throws -> Entity
    /// Stores an entity.
    func store(_ entity: Entity) async throws
}

/// Subscripts with labels and setters.
public protocol LabelledSubscripts: Sendable {
    /// The value for a key.
    subscript(key key: String) -> Int? { get set }
}

/// Throwing and asynchronous properties.
public protocol EffectfulProperties: Sendable {
    /// A token that may fail to load.
    var token: String { get throws }
    /// Whether the service is ready.
    var isReady: Bool { get async }
}

/// A protocol with an initializer requirement.
public protocol Initializable {
    /// Creates an instance from a name.
    init(name: String)
    /// Starts.
    func start()
}

/// An operator requirement.
public protocol Combining {
    /// Combines two values.
    static func + (lhs: Self, rhs: Self) -> Self
}

/// A requirement returning `Self`.
public protocol Copying: AnyObject {
    /// A copy.
    func copy() -> Self
}

/// Methods with the same base name and different labels.
public protocol SameShortName: Sendable {
    /// Starts a car.
    func start(car: String, of model: String)
    /// Starts a plane.
    func start(plane: String, of model: String)
    /// Stops a monkey.
    func stop(monkey: String, before date: Date)
}

/// Generic methods with where clauses and no generic result.
public protocol GenericProcessing: Sendable {
    /// Processes items.
    func process<T>(_ items: [T]) where T: Sendable & Hashable
    /// Stores a codable item.
    func save<T: Codable & Sendable>(_ item: T, key: String) throws
}

/// Opaque and existential sequences with primary associated types.
public protocol SequenceTaking: Sendable {
    /// Sums numbers.
    func sum(_ numbers: some Sequence<Int>) -> Int
    /// Counts elements.
    func count(_ elements: any Collection<String>) -> Int
}

/// Nested collections and optionals.
public protocol NestedCollections: Sendable {
    /// Transforms a nested dictionary.
    func transform(_ input: [String: [Int]]?) -> [Int: String]
    /// Nested optionals.
    func find(_ id: Int?) -> [String?]
}

/// A chain three protocols deep.
public protocol ChainRoot: Sendable {
    /// The root's requirement.
    func root()
}

/// The middle of a chain.
public protocol ChainMiddle: ChainRoot {
    /// The middle's requirement.
    func middle() -> Int
}

/// The leaf of a chain.
public protocol ChainLeaf: ChainMiddle {
    /// The leaf's requirement.
    var leaf: String { get }
}

/// Existential parameters that are Sendable.
public protocol ErrorReporting: Sendable {
    /// Reports an error.
    func report(_ error: any Error)
    /// Reports a described value.
    func describe(_ value: any CustomStringConvertible & Sendable)
}

/// A protocol inheriting `CustomStringConvertible`, which the stub implements with a spy.
public protocol DescribedItem: CustomStringConvertible, Sendable {
    /// An identifier.
    var identifier: Int { get }
}

/// Asynchronous, throwing methods with results.
public protocol AsyncThrowingService: Sendable {
    /// Fetches names.
    func fetchNames() async throws -> [String]
    /// Sends a name.
    func send(_ name: String) async throws
    /// Counts asynchronously.
    func count() async -> Int
}
