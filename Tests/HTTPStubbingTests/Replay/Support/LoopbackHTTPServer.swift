import Foundation
import TestSupportCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A tiny HTTP/1.1 server on 127.0.0.1 and an ephemeral port, for recording cassettes without
/// the internet. It answers each connection once (`Connection: close`), serves at most
/// `maximumConnections`, and stops by itself after `lifetime` seconds if nobody stops it.
final class LoopbackHTTPServer: Sendable {
    /// A request as the server read it.
    struct Request: Sendable {
        let method: String
        let target: String
        let headers: [String: String]
        let body: Data
    }

    /// A response the handler returns.
    struct Response: Sendable {
        var status = 200
        var headers: [String: String] = [:]
        var body = Data()
    }

    let port: UInt16
    private let listener: Int32
    private let handler: @Sendable (Request) -> Response
    /// Requests received and whether the server stopped; shared with the accept thread.
    private let state = Locked((requests: [Request](), stopped: false))

    /// The server's base URL, such as `http://127.0.0.1:53122`.
    var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The requests received so far, in order.
    var requests: [Request] { state.withLock { $0.requests } }

    /// Starts listening; `nil` when the loopback interface cannot be bound.
    init?(maximumConnections: Int = 64, lifetime: TimeInterval = 30, handler: @escaping @Sendable (Request) -> Response) {
        #if canImport(Glibc)
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let descriptor = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        guard descriptor >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 16) == 0 else {
            close(descriptor)
            return nil
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        self.port = UInt16(bigEndian: address.sin_port)
        self.listener = descriptor
        self.handler = handler
        let deadline = Date().addingTimeInterval(lifetime)
        let thread = Thread { [self] in serve(maximumConnections: maximumConnections, until: deadline) }
        thread.start()
    }

    /// Stops accepting connections; requests then fail to connect.
    func stop() {
        let wasRunning = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return !state.stopped
        }
        if wasRunning { shutdown(listener, Int32(SHUT_RDWR)) }
    }

    deinit {
        stop()
        close(listener)
    }

    private func serve(maximumConnections: Int, until deadline: Date) {
        var served = 0
        while served < maximumConnections, !state.withLock({ $0.stopped }), Date() < deadline {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 100) > 0 else { continue }  // wakes every 0.1 s to see stop()
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { break }
            served += 1
            Self.suppressSIGPIPE(on: connection)
            handle(connection)
            close(connection)
        }
        stop()
    }

    /// Makes a failed write to `connection` return EPIPE instead of raising SIGPIPE, where the
    /// platform does that per socket (Darwin); Linux does it per send, with MSG_NOSIGNAL.
    private static func suppressSIGPIPE(on connection: Int32) {
        #if canImport(Darwin)
        var on: Int32 = 1
        _ = setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    private func handle(_ connection: Int32) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var headerEnd: Range<Data.Index>?
        while headerEnd == nil, received.count < 1 << 20 {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { return }
            received.append(contentsOf: buffer[0..<count])
            headerEnd = received.range(of: Data("\r\n\r\n".utf8))
        }
        guard let headerEnd else { return }
        let head = String(decoding: received[..<headerEnd.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        let requestLine = head.first?.split(separator: " ").map(String.init) ?? []
        var headers: [String: String] = [:]
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[String(line[..<colon])] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        let length = Int(headers.first { $0.key.lowercased() == "content-length" }?.value ?? "0") ?? 0
        var body = Data(received[headerEnd.upperBound...])
        while body.count < length {
            let count = recv(connection, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            body.append(contentsOf: buffer[0..<count])
        }
        let request = Request(
            method: requestLine.first ?? "", target: requestLine.count > 1 ? requestLine[1] : "/", headers: headers, body: body)
        state.withLock { $0.requests.append(request) }
        let response = handler(request)
        var text = "HTTP/1.1 \(response.status) Status\r\n"
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
        text += "Content-Length: \(response.body.count)\r\nConnection: close\r\n\r\n"
        let bytes = Data(text.utf8) + response.body
        // A client that closes before reading the whole reply makes `send` fail with EPIPE, and
        // by default also raises SIGPIPE, which ends the test process: Linux has MSG_NOSIGNAL
        // for each send; Darwin has no such flag in every SDK, so each connection gets
        // SO_NOSIGPIPE instead (`suppressSIGPIPE(on:)`).
        #if canImport(Glibc)
        let flags = Int32(MSG_NOSIGNAL)
        #else
        let flags: Int32 = 0
        #endif
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let sent = send(connection, base + offset, raw.count - offset, flags)
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}
