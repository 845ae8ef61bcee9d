import Foundation
import NameSuggestions

/// Reads a raw HTTP response message: `HTTP/1.1 200 OK`, header lines, a blank line, the body.
enum HTTPMessageParser {
    struct Parsed: Equatable {
        let statusCode: Int
        let headers: [String: String]
        let body: Data
    }

    struct Problem: Error, CustomStringConvertible {
        let description: String
    }

    static func parse(_ data: Data) -> Result<Parsed, Problem> {
        let bytes = [UInt8](data)
        let (headEnd, bodyStart) = blankLine(in: bytes) ?? (bytes.count, bytes.count)
        guard let head = String(bytes: bytes[..<headEnd], encoding: .utf8) else {
            return .failure(Problem(description: "the status line and headers are not UTF-8 text"))
        }
        // "\r\n" is one Character in Swift, so CRLF is normalised before splitting.
        var lines = head.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        while lines.first?.isEmpty == true { lines.removeFirst() }
        guard let statusLine = lines.first else {
            return .failure(Problem(description: "it is empty; expected a status line such as HTTP/1.1 200 OK"))
        }
        let parts = statusLine.split(separator: " ", maxSplits: 2)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), let status = Int(parts[1]), (100...599).contains(status) else {
            return .failure(Problem(description: "the first line is \"\(statusLine)\"; expected a status line such as HTTP/1.1 200 OK"))
        }
        var headers: [String: String] = [:]
        for (offset, headerLine) in lines.dropFirst().enumerated() where !headerLine.isEmpty {
            guard let colon = headerLine.firstIndex(of: ":") else {
                return .failure(
                    Problem(
                        description: "line \(offset + 2) is \"\(headerLine)\"; expected a header such as Content-Type: application/json"))
            }
            let name = headerLine[..<colon].trimmingCharacters(in: .whitespaces)
            let value = headerLine[headerLine.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if let existing = headers.first(where: { $0.key.lowercased() == name.lowercased() }) {
                headers[existing.key] = existing.value + ", " + value
            } else {
                headers[name] = value
            }
        }
        return .success(Parsed(statusCode: status, headers: headers, body: Data(bytes[bodyStart...])))
    }

    /// Where the head ends and the body starts: after the first CRLF CRLF or LF LF.
    private static func blankLine(in bytes: [UInt8]) -> (Int, Int)? {
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return (index, index + 2) }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A { return (index, index + 3) }
            }
            index += 1
        }
        return nil
    }

    /// Says the file is missing, and names files beside it with a close name.
    static func missingFileMessage(_ url: URL) -> String {
        let directory = url.deletingLastPathComponent()
        let siblings = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let close = NearMiss.closest(to: url.lastPathComponent, in: siblings, limit: 1)
        var message = "No HTTP message file at \(url.path)"
        if let first = close.first {
            message += "; did you mean \(first)?"
        } else if !siblings.isEmpty {
            message += "; \(directory.lastPathComponent) holds: " + siblings.sorted().prefix(10).joined(separator: ", ")
        }
        return message
    }
}
