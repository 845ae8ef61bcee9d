import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPStubRegistry {
    /// A session whose requests this registry answers; created on first use, ephemeral, without
    /// a cache.
    public var session: URLSession {
        state.withLock { state in
            if let session = state.session { return session }
            let session = URLSession(configuration: configuration(from: .ephemeral, protocolClass: protocolClass))
            binding.attach(session)
            state.session = session
            return session
        }
    }

    /// A copy of a session configuration whose requests this registry answers.
    ///
    /// The copy's `protocolClasses` list this registry's protocol class first, and its URL cache is
    /// removed; `base` itself is not modified.
    ///
    /// ```swift
    /// let stubs = HTTPStubRegistry()
    /// let configuration = stubs.makeConfiguration()
    /// configuration.timeoutIntervalForRequest = 5
    /// let baseURL = try #require(URL(string: "https://api.example.com"))
    /// let client = CatalogAPIClient(
    ///     baseURL: baseURL, session: URLSession(configuration: configuration))
    /// ```
    ///
    /// Each configuration gets a protocol class of its own (about 1 KB that stays for the life of
    /// the process), so that stubbed `Set-Cookie` headers reach its `httpCookieStorage`.
    ///
    /// - Parameter base: The configuration to start from; it is not modified.
    /// - Returns: The new configuration.
    public func makeConfiguration(from base: URLSessionConfiguration = .ephemeral) -> URLSessionConfiguration {
        makeBoundConfiguration(from: base).0
    }

    private func makeBoundConfiguration(from base: URLSessionConfiguration) -> (URLSessionConfiguration, SessionBinding) {
        let newClass = RegistryDirectory.makeProtocolClass()
        let configuration = configuration(from: base, protocolClass: newClass)
        let newBinding = SessionBinding(configuration: configuration)
        state.withLock { $0.extraProtocolClasses.append(newClass) }
        RegistryDirectory.bind(newClass, to: self, binding: newBinding)
        return (configuration, newBinding)
    }

    private func configuration(from base: URLSessionConfiguration, protocolClass: AnyClass) -> URLSessionConfiguration {
        let configuration = (base.copy() as? URLSessionConfiguration) ?? .ephemeral
        let others = (configuration.protocolClasses ?? []).filter { $0 != protocolClass && $0 != self.protocolClass }
        configuration.protocolClasses = [protocolClass] + others
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return configuration
    }

    /// A new session whose requests this registry answers, with your delegate.
    ///
    /// The delegate's `urlSession(_:task:willPerformHTTPRedirection:newRequest:completionHandler:)`
    /// decides each redirect, as with a real server.
    ///
    /// - Parameters:
    ///   - base: The configuration to start from; see ``makeConfiguration(from:)``.
    ///   - delegate: The session delegate.
    ///   - delegateQueue: The queue for delegate calls.
    /// - Returns: The session. You own it: invalidate it when done.
    public func makeSession(
        from base: URLSessionConfiguration = .ephemeral,
        delegate: (any URLSessionDelegate)? = nil,
        delegateQueue: OperationQueue? = nil
    ) -> URLSession {
        let (configuration, newBinding) = makeBoundConfiguration(from: base)
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: delegateQueue)
        newBinding.attach(session)
        return session
    }
}
