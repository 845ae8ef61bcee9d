import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The upload the multipart tests send three ways: a caption field and a JPEG file.
enum SampleUpload {
    static let caption = "Sunset"
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x0D, 0x0A, 0x2D, 0x2D])

    /// Written by hand, as an app without a networking library writes it: unquoted field name,
    /// quoted file name.
    static func handBuilt(boundary: String = "hand-built-boundary") -> (body: Data, contentType: String) {
        var body = Data()
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=caption\r\n\r\n\(caption)\r\n".utf8)
        body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"photo\"; filename=\"photo.jpg\"\r\n".utf8)
        body += Data("Content-Type: image/jpeg\r\n\r\n".utf8) + jpeg + Data("\r\n--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    /// Built as Alamofire's `MultipartFormData` builds it: a random `alamofire.boundary.<hex>`
    /// boundary, each part's headers in order, CRLF throughout.
    static func alamofireStyle() -> (body: Data, contentType: String) {
        var builder = AlamofireStyleMultipartFormData()
        builder.append(Data(caption.utf8), withName: "caption")
        builder.append(jpeg, withName: "photo", fileName: "photo.jpg", mimeType: "image/jpeg")
        return (builder.encode(), builder.contentType)
    }

    /// A request carrying `upload` as `httpBody`, or as `httpBodyStream` when `streamed`.
    static func request(_ upload: (body: Data, contentType: String), streamed: Bool = false) throws -> URLRequest {
        var request = try makeRequest("POST", "https://a.test/photos", headers: ["Content-Type": upload.contentType])
        if streamed {
            request.httpBodyStream = InputStream(data: upload.body)
        } else {
            request.httpBody = upload.body
        }
        return request
    }
}

/// A builder that writes bodies as Alamofire's `MultipartFormData` does.
struct AlamofireStyleMultipartFormData {
    let boundary = "alamofire.boundary.\(String(format: "%08x%08x", UInt32.random(in: 0 ... .max), UInt32.random(in: 0 ... .max)))"
    private var parts: [(headers: [(String, String)], data: Data)] = []

    var contentType: String { "multipart/form-data; boundary=\(boundary)" }

    mutating func append(_ data: Data, withName name: String, fileName: String? = nil, mimeType: String? = nil) {
        var disposition = "form-data; name=\"\(name)\""
        if let fileName { disposition += "; filename=\"\(fileName)\"" }
        var headers = [("Content-Disposition", disposition)]
        if let mimeType { headers.append(("Content-Type", mimeType)) }
        parts.append((headers, data))
    }

    func encode() -> Data {
        var body = Data()
        for (index, part) in parts.enumerated() {
            body += Data((index == 0 ? "--\(boundary)\r\n" : "\r\n--\(boundary)\r\n").utf8)
            body += Data((part.headers.map { "\($0.0): \($0.1)\r\n" }.joined() + "\r\n").utf8)
            body += part.data
        }
        return body + Data("\r\n--\(boundary)--\r\n".utf8)
    }
}
