// The protocols a typical iOS app puts in front of its services, stores and screens.

import Foundation

/// Signs the user in and out.
public protocol AuthServicing: Sendable {
    /// Signs in.
    func signIn(email: String, password: String) async throws -> FixtureSession
    /// Signs out.
    func signOut() async
    /// The current session, if signed in.
    var currentSession: FixtureSession? { get }
}

/// Stores the session.
public protocol SessionStoring: Sendable {
    /// Saves a session.
    func save(_ session: FixtureSession) throws
    /// The saved session.
    func load() -> FixtureSession?
    /// Forgets the session.
    func clear()
}

/// Refreshes tokens, with typed throws.
public protocol TokenRefreshing: Sendable {
    /// A fresh token.
    func refresh(_ token: String) async throws(ServiceError) -> String
}

/// Users from the server.
public protocol UserRepository: Sendable {
    /// Fetches a user.
    func user(id: Int) async throws -> FixtureUser
    /// Updates a user.
    func update(_ user: FixtureUser) async throws
    /// Users matching a name.
    func search(name: String, limit: Int) async throws -> [FixtureUser]
}

/// Loads a feed page by page.
public protocol FeedLoading: Sendable {
    /// Loads a page.
    func loadFeed(page: Int) async throws -> [FixtureArticle]
}

/// Caches articles.
public protocol ArticleCaching: Sendable {
    /// The cached articles.
    func cachedArticles() -> [FixtureArticle]
    /// Caches articles.
    func cache(_ articles: [FixtureArticle])
}

/// Caches image data by URL.
public protocol ImageCaching: Sendable {
    /// The image data for a URL.
    func imageData(for url: URL) -> Data?
    /// Stores image data.
    func store(_ data: Data, for url: URL)
}

/// Where the user is.
public protocol LocationProviding: Sendable {
    /// The current location.
    func currentLocation() async throws -> FixtureCoordinate
    /// Whether the app may read the location.
    var authorizationStatus: FixturePermissionStatus { get }
}

/// Registers for push notifications.
public protocol PushRegistering: Sendable {
    /// Asks for permission.
    func requestAuthorization() async throws -> Bool
    /// The device token, once registered.
    var deviceToken: Data? { get }
}

/// Logs analytics events.
public protocol AnalyticsLogging: Sendable {
    /// Logs an event with parameters.
    func log(event: String, parameters: [String: String])
    /// Sets a user property.
    func setUserProperty(_ value: String?, forName name: String)
}

/// Reports crashes and errors.
public protocol CrashReporting: Sendable {
    /// Records a non-fatal error.
    func record(_ error: any Error, userInfo: [String: String])
    /// Sets the user identifier.
    func setUserID(_ id: String?)
}

/// Remote feature flags.
public protocol FeatureFlagProviding: Sendable {
    /// Whether a feature is on.
    func isEnabled(_ feature: FixtureFeature) -> Bool
    /// Fetches the flags.
    func fetch() async throws
}

/// Watches the network.
public protocol ReachabilityMonitoring: Sendable {
    /// Whether the network can be reached.
    var isReachable: Bool { get }
    /// Starts monitoring and calls back on each change.
    func start(onChange: @escaping @Sendable (Bool) -> Void)
    /// Stops monitoring.
    func stop()
}

/// Takes payments.
public protocol PaymentProcessing: Sendable {
    /// Pays an amount.
    func pay(amount: Decimal, currency: String) async throws(ServiceError) -> String
}

/// A shopping cart.
public protocol CartManaging: Sendable {
    /// The items.
    var items: [String] { get }
    /// Adds an item.
    func add(_ item: String, quantity: Int)
    /// Removes an item.
    func remove(_ item: String)
    /// The total price.
    func total() -> Decimal
}

/// Searches.
public protocol SearchServicing: Sendable {
    /// Results for a query.
    func search(_ query: String, limit: Int) async throws -> [String]
    /// Suggestions for a prefix.
    func suggestions(for prefix: String) async -> [String]
}

/// Face ID or Touch ID.
public protocol BiometricAuthenticating: Sendable {
    /// Whether biometrics are available.
    var isAvailable: Bool { get }
    /// Authenticates.
    func authenticate(reason: String) async -> Bool
}

/// Haptic feedback on the main actor.
@MainActor
public protocol HapticsPlaying {
    /// Plays a success haptic.
    func playSuccess()
    /// Plays a haptic with an intensity.
    func play(intensity: Double)
}

/// Navigates between screens on the main actor.
@MainActor
public protocol AppRouting: AnyObject {
    /// Navigates to a route.
    func navigate(to route: FixtureRoute)
    /// Goes back.
    func pop(animated: Bool)
    /// The current route.
    var currentRoute: FixtureRoute { get }
}

