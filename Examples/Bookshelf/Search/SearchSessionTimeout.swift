import DispatchQueueInterface
import Foundation

/// Ends a search session after a period without input (30 seconds by default), so the search
/// screen can collapse and forget the query.
public final class SearchSessionTimeout: @unchecked Sendable {
    // @unchecked Sendable: every mutable property is read and written under `lock`.
    private let lock = NSLock()
    private let queue: any DispatchQueueInterface
    private let timeout: DispatchTimeInterval
    private var pendingTimeout: DispatchWorkItem?
    private var timedOut = false

    // snippet: session-timeout
    /// Creates the timeout.
    ///
    /// - Parameters:
    ///   - queue: Where the timeout fires; the main queue by default.
    ///   - timeout: How long without input ends the session.
    public init(
        queue: any DispatchQueueInterface = DispatchQueue.main,
        timeout: DispatchTimeInterval = .seconds(30)
    ) {
        self.queue = queue
        self.timeout = timeout
    }

    /// Whether the session has ended for lack of input.
    public var hasTimedOut: Bool { lock.withLock { timedOut } }

    /// Call on every input: restarts the countdown and reopens an ended
    /// session.
    public func inputReceived() {
        let item = DispatchWorkItem { [weak self] in self?.expire() }
        let previous = lock.withLock { () -> DispatchWorkItem? in
            defer { pendingTimeout = item }
            timedOut = false
            return pendingTimeout
        }
        previous?.cancel()
        queue.asyncAfter(deadline: queue.now + timeout, execute: item)
    }
    // end-snippet

    private func expire() {
        lock.withLock {
            timedOut = true
            pendingTimeout = nil
        }
    }
}
