import Foundation

/// A notification as a recorder keeps it: its name, a description of its sender, and its user
/// info as text, so it can cross tasks safely.
public struct RecordedNotification: Sendable, Hashable, CustomStringConvertible {
    /// The notification's name.
    public var name: Notification.Name
    /// The sender's description, or nothing when the notification had no sender.
    public var objectDescription: String?
    /// The user info's keys and values, described as text.
    public var userInfo: [String: String]

    /// Captures a notification's name, sender and user info.
    ///
    /// - Parameter notification: The notification to keep.
    public init(_ notification: Notification) {
        name = notification.name
        objectDescription = notification.object.map { String(describing: $0) }
        var info: [String: String] = [:]
        for (key, value) in notification.userInfo ?? [:] {
            info[String(describing: key)] = String(describing: value)
        }
        userInfo = info
    }

    /// The name, then the user info when there is some.
    public var description: String {
        userInfo.isEmpty ? name.rawValue : "\(name.rawValue) \(userInfo.sorted { $0.key < $1.key })"
    }
}
