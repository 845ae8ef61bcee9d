// Protocols whose spelling the generator has to reproduce or take apart: implicitly unwrapped
// optionals, `sending`, keyword names, members named like spies, restated requirements,
// composed constraints, parameter packs, `Never`.

/// Implicitly unwrapped optionals.
public protocol ImplicitlyUnwrapped: Sendable {
    /// A result that is implicitly unwrapped.
    func implicitReturn() -> String!
    /// A property that is implicitly unwrapped.
    var title: String! { get }
    /// A parameter that is implicitly unwrapped.
    func take(_ value: Int!)
}

/// `sending` parameters and results.
public protocol SendingValues {
    /// Makes numbers and sends them.
    func make() -> sending [Int]
    /// Takes a view sent by the caller.
    func consume(_ view: sending FixtureView)
}

/// Parameters and methods named with keywords.
public protocol KeywordNames: Sendable {
    /// A parameter named `for`.
    func lookup(for: String) -> Int
    /// Parameters named `in` and `default`.
    func move(in: Int, default: Bool)
    /// A method named `default`.
    func `default`(for key: String) -> String
}

/// A property named like the spy of a method.
public protocol SpyNamedMembers: Sendable {
    /// A property that a generated spy name would take.
    var loadSpy: Int { get }
    /// The method whose spy would be `loadSpy`.
    func load()
}

/// A base protocol.
public protocol BaseRunning: Sendable {
    /// Runs.
    func run() -> Bool
}

/// A refining protocol that restates its base's requirement.
public protocol RefinedRunning: BaseRunning {
    /// Runs, restated.
    func run() -> Bool
    /// Stops.
    func stop()
}

/// An associated type constrained to `Codable`.
public protocol CodableStoring: Sendable {
    /// The stored value.
    associatedtype Value: Codable
    /// Saves a value.
    func save(_ value: Value) throws
    /// Loads the value, if any.
    func load() throws -> Value?
}

/// A parameter pack.
public protocol PackRecording: Sendable {
    /// Records any number of values.
    func record<each Value>(_ values: repeat each Value)
}

/// A requirement that never returns.
public protocol NeverReturning: Sendable {
    /// Stops the program with a message.
    func halt(_ message: String) -> Never
    /// Stops politely.
    func stop()
}

/// Typed throws that cannot throw.
public protocol ThrowsNever: Sendable {
    /// Parses a text.
    func parse(_ text: String) throws(Never) -> Int
}

/// Overloads that differ only by their result.
public protocol ResultOverloads: Sendable {
    /// The value as a number.
    func value(for key: String) -> Int
    /// The value as a text.
    func value(for key: String) -> String
}

/// An attribute on a requirement.
public protocol DiscardableResults: Sendable {
    /// Saves and says whether it did.
    @discardableResult func save() -> Bool
}

/// Tuples as parameters and results.
public protocol TupleShapes: Sendable {
    /// A tuple parameter.
    func place(_ point: (x: Int, y: Int))
    /// A tuple result.
    func bounds() -> (min: Int, max: Int)
}
