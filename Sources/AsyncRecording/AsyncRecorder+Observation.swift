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
    /// Observation reports a change before the new value is stored, so the recorder never reads
    /// the value at that moment. It records the value each change stored: when the next change
    /// begins, read on the thread making it, and for the latest change once it is complete (after
    /// the current main-actor turn for a change made on the main actor; for a change made on
    /// another actor, on the main actor as soon as the value differs from the one before). So
    /// the changes of one actor are recorded in order, the last one included, and a value is
    /// never recorded again in place of a newer one. What coalesces: a change that stores a value
    /// equal to the one recorded last records nothing, as Swift's `@Observable` reports no change
    /// for an equal value; a change from another actor to a value that is not `Equatable` is
    /// read after one hop to the main actor, as Swift's `Observations` reads it. The recorder holds
    /// the object weakly, so it never keeps it alive.
    ///
    /// - Parameters:
    ///   - subject: The observable object; read on the main actor, and on the thread changing it
    ///     when a change begins.
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
        let tracker = ObservationTracker(storage: storage, read: ObservationTracker<Element>.reader(of: subject, keyPath))
        tracker.start()
        self.init(
            label: label ?? "\(Subject.self) property",
            storage: storage,
            source: ClosureRecordingSource { tracker.stop() }
        )
    }
}
#endif
