import Foundation
import TestSupportCore

extension AsyncRecorder {
    /// Starts recording the notifications of one name, each turned into a value by a closure.
    ///
    /// ```swift
    /// let center = NotificationCenter()
    /// let recorder = AsyncRecorder(
    ///     notificationsNamed: bookImportDidFinish, center: center
    /// ) {
    ///     $0.userInfo?["count"] as? Int
    /// }
    /// ```
    ///
    /// The observer runs on the posting thread, so a value is recorded before `post` returns:
    /// no waiting is needed after a synchronous post. A notification `transform` maps to `nil`
    /// is skipped. The source never finishes; ``cancel()`` or releasing the recorder removes the
    /// observer.
    ///
    /// - Parameters:
    ///   - name: The notification name to record.
    ///   - object: Only notifications from this sender, or from any sender when `nil`.
    ///   - center: The notification center; give each test its own where it can.
    ///   - label: How failure messages name the source; defaults to the notification name.
    ///   - transform: Turns a notification into the recorded value; `nil` skips it.
    public convenience init(
        notificationsNamed name: Notification.Name,
        object: AnyObject? = nil,
        center: NotificationCenter = .default,
        label: String? = nil,
        _ transform: @escaping @Sendable (Notification) -> Element?
    ) {
        let storage = RecorderStorage<Element>()
        let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
            if let value = transform(notification) {
                storage.receive(value)
            }
        }
        // The token is only handed back to the center that made it, once.
        let observer = Locked<(any NSObjectProtocol)?>(token)
        let boxedCenter = Locked(center)
        self.init(
            label: label ?? "notifications named \(name.rawValue)",
            storage: storage,
            source: ClosureRecordingSource {
                if let token = observer.exchange(nil) {
                    boxedCenter.value.removeObserver(token)
                }
            }
        )
    }
}

extension AsyncRecorder where Element == RecordedNotification {
    /// Starts recording the notifications of one name, keeping each one's name, sender and user
    /// info.
    ///
    /// Records the notifications named `name`.
    ///
    /// ```swift
    /// let center = NotificationCenter()
    /// let model = BookImportScreenModel(center: center)
    /// let recorder = AsyncRecorder(
    ///     notificationsNamed: bookImportDidFinish, center: center)
    /// model.importFinished(count: 3)
    /// #expect(await recorder.next()?.name == bookImportDidFinish)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The notification name to record.
    ///   - object: Only notifications from this sender, or from any sender when `nil`.
    ///   - center: The notification center; give each test its own where it can.
    ///   - label: How failure messages name the source; defaults to the notification name.
    public convenience init(
        notificationsNamed name: Notification.Name,
        object: AnyObject? = nil,
        center: NotificationCenter = .default,
        label: String? = nil
    ) {
        self.init(notificationsNamed: name, object: object, center: center, label: label) { RecordedNotification($0) }
    }
}
