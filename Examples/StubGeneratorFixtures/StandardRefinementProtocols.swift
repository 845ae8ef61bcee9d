// Protocols that refine the standard library's common protocols, whose requirements are not in
// this module's symbol graph, and a generic requirement whose answer is cast to the type asked for.

/// An account with an identifier the protocol fixes, compared and hashed, and described.
public protocol Account: Identifiable, Hashable, CustomStringConvertible, Sendable where ID == String {
    /// The account holder's name.
    var name: String { get }
}

/// A session identified by the object itself.
public protocol ReadingSession: Identifiable, Sendable {
    /// Ends the session.
    func end()
}

/// A rule that can be compared with another.
public protocol FilterRule: Equatable, Sendable {
    /// Whether a text passes the rule.
    func matches(_ text: String) -> Bool
}

/// A main-actor node kept in sets.
@MainActor
public protocol ScreenNode: Hashable {
    /// The node's title.
    var title: String { get }
}

/// An actor kept in sets.
public protocol SyncPeer: Actor, Hashable {
    /// Syncs with the peer.
    func sync() async
}

/// A cache read by type, as a disk cache reads decoded values.
public protocol CacheReading: Sendable {
    /// The value cached for a key, decoded as the given type, or nil when there is none.
    func read<T: Decodable>(for key: String, as type: T.Type) throws -> T?
}
