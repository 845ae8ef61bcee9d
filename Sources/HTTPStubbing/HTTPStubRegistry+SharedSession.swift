#if canImport(Darwin)
import Foundation

extension HTTPStubRegistry {
    /// Makes this registry answer requests sent through the shared session, and every session with
    /// the default protocol classes, until told to stop.
    ///
    /// The shared session is `URLSession.shared`; call ``stopInterceptingSharedSession()`` to stop.
    ///
    /// For code that cannot take an injected session yet. It registers the registry's protocol
    /// class process-wide, so it is **not parallel-safe**: run such tests serially
    /// (`@Suite(.serialized)`) and stop intercepting at the end of each test. Apple platforms
    /// only; `URLProtocol.registerClass` does not reach `URLSession.shared` on Linux.
    ///
    /// ```swift
    /// // Apple platforms only: URLSession.shared cannot be intercepted on Linux
    /// let stubs = HTTPStubRegistry()
    /// stubs.interceptSharedSession()
    /// defer { stubs.stopInterceptingSharedSession() }
    /// ```
    public func interceptSharedSession() {
        _ = URLProtocol.registerClass(protocolClass)
    }

    /// Stops answering requests sent through the shared session.
    ///
    /// The shared session is `URLSession.shared`.
    public func stopInterceptingSharedSession() {
        URLProtocol.unregisterClass(protocolClass)
    }
}
#endif
