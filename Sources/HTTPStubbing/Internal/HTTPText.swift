import Foundation

/// Reads headers, and renders headers and bodies for failure messages.
enum HTTPText {
    static let bodyLimit = 500

    /// The value of a header, its name compared case-insensitively, as HTTP requires.
    static func header(_ name: String, in headers: [String: String]) -> String? {
        guard !headers.isEmpty else { return nil }
        if let exact = headers[name] { return exact }
        let lowered = name.lowercased()
        let length = name.utf8.count
        return headers.first { $0.key.utf8.count == length && $0.key.lowercased() == lowered }?.value
    }

    static func headers(_ headers: [String: String]) -> String {
        guard !headers.isEmpty else { return "none" }
        return headers.sorted { $0.key.lowercased() < $1.key.lowercased() }
            .map { "\($0.key): \($0.value)" }
            .joined(separator: ", ")
    }

    static func body(_ body: Data?) -> String {
        guard let body else { return "none" }
        guard !body.isEmpty else { return "empty" }
        guard let text = String(data: body, encoding: .utf8) else { return "\(body.count) bytes, not UTF-8" }
        if text.count > bodyLimit {
            return "\(text.prefix(bodyLimit))… (\(body.count) bytes)"
        }
        return text
    }
}
