import Foundation

/// Decodes `application/x-www-form-urlencoded` bodies.
enum FormEncoding {
    static func fields(in body: Data?) -> [String: String] {
        guard let body, let text = String(data: body, encoding: .utf8), !text.isEmpty else { return [:] }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            fields[name] = value
        }
        return fields
    }

    static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
