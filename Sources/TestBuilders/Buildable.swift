/// Lets a test copy a value and change only what it cares about.
///
/// It gives a value type the `with` forms.
///
/// ```swift
/// extension NewBook: Buildable {}
///
/// let draft = NewBook(
///     title: "Dune", author: "Frank Herbert", status: .wantToRead)
/// let finished = draft.with(\.status, .finished)
/// let untitled = draft.with { $0.title = "" }
/// ```
///
/// ``TestValue`` refines it, so models with a canonical test value get both.
public protocol Buildable {}

extension Buildable {
    /// A copy with one property set to a new value.
    ///
    /// ```swift
    /// let finished = Book.testValue.with(\.status, .finished)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The property to change.
    ///   - value: Its new value.
    /// - Returns: The changed copy; `self` is untouched.
    public func with<Value>(_ keyPath: WritableKeyPath<Self, Value>, _ value: Value) -> Self {
        var copy = self
        copy[keyPath: keyPath] = value
        return copy
    }

    /// A copy changed by a closure, for several properties at once.
    ///
    /// ```swift
    /// let book = Book.testValue.with {
    ///     $0.title = "Dune"
    ///     $0.status = .reading
    /// }
    /// ```
    ///
    /// - Parameter configure: Changes the copy in place.
    /// - Returns: The changed copy; `self` is untouched.
    public func with(_ configure: (inout Self) throws -> Void) rethrows -> Self {
        var copy = self
        try configure(&copy)
        return copy
    }

    /// Many copies in one line, each changed by a closure that gets its index.
    ///
    /// `count` copies; `configure` gets each one's index, 0, 1, 2 and so on.
    ///
    /// ```swift
    /// let books = Book.testValue.variants(3) { book, index in
    ///     book.title = "Book \(index)"
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - count: How many copies; zero or less gives none.
    ///   - configure: Changes copy number `index` in place.
    /// - Returns: The copies, index order.
    public func variants(_ count: Int, _ configure: (inout Self, Int) throws -> Void) rethrows -> [Self] {
        guard count > 0 else { return [] }
        return try (0..<count).map { index in
            var copy = self
            try configure(&copy, index)
            return copy
        }
    }
}
