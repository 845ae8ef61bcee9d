import Foundation

/// A condition on one part of a multipart form body, by the part's field name.
///
/// Pass it to ``HTTPBodyMatcher/multipart(_:)``. A field matches a part without a file name; a file, a part with one:
///
/// ```swift
/// let upload = HTTPRequestMatcher.post("/photos").body(
///     .multipart(
///         .field("caption", "Sunset"),
///         .file("photo", fileName: "photo.jpg", contentType: "image/jpeg")
///     ))
/// ```
public struct MultipartPartMatcher: Sendable, CustomStringConvertible {
    /// The field name a part must have.
    public let name: String
    /// What the condition expects, as failure messages print it.
    public let description: String
    /// Whether ``description`` says everything the condition checks.
    let isFullyDescribed: Bool
    /// What differs between a part of this name and the condition; empty when it matches.
    let problems: @Sendable (MultipartPart) -> [String]

    /// Matches a form field (a part without a file name) whose content is exactly this UTF-8 text.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The expected text.
    /// - Returns: The condition.
    public static func field(_ name: String, _ value: String) -> MultipartPartMatcher {
        let expected = Data(value.utf8)
        return MultipartPartMatcher(
            name: name, description: "\(name) = \"\(value)\"", isFullyDescribed: !HTTPRequestMatcher.isAmbiguous(value)
        ) { part in
            if let fileName = part.fileName { return ["is a file \"\(fileName)\", expected a field"] }
            guard part.data != expected else { return [] }
            return ["is \(part.text.map { "\"\($0)\"" } ?? "\(part.data.count) bytes, not UTF-8"), expected \"\(value)\""]
        }
    }

    /// Matches a file part: a part with a file name, and whichever of its file name, content type
    /// and content you give.
    ///
    /// A `contentType` without parameters matches the part's type whatever its parameters, so
    /// `"text/plain"` matches `text/plain; charset=utf-8`. Types compare case-insensitively.
    ///
    /// ```swift
    /// let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0])
    /// let exact = MultipartPartMatcher.file(
    ///     "photo", fileName: "photo.jpg", content: .data(jpeg))
    /// let anyJPEG = MultipartPartMatcher.file(
    ///     "photo",
    ///     content: .matching("a JPEG") { $0?.starts(with: [0xFF, 0xD8]) == true })
    /// ```
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - fileName: The expected file name, `nil` for any.
    ///   - contentType: The expected content type, `nil` for any.
    ///   - content: A condition on the file's bytes, such as `.data(...)`, `.text(...)`, `.json(...)`
    ///     or `.matching(...)`; `nil` for any.
    /// - Returns: The condition.
    public static func file(
        _ name: String, fileName: String? = nil, contentType: String? = nil, content: HTTPBodyMatcher? = nil
    ) -> MultipartPartMatcher {
        var facts = ["file"]
        if let fileName { facts.append("\"\(fileName)\"") }
        if let contentType { facts.append(contentType) }
        if let content { facts.append(content.description) }
        return MultipartPartMatcher(
            name: name, description: "\(name): " + facts.joined(separator: " "), isFullyDescribed: content?.isFullyDescribed ?? true
        ) { part in
            guard let found = part.fileName else { return ["is a field, expected a file"] }
            var problems: [String] = []
            if let fileName, found != fileName { problems.append("file name is \"\(found)\", expected \"\(fileName)\"") }
            if let contentType, !Self.sameType(part.contentType, contentType) {
                problems.append("content type is \(part.contentType ?? "none"), expected \(contentType)")
            }
            if let content, let problem = content.mismatch(part.data, contentType: part.contentType) {
                problems.append("content: \(problem)")
            }
            return problems
        }
    }

    /// Whether a part's type is the expected one: whole when `expected` has parameters, else by
    /// its media type alone.
    private static func sameType(_ actual: String?, _ expected: String) -> Bool {
        guard let actual else { return false }
        let normalize = { (text: String) in text.lowercased().replacingOccurrences(of: " ", with: "") }
        guard expected.contains(";") else {
            return normalize(HeaderParameters(actual).value) == normalize(expected)
        }
        return normalize(actual) == normalize(expected)
    }
}
