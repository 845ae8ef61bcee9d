/// The "Mark as finished" button's logic: dispatches to the shared store it finds in
/// ``StoreEnvironment``, as older screens without an injected store do.
public struct ReadingStatusToggle: Sendable {
    /// Creates the toggle.
    public init() {}

    /// Marks `book` finished, or back to reading if it was finished.
    ///
    /// - Parameter book: The book the button belongs to.
    public func toggle(_ book: Book) {
        let next: ReadingStatus = book.status == .finished ? .reading : .finished
        StoreEnvironment.current.dispatch(.statusChanged(id: book.id, to: next))
    }
}
