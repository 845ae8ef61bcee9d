// Protocols whose signatures spell types from Foundation, FoundationNetworking and other modules
// of the package: their stubs import what the signatures need.

import DispatchQueueInterface
import Foundation
import KeychainInterface

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP session, as an API client sees URLSession.
public protocol HTTPSession: Sendable {
    /// Loads the data of a request.
    func data(for request: URLRequest) async throws -> (Data, URLResponse)
}

/// Builds URLs for an API.
public protocol URLBuilding: Sendable {
    /// The URL of a path with a query, or nothing when they do not make a URL.
    func url(for path: String, query: [URLQueryItem]) -> URL?
    /// The API's base URL.
    var baseURL: URL { get }
}

/// The current date.
public protocol DateProviding: Sendable {
    /// Now.
    var now: Date { get }
}

/// Makes identifiers.
public protocol UUIDGenerating: Sendable {
    /// The next identifier.
    func next() -> UUID
}

/// Reads and writes files.
public protocol FileStoring: Sendable {
    /// Writes data to a file.
    func write(_ data: Data, to url: URL) throws
    /// Reads a file.
    func read(from url: URL) throws -> Data
    /// Whether a file exists.
    func exists(at url: URL) -> Bool
}

/// Loads images with a completion handler.
public protocol ImageLoading: Sendable {
    /// Loads the image at a URL and calls the completion handler with its bytes.
    func loadImage(from url: URL, completion: @escaping @Sendable (Result<Data, any Error>) -> Void)
}

/// Stores secrets in the keychain, with a type from another module of the package.
public protocol SecretStoring: Sendable {
    /// Saves a secret.
    func save(_ secret: String, for account: String, accessibility: KeychainAccessibility) throws
}

/// Schedules work on a queue, with a protocol from another module of the package.
public protocol WorkScheduling: Sendable {
    /// Runs work on a queue.
    func schedule(on queue: any DispatchQueueInterface, _ work: @escaping @Sendable () -> Void)
}

/// The user's time zone and locale.
public protocol RegionProviding: Sendable {
    /// The time zone.
    var timeZone: TimeZone { get }
    /// The locale.
    var locale: Locale { get }
}

/// Posts notifications by name.
public protocol NotificationPosting: Sendable {
    /// Posts a notification.
    func post(name: Notification.Name, userInfo: [String: String])
}

/// Talks to the network with a request and an HTTP response.
public protocol HTTPResponseChecking: Sendable {
    /// Checks a response, throwing when its status is not a success.
    func check(_ response: HTTPURLResponse, for request: URLRequest) throws
}
