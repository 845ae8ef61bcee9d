/// Picks the book to suggest reading next: a random one among those not started.
public struct ShelfPicker: Sendable {
    /// Creates the picker.
    public init() {}

    /// A random book the reader wants to read, or `nil` if there is none.
    ///
    /// - Parameters:
    ///   - books: The shelf.
    ///   - generator: The source of randomness; the system's in production.
    /// - Returns: The suggestion.
    public func pickNext<Generator: RandomNumberGenerator>(from books: [Book], using generator: inout Generator) -> Book? {
        books.filter { $0.status == .wantToRead }.randomElement(using: &generator)
    }
}
