import Foundation

/// The parts of a HAR file a cassette reads, decoded straight into their known types.
///
/// Reading is tolerant: every field is optional, and a field of an unexpected type reads as
/// missing, so a browser's export with fields of its own replays as is. That holds for the
/// objects too: a `log`, `request` or `response` that is not an object reads as missing, so the
/// cassette names it instead of replaying nothing or skipping the entry. An element of a list
/// that is not an object reads as an empty one, so one bad element does not empty its list. Each value is decoded
/// as the type HAR gives it, so reading a well-formed file throws no error on the way; only text
/// that is not JSON at all fails to decode.
struct HARDocument: Decodable {
    struct NameValue: Decodable {
        var name: String?
        var value: String?

        init(from decoder: any Decoder) {
            let fields = try? decoder.container(keyedBy: CodingKeys.self)
            name = fields?.usual(String.self, .name)
            value = fields?.usual(String.self, .value)
        }

        private enum CodingKeys: String, CodingKey { case name, value }
    }

    struct PostData: Decodable {
        var text: String?
        /// HAR 1.2 gives `postData` no encoding field; the cassette writes the custom `_encoding`.
        var encoding: String?
        var mimeType: String?
        var params: [Param]

        init(from decoder: any Decoder) {
            let fields = try? decoder.container(keyedBy: CodingKeys.self)
            text = fields?.lenient(String.self, .text)
            encoding = fields?.lenient(String.self, .encoding) ?? fields?.lenient(String.self, .customEncoding)
            mimeType = fields?.lenient(String.self, .mimeType)
            params = fields?.lenient([Param].self, .params) ?? []
        }

        private enum CodingKeys: String, CodingKey {
            case text, encoding, params, mimeType
            case customEncoding = "_encoding"
        }
    }

    /// A posted parameter: a form field, or a multipart part with its file name and type. The
    /// cassette adds `_encoding` for a value in base64 and `_size` for content it left out.
    struct Param: Decodable {
        var name: String?
        var value: String?
        var fileName: String?
        var contentType: String?
        var encoding: String?
        var size: Int?

        init(from decoder: any Decoder) {
            let fields = try? decoder.container(keyedBy: CodingKeys.self)
            name = fields?.usual(String.self, .name)
            value = fields?.lenient(String.self, .value)
            fileName = fields?.lenient(String.self, .fileName)
            contentType = fields?.lenient(String.self, .contentType)
            encoding = fields?.lenient(String.self, .encoding)
            size = fields?.lenient(Int.self, .size)
        }

        private enum CodingKeys: String, CodingKey {
            case name, value, fileName, contentType
            case encoding = "_encoding"
            case size = "_size"
        }
    }

    struct Request: Decodable {
        var method: String?
        var url: String?
        var headers: [NameValue]
        var postData: PostData?

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            method = fields.usual(String.self, .method)
            url = fields.usual(String.self, .url)
            headers = fields.usual([NameValue].self, .headers) ?? []
            postData = fields.lenient(PostData.self, .postData)
        }

        private enum CodingKeys: String, CodingKey { case method, url, headers, postData }
    }

    struct Content: Decodable {
        var text: String?
        var encoding: String?

        init(from decoder: any Decoder) {
            let fields = try? decoder.container(keyedBy: CodingKeys.self)
            text = fields?.usual(String.self, .text)
            encoding = fields?.lenient(String.self, .encoding)
        }

        private enum CodingKeys: String, CodingKey { case text, encoding }
    }

    struct Response: Decodable {
        /// The status code; some tools write it as a string.
        var status: Int
        var headers: [NameValue]
        var content: Content?

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            let number = fields.usual(Double.self, .status) ?? fields.lenient(String.self, .status).flatMap { Double($0) }
            status = number.flatMap { $0.isFinite ? Int(exactly: $0.rounded()) : nil } ?? 0
            headers = fields.usual([NameValue].self, .headers) ?? []
            content = fields.usual(Content.self, .content)
        }

        private enum CodingKeys: String, CodingKey { case status, headers, content }
    }

    struct Entry: Decodable {
        var request: Request?
        var response: Response?

        init(from decoder: any Decoder) {
            let fields = try? decoder.container(keyedBy: CodingKeys.self)
            request = fields?.usual(Request.self, .request)
            response = fields?.usual(Response.self, .response)
        }

        private enum CodingKeys: String, CodingKey { case request, response }
    }

    struct Log: Decodable {
        var entries: [Entry]

        init(from decoder: any Decoder) throws {
            let fields = try decoder.container(keyedBy: CodingKeys.self)
            entries = fields.lenient([Entry].self, .entries) ?? []
        }

        private enum CodingKeys: String, CodingKey { case entries }
    }

    /// `nil` when the document has no `log` object.
    var log: Log?

    init(from decoder: any Decoder) {
        let fields = try? decoder.container(keyedBy: CodingKeys.self)
        log = fields?.lenient(Log.self, .log)
    }

    private enum CodingKeys: String, CodingKey { case log }
}

extension KeyedDecodingContainer {
    /// The value at `key`, for a field a HAR file nearly always has: decoded without first
    /// asking whether it is there, so only a missing or mistyped value costs an error.
    fileprivate func usual<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        try? decode(type, forKey: key)
    }

    /// The value at `key` when it is there and has this type, otherwise `nil`: a missing key
    /// throws nothing, so only a value of another type costs an error.
    fileprivate func lenient<Value: Decodable>(_ type: Value.Type, _ key: Key) -> Value? {
        (try? decodeIfPresent(type, forKey: key)) ?? nil
    }
}
