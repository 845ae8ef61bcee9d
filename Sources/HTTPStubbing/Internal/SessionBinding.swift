import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a protocol class knows of the session it serves: the configuration the registry made
/// (for its cookie storage) and, for sessions the registry created, the session itself (for its
/// delegate). A protocol instance cannot reach its task's session through public API, so each
/// configuration the registry makes gets its own protocol class and one of these.
final class SessionBinding: Sendable {
    private struct State {
        var configuration: URLSessionConfiguration?
        weak var session: URLSession?
    }

    // URLSessionConfiguration and URLSession are not Sendable on every platform; the lock box
    // keeps every access to them behind one lock.
    private let state: Locked<State>

    init(configuration: URLSessionConfiguration) {
        state = Locked(State(configuration: configuration))
    }

    func attach(_ session: URLSession) {
        state.withLock { $0.session = session }
    }

    /// The cookie storage requests and responses use, or `nil` when cookies are off
    /// (`httpShouldSetCookies` false, or no storage).
    var cookieStorage: HTTPCookieStorage? {
        state.withLock { state in
            let configuration = state.session?.configuration ?? state.configuration
            guard let configuration, configuration.httpShouldSetCookies else { return nil }
            return configuration.httpCookieStorage
        }
    }

    /// `request` with the configuration's `httpAdditionalHeaders` it lacks, as the server would
    /// receive it: FoundationNetworking adds them only in its own HTTP protocol, so a custom
    /// protocol never sees them. A header the request sets itself wins.
    func addingAdditionalHeaders(to request: RecordedHTTPRequest) -> RecordedHTTPRequest {
        let additional = state.withLock { state in
            (state.session?.configuration ?? state.configuration)?.httpAdditionalHeaders
        }
        guard let additional, !additional.isEmpty else { return request }
        var merged = request
        for (key, value) in additional {
            guard let name = key.base as? String, let text = value as? String, request.header(name) == nil else { continue }
            merged.headers[name] = text
        }
        return merged
    }

    /// The configuration's `timeoutIntervalForRequest`, in seconds.
    var requestTimeout: TimeInterval? {
        state.withLock { state in
            (state.session?.configuration ?? state.configuration)?.timeoutIntervalForRequest
        }
    }

    /// The session, when the registry created it and it is still alive.
    var session: URLSession? {
        state.withLock { $0.session }
    }
}
