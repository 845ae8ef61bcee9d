#if canImport(Observation)
import Observation
import TestSupportCore

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
extension AsyncRecorder {
    /// Starts recording a property of an observable object: its current value first, then its value
    /// after each change.
    ///
    /// The object is an `@Observable` one.
    ///
    /// ```swift
    /// let model = BookImportScreenModel(center: NotificationCenter())
    /// let recorder = AsyncRecorder(model, \.status)
    /// model.importStarted()
    /// await recorder.expectValues(["Ready", "Importing…"])
    /// ```
    ///
    /// Observation reports a change before the new value is stored, so the recorder reads the
    /// value on the main actor just after: several changes made in one main-actor turn are
    /// recorded once, with the last value, as with Swift's `Observations`. The recorder holds
    /// the object weakly, so it never keeps it alive.
    ///
    /// - Parameters:
    ///   - subject: The observable object; read on the main actor.
    ///   - keyPath: The property to record.
    ///   - label: How failure messages name the source; defaults to the object's type.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
    @MainActor
    public convenience init<Subject: Observable & AnyObject>(
        _ subject: Subject,
        _ keyPath: KeyPath<Subject, Element>,
        label: String? = nil
    ) {
        let storage = RecorderStorage<Element>()
        // Read by the source's `cancel()` from any thread (a recorder's deinit), so it is a lock.
        let isStopped = Locked(false)
        // The tracker lives as long as the object holds its pending observation.
        ObservationTracker(subject: subject, keyPath: keyPath, storage: storage, isStopped: isStopped).track()
        self.init(
            label: label ?? "\(Subject.self) property",
            storage: storage,
            source: ClosureRecordingSource { isStopped.withLock { $0 = true } }
        )
    }
}

/// Reads an observed property, records it, and tracks it again after each change.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, *)
@MainActor
final class ObservationTracker<Subject: Observable & AnyObject, Value: Sendable> {
    private weak var subject: Subject?
    private let keyPath: KeyPath<Subject, Value>
    private let storage: RecorderStorage<Value>
    private let isStopped: Locked<Bool>

    init(subject: Subject, keyPath: KeyPath<Subject, Value>, storage: RecorderStorage<Value>, isStopped: Locked<Bool>) {
        self.subject = subject
        self.keyPath = keyPath
        self.storage = storage
        self.isStopped = isStopped
    }

    func track() {
        guard !isStopped.value, let subject else { return }
        let keyPath = self.keyPath
        let value = withObservationTracking {
            subject[keyPath: keyPath]
        } onChange: {
            Task { @MainActor in self.track() }
        }
        storage.receive(value)
    }
}
#endif
