import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// Loads a request with a data task and returns the body and the response.
    ///
    /// URLSession's own `data(for:)` needs iOS 15, macOS 12, tvOS 15 or watchOS 8; the package's
    /// tests build at its floor, so they await a data task instead. Cancelling the awaiting task
    /// cancels the data task, as `data(for:)` does.
    ///
    /// ```swift
    /// let (data, response) = try await stubs.session.dataTaskResult(for: request)
    /// ```
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The body (empty when there is none) and the response.
    /// - Throws: The task's error, such as a `URLError`.
    public func dataTaskResult(for request: URLRequest) async throws -> (Data, URLResponse) {
        try await taskResult { dataTask(with: request, completionHandler: $0) }
    }

    /// Loads a URL with a data task and returns the body and the response.
    ///
    /// It is ``dataTaskResult(for:)`` for a plain GET of `url`, standing in for `data(from:)`.
    ///
    /// - Parameter url: The URL to load.
    /// - Returns: The body (empty when there is none) and the response.
    /// - Throws: The task's error, such as a `URLError`.
    public func dataTaskResult(from url: URL) async throws -> (Data, URLResponse) {
        try await taskResult { dataTask(with: url, completionHandler: $0) }
    }

    /// Uploads a body with an upload task and returns the response's body and the response.
    ///
    /// It stands in for `upload(for:from:)`, which needs iOS 15, macOS 12, tvOS 15 or watchOS 8.
    ///
    /// - Parameters:
    ///   - request: The request to send; its own body is ignored, as an upload task ignores it.
    ///   - body: The body to upload.
    /// - Returns: The response's body (empty when there is none) and the response.
    /// - Throws: The task's error, such as a `URLError`.
    public func uploadTaskResult(for request: URLRequest, from body: Data) async throws -> (Data, URLResponse) {
        try await taskResult { uploadTask(with: request, from: body, completionHandler: $0) }
    }

    /// Runs a data task and returns what its completion handler received, the error included,
    /// where ``dataTaskResult(for:)`` would throw it; for tests that check a response and an error
    /// together. Cancelling the awaiting task cancels the data task.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The body, response and error, as the handler got them.
    public func dataTaskDelivery(for request: URLRequest) async -> DataTaskDelivery {
        await delivery { dataTask(with: request, completionHandler: $0) }
    }

    private func taskResult(
        _ makeTask: (@escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionTask
    ) async throws -> (Data, URLResponse) {
        let delivered = await delivery(makeTask)
        if let error = delivered.error { throw error }
        guard let response = delivered.response else { throw URLError(.badServerResponse) }
        return (delivered.data ?? Data(), response)
    }

    /// The one continuation behind every helper here: runs the task the closure makes, resumes with
    /// what its handler received, and cancels the task when the awaiting task is cancelled.
    private func delivery(
        _ makeTask: (@escaping @Sendable (Data?, URLResponse?, (any Error)?) -> Void) -> URLSessionTask
    ) async -> DataTaskDelivery {
        let state = Locked((task: URLSessionTask?.none, isCancelled: false))
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let task = makeTask { data, response, error in
                    continuation.resume(returning: DataTaskDelivery(data: data, response: response, error: error))
                }
                let isCancelled = state.withLock { state -> Bool in
                    state.task = task
                    return state.isCancelled
                }
                task.resume()
                // Cancelled before the task existed: cancel it now, so it ends with `.cancelled`.
                if isCancelled { task.cancel() }
            }
        } onCancel: {
            state.withLock { state -> URLSessionTask? in
                state.isCancelled = true
                return state.task
            }?.cancel()
        }
    }
}

/// What a data task's completion handler received: the body, the response and the error.
public struct DataTaskDelivery: Sendable {
    /// The body, if any.
    public var data: Data?
    /// The response, if any.
    public var response: URLResponse?
    /// The error, if the task failed.
    public var error: (any Error)?
}
