import Foundation

/// Renders headers and bodies for failure messages.
enum HTTPText {
    static let bodyLimit = 500

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
