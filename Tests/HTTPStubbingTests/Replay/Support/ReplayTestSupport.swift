import Foundation
import TestSupportTesting
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A new, empty directory under the temporary directory for one test's cassettes.
func makeCassetteDirectory() throws -> URL {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cassettes-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory
}

/// A loopback server answering every request with a JSON body naming its method and target.
func makeEchoServer(sourceLocation: SourceLocation = #_sourceLocation) throws -> LoopbackHTTPServer {
    try #require(
        LoopbackHTTPServer { request in
            LoopbackHTTPServer.Response(
                status: request.target.hasPrefix("/missing") ? 404 : 200,
                headers: ["Content-Type": "application/json", "Set-Cookie": "session=secret-cookie; Path=/"],
                body: Data(#"{"method":"\#(request.method)","target":"\#(request.target)","token":"secret-response-token"}"#.utf8)
            )
        }, sourceLocation: sourceLocation)
}

extension URLSession {
    /// Sends `request` and returns the body as text and the status code.
    func bodyAndStatus(for request: URLRequest) async throws -> (String, Int) {
        let (data, response) = try await dataTaskResult(for: request)
        return (String(decoding: data, as: UTF8.self), (response as? HTTPURLResponse)?.statusCode ?? 0)
    }
}
