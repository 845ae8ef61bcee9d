import Foundation

/// A `URLError` code and message, stored as a `Sendable` value and turned into a `URLError`
/// when it is delivered.
struct URLErrorBox: Error, Sendable {
    let code: URLError.Code
    let message: String?

    func urlError(for url: URL) -> URLError {
        var userInfo: [String: Any] = [NSURLErrorFailingURLErrorKey: url]
        if let message { userInfo[NSLocalizedDescriptionKey] = message }
        return URLError(code, userInfo: userInfo)
    }
}
