import Foundation

/// One part of a multipart form request body: a form field, or a file with its name.
///
/// A part of a `multipart/form-data` body. Read them from ``RecordedHTTPRequest/multipartParts``:
///
/// ```swift
/// let stubs = HTTPStubRegistry()
/// let parts = try #require(stubs.requests.first?.multipartParts)
/// #expect(parts.first { $0.name == "caption" }?.text == "Sunset")
/// #expect(parts.first { $0.name == "photo" }?.fileName == "photo.jpg")
/// ```
public struct MultipartPart: Sendable, Equatable, CustomStringConvertible {
    /// The field name from the part's content disposition.
    ///
    /// The `name` parameter of its `Content-Disposition` header.
    public let name: String
    /// The file name, or nothing for a plain field.
    ///
    /// From `filename*=` (decoded) or else `filename=`.
    public let fileName: String?
    /// The part's content type header, if it has one.
    public let contentType: String?
    /// The part's header fields, as the body spells them.
    public let headers: [String: String]
    /// The part's content.
    public let data: Data

    /// Creates a part.
    ///
    /// - Parameters:
    ///   - name: The field name.
    ///   - fileName: The file name, `nil` for a plain field.
    ///   - contentType: The part's content type.
    ///   - headers: The part's header fields.
    ///   - data: The content.
    package init(name: String, fileName: String?, contentType: String?, headers: [String: String], data: Data) {
        self.name = name
        self.fileName = fileName
        self.contentType = contentType
        self.headers = headers
        self.data = Data(data)
    }

    /// The content decoded as UTF-8, or nothing when it is not UTF-8.
    public var text: String? {
        String(data: data, encoding: .utf8)
    }

    /// The part on one line, as failure messages list it: its name, file name, type and size, and
    /// the start of its text.
    ///
    /// Such as `caption = "Sunset"` or `photo: file "photo.jpg", image/jpeg, 2048 bytes`.
    public var description: String {
        var facts: [String] = []
        if let fileName { facts.append("file \"\(fileName)\"") }
        if let contentType { facts.append(contentType) }
        let preview = text.flatMap { text -> String? in
            guard !text.unicodeScalars.contains(where: { $0.value < 0x20 && !"\n\r\t".unicodeScalars.contains($0) }) else { return nil }
            let short = text.count > 40 ? "\(text.prefix(40))…" : text
            return "\"" + short.replacingOccurrences(of: "\r\n", with: "⏎").replacingOccurrences(of: "\n", with: "⏎") + "\""
        }
        guard fileName != nil || contentType != nil || preview == nil || data.count > 40 else {
            return "\(name) = \(preview ?? "")"
        }
        if let omitted = HTTPText.header(MultipartBody.omittedSizeHeader, in: headers) {
            facts.append("\(omitted) bytes, left out of the cassette")
        } else {
            facts.append("\(data.count) bytes" + (preview == nil ? (text == nil ? ", not UTF-8" : "") : ", \(preview ?? "")"))
        }
        return "\(name): " + facts.joined(separator: ", ")
    }
}
