import Foundation
import TestSupportTesting

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The error a bounded await throws when its operation outlives the deadline.
struct DeadlineExceeded: Error, CustomStringConvertible {
    let seconds: Double

    var description: String { "the operation did not finish within \(seconds) s" }
}

/// Runs `operation` and returns its result, or throws ``DeadlineExceeded`` after `seconds`, so a
/// regression that never completes a request fails the test instead of hanging it.
///
/// The deadline is a safety net, never a verdict: in a full parallel run beside other load, a
/// task can wait seconds for a thread, so the default is a minute, far past any healthy delay.
func withDeadline<T: Sendable>(
    seconds: Double = 60,
    _ operation: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(nanoseconds: UInt64(seconds * 1_000_000_000))
            throw DeadlineExceeded(seconds: seconds)
        }
        defer { group.cancelAll() }
        guard let first = try await group.next() else { throw DeadlineExceeded(seconds: seconds) }
        return first
    }
}

/// What a completion-handler data task delivered: body, response and error, as the handler got them.
struct TaskDelivery: Sendable {
    var data: Data?
    var response: HTTPURLResponse?
    var error: (any Error)?

    var urlErrorCode: URLError.Code? { (error as? URLError)?.code }
}

extension URLSession {
    /// Runs a data task with a completion handler, bounded by a deadline, and returns what the
    /// handler received, error included (where `dataTaskResult(for:)` would throw it).
    func delivery(for request: URLRequest, seconds: Double = 60) async throws -> TaskDelivery {
        try await withDeadline(seconds: seconds) {
            // Past the deadline the task is cancelled, so its handler still runs and the group ends.
            let delivered = await self.dataTaskDelivery(for: request)
            return TaskDelivery(data: delivered.data, response: delivered.response as? HTTPURLResponse, error: delivered.error)
        }
    }
}

/// Nanoseconds on a monotonic clock, for "took at least" checks on real-time delays.
func monotonicNanoseconds() -> UInt64 {
    DispatchTime.now().uptimeNanoseconds
}
