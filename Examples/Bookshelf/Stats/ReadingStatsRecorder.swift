/// Counts finished books in the background, fire-and-forget, and tells an observer after each one.
///
/// Callers never wait for it: `recordFinished(_:)` returns at once and the work happens on its
/// own task. Code like this offers tests no hook to await.
public final class ReadingStatsRecorder: Sendable {
    private let store = ReadingStatsStore()
    private let onRecorded: @Sendable (Book) -> Void

    /// Creates a recorder.
    ///
    /// - Parameter onRecorded: Called on the recorder's task after each book has been counted.
    public init(onRecorded: @escaping @Sendable (Book) -> Void = { _ in }) {
        self.onRecorded = onRecorded
    }

    /// Counts `book` as finished, in the background.
    ///
    /// - Parameter book: The book the reader finished.
    public func recordFinished(_ book: Book) {
        Task { [store, onRecorded] in
            await store.add(book.id)
            onRecorded(book)
        }
    }

    /// How many distinct books have been counted so far.
    public func finishedCount() async -> Int {
        await store.count
    }
}

/// The recorder's state, on its own actor.
actor ReadingStatsStore {
    private var finished: Set<Book.ID> = []

    var count: Int { finished.count }

    func add(_ id: Book.ID) {
        finished.insert(id)
    }
}