/// Handles deep links.
public protocol DeepLinkHandling: Sendable {
    /// Handles a URL, saying whether it did.
    func handle(_ url: URL) -> Bool
}

/// Settings stored as key-value pairs.
public protocol SettingsStoring: Sendable {
    /// A flag.
    func bool(forKey key: String) -> Bool
    /// Sets a flag.
    func set(_ value: Bool, forKey key: String)
    /// A text.
    func string(forKey key: String) -> String?
}

/// Sleeps for a duration.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public protocol Sleeping: Sendable {
    /// Sleeps.
    func sleep(for duration: Duration) async throws
}

/// Logs messages with where they came from.
public protocol Logging: Sendable {
    /// Logs a debug message.
    func debug(_ message: String, file: String, line: Int)
    /// Logs an error.
    func error(_ message: String, error: (any Error)?)
}

/// The app's theme on the main actor.
@MainActor
public protocol ThemeProviding {
    /// The accent colour's name.
    var accentColorName: String { get set }
    /// Whether dark mode is on.
    var isDarkMode: Bool { get }
}

/// Observes the app's lifecycle.
public protocol LifecycleObserving: AnyObject {
    /// The app became active.
    func appDidBecomeActive()
    /// The app will go to the background.
    func appWillResignActive()
}

/// Manages downloads with completion handlers.
public protocol DownloadManaging: Sendable {
    /// Starts a download.
    func startDownload(_ url: URL, completion: @escaping @Sendable (Result<URL, ServiceError>) -> Void) -> Int
    /// Cancels a download.
    func cancelDownload(_ id: Int)
}

/// Asks for permissions.
public protocol PermissionRequesting: Sendable {
    /// The status of a permission.
    func status(of permission: String) -> FixturePermissionStatus
    /// Asks for a permission.
    func request(_ permission: String) async -> FixturePermissionStatus
}

/// Presents a share sheet for a view.
@MainActor
public protocol SharePresenting {
    /// Shares items from a view.
    func share(_ items: [String], from view: FixtureView)
}

/// A view model's output, told on the main actor.
@MainActor
public protocol ViewModelOutput: AnyObject {
    /// The view model started loading.
    func didStartLoading()
    /// The view model loaded items.
    func didLoad(_ items: [String])
    /// The view model failed.
    func didFail(_ error: any Error)
}

/// Reads the clipboard.
public protocol ClipboardAccessing: Sendable {
    /// The text on the clipboard.
    var text: String? { get set }
}

/// Counts app launches.
public protocol LaunchCounting: Sendable {
    /// Increments and returns the count.
    func incrementLaunchCount() -> Int
    /// Whether to ask for a review.
    func shouldRequestReview() -> Bool
}

/// Plays audio.
public protocol AudioPlaying: Sendable {
    /// Plays a file.
    func play(_ url: URL) async throws
    /// Pauses.
    func pause()
    /// The position in seconds.
    var currentTime: TimeInterval { get }
}

/// Schedules local notifications.
public protocol LocalNotificationScheduling: Sendable {
    /// Schedules a notification.
    func schedule(title: String, body: String, at date: Date) async throws -> String
    /// Removes pending notifications.
    func removePending(identifiers: [String])
}

/// Syncs data in the background.
public protocol BackgroundSyncing: Actor {
    /// Syncs, returning how many records changed.
    func sync() async throws -> Int
    /// The last sync date.
    var lastSync: Date? { get }
}

/// Validates form input.
public protocol FormValidating: Sendable {
    /// Whether an email is valid.
    func isValidEmail(_ email: String) -> Bool
    /// Problems with a password.
    func problems(withPassword password: String) -> [String]
}

/// Formats currency.
public protocol CurrencyFormatting: Sendable {
    /// Formats an amount.
    func format(_ amount: Decimal, currencyCode: String) -> String
}

/// A persistent store of codable values.
public protocol PersistentStoring: Sendable {
    /// The value type.
    associatedtype Value: Codable & Sendable
    /// All values.
    func all() async throws -> [Value]
    /// Inserts a value.
    func insert(_ value: Value) async throws
    /// Deletes every value.
    func deleteAll() async throws
}

/// A mailbox: a call with several arguments, a completion handler and a count.
public protocol Mailbox: Sendable {
    /// Moves a message to a folder, saying whether it moved.
    func move(identifier: Int, to folder: String, copy: Bool) -> Bool
    /// Loads a message and calls the completion handler with its text.
    func load(id: Int, completion: @escaping (Result<String, ServiceError>) -> Void)
    /// The number of messages.
    func count() -> Int
}
