import Foundation
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Builds a URL from a literal the tests know is valid, failing the test if it is not.
func makeURL(_ string: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> URL {
    try #require(URL(string: string), sourceLocation: sourceLocation)
}

/// A request with a method, URL and optional body and headers.
func makeRequest(
    _ method: String,
    _ string: String,
    body: Data? = nil,
    headers: [String: String] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
) throws -> URLRequest {
    var request = URLRequest(url: try makeURL(string, sourceLocation: sourceLocation))
    request.httpMethod = method
    request.httpBody = body
    for (name, value) in headers {
        request.setValue(value, forHTTPHeaderField: name)
    }
    return request
}

extension URLSession {
    /// Sends `request` and returns the body as text and the HTTP response.
    func text(for request: URLRequest) async throws -> (String, HTTPURLResponse) {
        let (data, response) = try await dataTaskResult(for: request)
        let http = try #require(response as? HTTPURLResponse)
        return (String(decoding: data, as: UTF8.self), http)
    }
}
