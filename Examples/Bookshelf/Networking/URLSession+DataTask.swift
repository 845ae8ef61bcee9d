import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension URLSession {
    /// Sends a request with a data task and returns the body and the response.
    ///
    /// The app supports iOS 13, macOS 10.15, tvOS 13 and watchOS 6, where `URLSession` has no async
    /// methods yet, so it awaits a data task. An app whose deployment target is iOS 15, macOS 12,
    /// tvOS 15 or watchOS 8 or later calls `data(for:)` instead and needs none of this. Cancelling
    /// the awaiting task cancels the data task, as `data(for:)` does.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The body (empty when there is none) and the response.
    /// - Throws: The task's error, such as a `URLError`.
    func dataTaskResult(for request: URLRequest) async throws -> (Data, URLResponse) {
        let handle = DataTaskHandle()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = dataTask(with: request) { data, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let response {
                        continuation.resume(returning: (data ?? Data(), response))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                handle.start(task)
            }
        } onCancel: {
            handle.cancel()
        }
    }
}

/// The data task behind one `dataTaskResult(for:)`, so that cancelling the awaiting task can
/// cancel it, even when the cancellation comes first.
private final class DataTaskHandle: @unchecked Sendable {
    // @unchecked Sendable: `task` and `isCancelled` are only read and written while `lock` is held.
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var isCancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelledFirst = isCancelled
        lock.unlock()
        task.resume()
        if cancelledFirst { task.cancel() }
    }

    func cancel() {
        lock.lock()
        isCancelled = true
        let started = task
        lock.unlock()
        started?.cancel()
    }
}
