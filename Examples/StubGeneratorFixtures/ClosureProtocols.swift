// Protocols with closure results, closure properties and closure parameters.

import Foundation

/// Makes a validating closure.
public protocol ValidatorMaking: Sendable {
    /// A closure that validates a text.
    func makeValidator() -> @Sendable (String) -> Bool
}

/// Makes a closure that is not Sendable.
public protocol TransformMaking {
    /// A closure that transforms a number.
    func makeTransform() -> (Int) -> Int
}

/// A Sendable closure property.
public protocol EventHandling: Sendable {
    /// Called for each event.
    var onEvent: (@Sendable (String) -> Void)? { get set }
}

/// A closure property that is not Sendable.
public protocol HandlerProviding {
    /// The handler.
    var handler: (Int) -> Void { get }
}

/// A completion-handler API.
public protocol CompletionAPI: Sendable {
    /// Loads a value and calls the completion handler.
    func load(id: Int, completion: @escaping @Sendable (Result<String, ServiceError>) -> Void)
    /// Cancels a load.
    func cancel(id: Int)
}

/// Two closure parameters.
public protocol DownloadReporting: Sendable {
    /// Downloads a file, reporting progress, then completes.
    func download(
        _ url: URL, progress: @escaping @Sendable (Double) -> Void,
        completion: @escaping @Sendable (Result<Data, any Error>) -> Void
    )
}

/// An optional completion handler.
public protocol Refreshing: Sendable {
    /// Refreshes, then calls the completion handler if there is one.
    func refresh(completion: (@Sendable (Bool) -> Void)?)
}

/// A closure the requirement calls before returning.
public protocol ItemIterating: Sendable {
    /// Calls the body for each item.
    func forEachItem(_ body: (String) -> Void)
}

/// An asynchronous closure parameter.
public protocol WorkPerforming: Sendable {
    /// Performs work.
    func perform(_ work: @escaping @Sendable () async throws -> Void) async
}

/// An autoclosure parameter.
public protocol MessageLogging: Sendable {
    /// Logs a message, built only when needed.
    func log(_ message: @autoclosure () -> String)
}

/// A typealias the protocol declares for its own completion handler.
public protocol AliasedCompletion: Sendable {
    /// The completion handler.
    typealias Completion = @Sendable (Result<Int, ServiceError>) -> Void
    /// The payload.
    typealias Payload = [String: Int]
    /// Fetches a value.
    func fetch(_ id: Int, completion: @escaping Completion)
    /// Sends a payload.
    func send(_ payload: Payload) -> Bool
}
