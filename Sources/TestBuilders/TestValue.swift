/// A model that declares its canonical test value: a valid, deterministic instance that tests
/// start from and change only what they care about.
///
/// One idiom in place of a `.make()` factory or a builder class per model:
///
/// ```swift
/// extension NewBook: TestValue {
///     public static var testValue: NewBook {
///         NewBook(
///             title: "The Dispossessed", author: "Ursula K. Le Guin",
///             status: .wantToRead)
///     }
/// }
///
/// let reading = NewBook.make(\.status, .reading)
/// let renamed = NewBook.make { $0.title = "Dune" }
/// let shelf = NewBook.make(count: 3) { book, index in
///     book.title = "Volume \(index + 1)"
/// }
/// ```
///
/// Keep the canonical value deterministic: fixed ids and dates, never `UUID()` or `Date()`.
public protocol TestValue: Buildable {
    /// The canonical instance tests start from.
    static var testValue: Self { get }
}

extension TestValue {
    /// The canonical test value.
    ///
    /// ```swift
    /// let book = Book.make()
    /// ```
    ///
    /// - Returns: ``testValue``.
    public static func make() -> Self {
        testValue
    }

    /// The canonical test value, changed by a closure.
    ///
    /// ```swift
    /// let finished = Book.make { $0.status = .finished }
    /// ```
    ///
    /// - Parameter configure: Changes the value in place.
    /// - Returns: The value.
    public static func make(_ configure: (inout Self) throws -> Void) rethrows -> Self {
        try testValue.with(configure)
    }

    /// The canonical test value with one property set to a new value.
    ///
    /// ```swift
    /// let finished = Book.make(\.status, .finished)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property to change.
    ///   - value: Its new value.
    /// - Returns: The value.
    public static func make<Value>(_ keyPath: WritableKeyPath<Self, Value>, _ value: Value) -> Self {
        testValue.with(keyPath, value)
    }

    /// Variants of the canonical test value, each changed by a closure that gets its index.
    ///
    /// `count` variants; `configure` gets each one's index, 0, 1, 2 and so on.
    ///
    /// ```swift
    /// let ids = SequentialUUIDGenerator()
    /// let books = Book.make(count: 3) { book, index in
    ///     book.id = ids.next()
    ///     book.title = "Volume \(index + 1)"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many values; zero or less gives none.
    ///   - configure: Changes value number `index` in place.
    /// - Returns: The values, index order.
    public static func make(count: Int, _ configure: (inout Self, Int) throws -> Void) rethrows -> [Self] {
        try testValue.variants(count, configure)
    }
}
