// Combine exists on Apple platforms only; this file compiles there and is empty on Linux.
#if canImport(Combine)
import Combine
import TestSupportCore

extension AsyncRecorder {
    /// Starts recording a Combine publisher (Apple platforms only): its values, then its
    /// completion.
    ///
    /// ```swift
    /// // Apple platforms only: Combine
    /// let books = CurrentValueSubject<[Book], Never>([])
    /// let recorder = AsyncRecorder(books)
    /// books.send([.testValue])
    /// await recorder.expectValues([[], [.testValue]])
    /// ```
    ///
    /// The recorder subscribes at once with unlimited demand, so a publisher that sends
    /// synchronously (`@Published`, `Just`, a subject) has its values recorded before the next
    /// line runs.
    ///
    /// - Parameters:
    ///   - publisher: The publisher to subscribe to; a failure completion becomes
    ///     [`failure(timeout:)`](<doc:failure(timeout:fileID:filePath:line:column:)>).
    ///   - label: How failure messages name the source; defaults to the publisher's type.
    public convenience init<P: Publisher>(_ publisher: P, label: String? = nil) where P.Output == Element {
        let storage = RecorderStorage<Element>()
        let cancellable = publisher.sink(
            receiveCompletion: { completion in
                switch completion {
                case .finished:
                    storage.complete(.finished)
                case .failure(let error):
                    storage.complete(.failure(error))
                }
            },
            receiveValue: { value in storage.receive(value) }
        )
        // AnyCancellable is cancelled once, from whichever thread releases the recorder.
        let subscription = Locked<AnyCancellable?>(cancellable)
        self.init(
            label: label ?? String(describing: P.self),
            storage: storage,
            source: ClosureRecordingSource { subscription.exchange(nil)?.cancel() }
        )
    }
}

extension Publisher where Output: Sendable {
    /// Starts recording this publisher, on Apple platforms.
    ///
    /// A shorthand for ``AsyncRecorder/init(_:label:)``.
    ///
    /// ```swift
    /// // Apple platforms only: Combine
    /// let recorder = CurrentValueSubject<[Book], Never>([]).record()
    /// ```
    ///
    /// - Parameter label: How failure messages name the source; defaults to the publisher's type.
    /// - Returns: A recorder already subscribed to the publisher.
    public func record(label: String? = nil) -> AsyncRecorder<Output> {
        AsyncRecorder(self, label: label)
    }
}
#endif
