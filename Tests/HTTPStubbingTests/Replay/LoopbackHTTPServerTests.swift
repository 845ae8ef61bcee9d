import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("The loopback test server")
struct LoopbackHTTPServerTests {
    @Test("A client that closes before reading a large reply does not end the process, and the server answers the next one")
    func clientClosingEarlyDoesNotRaiseSIGPIPE() throws {
        // 8 MiB: more than a socket's send buffer holds, so the server is still sending when the
        // closed client's reset arrives, and its next `send` fails with EPIPE.
        let server = try #require(
            LoopbackHTTPServer { request in
                request.target == "/large"
                    ? LoopbackHTTPServer.Response(body: Data(count: 8 << 20))
                    : LoopbackHTTPServer.Response(body: Data("alive".utf8))
            })
        defer { server.stop() }

        _ = try exchange("GET /large HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", port: server.port, readingReply: false)
        // The server handles one connection at a time: it answers this one only after the
        // failed sends to the first have returned.
        let reply = try exchange("GET /small HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", port: server.port, readingReply: true)

        #expect(reply.hasPrefix("HTTP/1.1 200 "))
        #expect(reply.hasSuffix("\r\n\r\nalive"))
        #expect(server.requests.map(\.target) == ["/large", "/small"])
    }

    /// Connects to 127.0.0.1:`port` and sends `text`; then reads the reply until the server closes
    /// (waiting at most 10 seconds for each read), or closes at once without reading it.
    private func exchange(
        _ text: String, port: UInt16, readingReply: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        try #require(descriptor >= 0, "socket() failed: errno \(errno)", sourceLocation: sourceLocation)
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0, "connect() failed: errno \(errno)", sourceLocation: sourceLocation)
        let bytes = Array(text.utf8)
        let sent = send(descriptor, bytes, bytes.count, 0)
        try #require(sent == bytes.count, "send() sent \(sent) of \(bytes.count) bytes", sourceLocation: sourceLocation)
        guard readingReply else { return "" }
        var reply: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(descriptor, &buffer, buffer.count, 0)
            try #require(count >= 0, "recv() failed: errno \(errno)", sourceLocation: sourceLocation)
            if count == 0 { break }
            reply += buffer[0..<count]
        }
        return String(decoding: reply, as: UTF8.self)
    }
}
