/// Loads a catalog page, retrying failures with exponential backoff on any `Clock`.
///
/// The clock is injected: `ContinuousClock()` in the app, a test clock in tests. Cancellation
/// is never retried.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
public struct RetryingCatalogLoader<RetryClock: Clock<Duration>>: Sendable {
    /// How often and how patiently to retry.
    public struct Policy: Sendable, Equatable {
        /// The most attempts, the first included.
        public var maxAttempts: Int
        /// The pause after the first failure; each later pause doubles.
        public var initialDelay: Duration

        /// Creates a policy.
        ///
        /// - Parameters:
        ///   - maxAttempts: The most attempts, the first included.
        ///   - initialDelay: The pause after the first failure.
        public init(maxAttempts: Int = 3, initialDelay: Duration = .seconds(1)) {
            self.maxAttempts = maxAttempts
            self.initialDelay = initialDelay
        }
    }

    private let clock: RetryClock
    private let policy: Policy
    private let fetchPage: @Sendable (Int) async throws -> CatalogPage

    /// Creates the loader.
    ///
    /// - Parameters:
    ///   - clock: The clock the backoff sleeps on.
    ///   - policy: The retry policy.
    ///   - fetchPage: Fetches one page from the catalog API.
    public init(clock: RetryClock, policy: Policy = Policy(), fetchPage: @escaping @Sendable (Int) async throws -> CatalogPage) {
        self.clock = clock
        self.policy = policy
        self.fetchPage = fetchPage
    }

    /// Fetches `page`, retrying with backoff (1 s, 2 s, 4 s… by default).
    ///
    /// - Parameter page: The page number.
    /// - Returns: The page.
    /// - Throws: The last error once every attempt has failed, or `CancellationError`.
    public func load(page: Int) async throws -> CatalogPage {
        var delay = policy.initialDelay
        var attempt = 1
        while true {
            do {
                return try await fetchPage(page)
            } catch is CancellationError {
                throw CancellationError()
            } catch {
                guard attempt < policy.maxAttempts else { throw error }
            }
            try await clock.sleep(for: delay)
            delay *= 2
            attempt += 1
        }
    }
}
