import Foundation

/// Answers a `Range: bytes=…` request as a server that supports ranges does: `206 Partial
/// Content` with `Content-Range` and the slice, or `416` when the range lies past the end.
/// Only a `200` to a `GET` with a single range is changed; anything else is returned as is.
enum ByteRange {
    typealias Response = (statusCode: Int, headers: [String: String], body: Data)

    static func apply(to response: Response, for request: RecordedHTTPRequest) -> Response {
        guard response.statusCode == 200, request.method == "GET",
            let header = request.header("Range"),
            let range = parse(header, length: response.body.count)
        else { return response }
        var headers = response.headers.filter { $0.key.lowercased() != "content-length" }
        headers["Accept-Ranges"] = "bytes"
        switch range {
        case .unsatisfiable:
            headers["Content-Range"] = "bytes */\(response.body.count)"
            return (416, headers, Data())
        case .bytes(let bounds):
            headers["Content-Range"] = "bytes \(bounds.lowerBound)-\(bounds.upperBound)/\(response.body.count)"
            let start = response.body.startIndex
            return (206, headers, response.body.subdata(in: (start + bounds.lowerBound)..<(start + bounds.upperBound + 1)))
        }
    }

    enum Parsed: Equatable {
        case bytes(ClosedRange<Int>)
        case unsatisfiable
    }

    /// `bytes=0-99`, `bytes=100-` or `bytes=-50` against a body of `length` bytes; `nil` for a
    /// header this does not handle (another unit, several ranges, bad syntax), which a server
    /// ignores.
    static func parse(_ header: String, length: Int) -> Parsed? {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes=") else { return nil }
        let spec = trimmed.dropFirst("bytes=".count)
        guard !spec.contains(","), let dash = spec.firstIndex(of: "-") else { return nil }
        let first = spec[..<dash].trimmingCharacters(in: .whitespaces)
        let last = spec[spec.index(after: dash)...].trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            guard let suffix = Int(last), suffix > 0 else { return nil }
            guard length > 0 else { return .unsatisfiable }
            return .bytes(max(0, length - suffix)...(length - 1))
        }
        guard let start = Int(first), start >= 0 else { return nil }
        let end = last.isEmpty ? Int.max : Int(last)
        guard let end, end >= start else { return nil }
        guard start < length else { return .unsatisfiable }
        return .bytes(start...min(end, length - 1))
    }
}
