import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reads the body a `URLProtocol` receives: `httpBody` when set, else the bytes of
/// `httpBodyStream` (Apple platforms move bodies there before a protocol sees them).
enum RequestBodyReader {
    static func body(of request: URLRequest) -> Data? {
        if let body = request.httpBody { return body }
        guard let stream = request.httpBodyStream else { return nil }
        return drain(stream)
    }

    private static func drain(_ stream: InputStream) -> Data {
        stream.open()
        defer { stream.close() }
        var data = Data()
        let chunkSize = 16 * 1024
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { pointer -> Int in
                guard let base = pointer.baseAddress else { return 0 }
                return stream.read(base, maxLength: chunkSize)
            }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[0..<count])
        }
        return data
    }
}
