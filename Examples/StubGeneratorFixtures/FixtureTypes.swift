// Value and reference types the fixture protocols take and return.

/// A reference type that is not Sendable, standing in for a view or a view controller.
public final class FixtureView {
    /// The view's title.
    public var title: String

    /// Creates a view.
    public init(title: String) { self.title = title }
}

/// An error thrown by the fixture protocols.
public enum ServiceError: Error, Equatable, Sendable {
    /// The request failed.
    case failed
    /// The caller is not signed in.
    case unauthorized
}

/// A signed-in user.
public struct FixtureUser: Sendable, Equatable, Codable {
    /// The identifier.
    public var id: Int
    /// The display name.
    public var name: String

    /// Creates a user.
    public init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// A signed-in session.
public struct FixtureSession: Sendable, Equatable {
    /// The access token.
    public var token: String

    /// Creates a session.
    public init(token: String) { self.token = token }
}

/// An article of a feed.
public struct FixtureArticle: Sendable, Equatable {
    /// The title.
    public var title: String

    /// Creates an article.
    public init(title: String) { self.title = title }
}

/// A place on Earth.
public struct FixtureCoordinate: Sendable, Equatable {
    /// The latitude in degrees.
    public var latitude: Double
    /// The longitude in degrees.
    public var longitude: Double

    /// Creates a coordinate.
    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }
}

/// Where the app can navigate to.
public enum FixtureRoute: Sendable, Equatable {
    /// The home screen.
    case home
    /// A user's profile.
    case profile(id: Int)
}

/// A feature that can be switched on remotely.
public enum FixtureFeature: String, Sendable, CaseIterable {
    /// The new feed.
    case newFeed
    /// Dark mode.
    case darkMode
}

/// A permission the app asks for.
public enum FixturePermissionStatus: Sendable, Equatable {
    /// Not asked yet.
    case notDetermined
    /// Granted.
    case granted
    /// Denied.
    case denied
}
