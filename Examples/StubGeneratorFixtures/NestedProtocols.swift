// Protocols nested in other types.

/// A namespace of screens.
public enum Screens {
    /// Routes between screens.
    public protocol Routing: Sendable {
        /// Routes to a screen.
        func route(to screen: String)
    }
}

extension Screens {
    /// Tracks screen views, declared in an extension.
    public protocol Tracking: Sendable {
        /// A screen was shown.
        func screenShown(_ name: String)
    }
}

/// A feature with its own switch.
public struct Feature {
    /// A switch for the feature.
    public protocol Toggle: Sendable {
        /// Whether the feature is on.
        var isOn: Bool { get }
    }
}
