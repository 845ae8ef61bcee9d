import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A session delegate that refuses every redirect (`rewriteTo` nil) or sends it elsewhere.
final class RedirectDecider: NSObject, URLSessionTaskDelegate, Sendable {
    let rewriteTo: URL?

    init(rewriteTo: URL?) {
        self.rewriteTo = rewriteTo
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let rewriteTo else {
            completionHandler(nil)
            return
        }
        var rewritten = request
        rewritten.url = rewriteTo
        completionHandler(rewritten)
    }
}
