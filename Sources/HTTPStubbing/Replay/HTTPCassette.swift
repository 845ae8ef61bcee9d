import Foundation
import TestSupportCore

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Recorded HTTP interactions in HAR 1.2, the format browsers, Proxyman and Charles export.
///
/// A cassette reads any HAR file tolerantly (a browser's export replays as is) and writes
/// exactly: keys sorted, stable indentation, text bodies as text and binary bodies as base64,
/// so a recorded cassette diffs well in review.
///
/// ```swift
/// let harFile = URL(fileURLWithPath: #filePath)
///     .deletingLastPathComponent()
///     .appendingPathComponent("Fixtures/catalog.har")
/// let cassette = try HTTPCassette(harData: Data(contentsOf: harFile))
/// #expect(cassette.interactions.first?.statusCode == 200)
/// ```
public struct HTTPCassette: Sendable, Equatable {
    /// One request and the response it got.
    public struct Interaction: Sendable, Equatable {
        /// The HTTP method, upper-cased.
        public var method: String
        /// The full URL.
        public var url: URL
        /// The request's header fields.
        public var requestHeaders: [String: String]
        /// The request body, if any.
        public var requestBody: Data?
        /// The response's status code.
        public var statusCode: Int
        /// The response's header fields.
        public var responseHeaders: [String: String]
        /// The response body.
        public var responseBody: Data

        /// Creates an interaction from the request sent and the response it got.
        ///
        /// ```swift
        /// var request = URLRequest(url: URL(string: "https://api.example.com/login")!)
        /// request.httpMethod = "POST"
        /// let interaction = HTTPCassette.Interaction(
        ///     request: request, statusCode: 201, responseBody: Data("welcome".utf8))
        /// ```
        ///
        /// - Parameters:
        ///   - request: The request: its method, URL, header fields and body (`httpBody`, or
        ///     `httpBodyStream` drained); one without a URL is recorded with `file:///`.
        ///   - statusCode: The response's status code.
        ///   - responseHeaders: The response's header fields.
        ///   - responseBody: The response body.
        public init(
            request: URLRequest, statusCode: Int = 200, responseHeaders: [String: String] = [:], responseBody: Data = Data()
        ) {
            self.init(
                method: request.httpMethod ?? "GET", url: request.url ?? URL(fileURLWithPath: "/"),
                requestHeaders: request.allHTTPHeaderFields ?? [:], requestBody: RequestBodyReader.body(of: request),
                statusCode: statusCode, responseHeaders: responseHeaders, responseBody: responseBody)
        }

        /// Creates an interaction from each of its parts, for the package's own code and tests.
        package init(
            method: String = "GET", url: URL, requestHeaders: [String: String] = [:], requestBody: Data? = nil,
            statusCode: Int = 200, responseHeaders: [String: String] = [:], responseBody: Data = Data()
        ) {
            self.method = method.uppercased()
            self.url = url
            self.requestHeaders = requestHeaders
            self.requestBody = requestBody
            self.statusCode = statusCode
            self.responseHeaders = responseHeaders
            self.responseBody = responseBody
        }
    }

    /// The interactions, in the order they were recorded.
    public var interactions: [Interaction]

    /// Creates a cassette with these interactions.
    ///
    /// - Parameter interactions: The interactions, in order.
    public init(interactions: [Interaction] = []) {
        self.interactions = interactions
    }

    /// Reads a HAR document; fields a browser adds or leaves out are tolerated, entries without
    /// a response (status 0) are skipped.
    ///
    /// - Parameter harData: The HAR file's bytes.
    /// - Throws: ``HTTPCassetteError`` naming what is missing or malformed, and for text that is
    ///   not JSON, the line and column where it stops being JSON.
    public init(harData: Data) throws(HTTPCassetteError) {
        let document: HARDocument
        do {
            document = try JSONDecoder().decode(HARDocument.self, from: harData)
        } catch {
            throw Self.syntaxError(in: harData, underlying: error)
        }
        guard let log = document.log else {
            throw HTTPCassetteError(message: "The cassette has no \"log\" object; a HAR file starts with {\"log\": {\"entries\": [...]}}")
        }
        var interactions: [Interaction] = []
        interactions.reserveCapacity(log.entries.count)
        for (position, entry) in log.entries.enumerated() {
            guard let request = entry.request, let response = entry.response else {
                throw HTTPCassetteError(message: "Entry \(position + 1) of the cassette has no \"request\" or \"response\"")
            }
            guard response.status > 0 else { continue }  // a browser's blocked or failed request
            guard let text = request.url, let url = URL(string: text) else {
                throw HTTPCassetteError(message: "Entry \(position + 1) of the cassette has no valid request \"url\"")
            }
            let responseHeaders = Self.headers(response.headers).filter { !Self.transportHeaders.contains($0.key.lowercased()) }
            interactions.append(
                Interaction(
                    method: request.method ?? "GET",
                    url: url,
                    requestHeaders: Self.headers(request.headers),
                    requestBody: Self.postData(request.postData),
                    statusCode: response.status,
                    responseHeaders: responseHeaders,
                    responseBody: Self.body(text: response.content?.text, encoding: response.content?.encoding)
                ))
        }
        self.interactions = interactions
    }

    /// The error for bytes that are not JSON: where they stop being JSON, found by the scanner
    /// the fixture loader uses, since Foundation's message differs between platforms.
    private static func syntaxError(in data: Data, underlying error: any Error) -> HTTPCassetteError {
        let bytes = [UInt8](data)
        guard let problem = JSONScanner.firstProblem(in: bytes) else {
            return HTTPCassetteError(message: "The cassette is not JSON: \(error)")
        }
        let position = TextPosition(offset: problem.offset, in: bytes)
        let start = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
        let hint =
            start.first == UInt8(ascii: "<")
            ? " (the file starts with '<': it looks like an HTML or XML page saved as a cassette, not a HAR file)" : ""
        return HTTPCassetteError(
            message: "The cassette is not JSON: \(position): \(problem.reason)\(hint)", line: position.line, column: position.column)
    }

    /// The cassette as HAR 1.2, byte for byte the same for the same interactions.
    ///
    /// - Returns: The HAR file's bytes.
    public func harData() -> Data {
        let entries = interactions.map { interaction -> JSONValue in
            var request: [String: JSONValue] = [
                "method": .string(interaction.method),
                "url": .string(interaction.url.absoluteString),
                "httpVersion": .string("HTTP/1.1"),
                "headers": Self.headerList(interaction.requestHeaders),
                "queryString": .array(
                    (URLComponents(url: interaction.url, resolvingAgainstBaseURL: false)?.queryItems ?? []).map {
                        .object(["name": .string($0.name), "value": .string($0.value ?? "")])
                    }),
                "cookies": .array([]),
                "headersSize": .number(-1),
                "bodySize": .number(Double(interaction.requestBody?.count ?? 0)),
            ]
            if let body = interaction.requestBody {
                let mimeType = HTTPText.header("Content-Type", in: interaction.requestHeaders)
                var postData = Self.multipartPostData(body, contentType: mimeType) ?? Self.content(body)
                // HAR 1.2 gives postData no encoding field; a custom field starts with "_".
                if let encoding = postData.removeValue(forKey: "encoding") { postData["_encoding"] = encoding }
                postData["mimeType"] = .string(mimeType ?? "")
                request["postData"] = .object(postData)
            }
            var content = Self.content(interaction.responseBody)
            content["size"] = .number(Double(interaction.responseBody.count))
            content["mimeType"] = .string(HTTPText.header("Content-Type", in: interaction.responseHeaders) ?? "")
            let response: [String: JSONValue] = [
                "status": .number(Double(interaction.statusCode)),
                "statusText": .string(HTTPStatusText.reason(for: interaction.statusCode)),
                "httpVersion": .string("HTTP/1.1"),
                "headers": Self.headerList(interaction.responseHeaders),
                "cookies": .array([]),
                "content": .object(content),
                "redirectURL": .string(HTTPText.header("Location", in: interaction.responseHeaders) ?? ""),
                "headersSize": .number(-1),
                "bodySize": .number(Double(interaction.responseBody.count)),
            ]
            return .object([
                // Fixed times keep recordings deterministic.
                "startedDateTime": .string("1970-01-01T00:00:00.000Z"),
                "time": .number(0),
                "request": .object(request),
                "response": .object(response),
                "cache": .object([:]),
                "timings": .object(["send": .number(0), "wait": .number(0), "receive": .number(0)]),
            ])
        }
        let document = JSONValue.object([
            "log": .object([
                "version": .string("1.2"),
                "creator": .object(["name": .string("TestSupportKit"), "version": .string("1")]),
                "entries": .array(entries),
            ])
        ])
        return Data(document.text().utf8)
    }

    // MARK: Reading and writing parts

    /// Headers a recorded body no longer matches (it is stored decoded and whole), and HTTP/2
    /// pseudo-headers, which are not headers.
    static let transportHeaders: Set<String> = ["content-encoding", "content-length", "transfer-encoding", "connection", "keep-alive"]

    private static func headers(_ list: [HARDocument.NameValue]) -> [String: String] {
        var headers: [String: String] = [:]
        var canonical: [String: String] = [:]  // lower-cased name -> the spelling kept
        for item in list {
            guard let name = item.name, !name.hasPrefix(":") else { continue }
            let value = item.value ?? ""
            let key = canonical[name.lowercased()] ?? name
            canonical[name.lowercased()] = key
            headers[key] = headers[key].map { $0 + ", " + value } ?? value
        }
        return headers
    }

    private static func headerList(_ headers: [String: String]) -> JSONValue {
        .array(
            headers.sorted { ($0.key.lowercased(), $0.key) < ($1.key.lowercased(), $1.key) }.map {
                .object(["name": .string($0.key), "value": .string($0.value)])
            })
    }

    private static func postData(_ postData: HARDocument.PostData?) -> Data? {
        guard let postData else { return nil }
        if let text = postData.text {
            return body(text: text, encoding: postData.encoding)
        }
        guard !postData.params.isEmpty else { return nil }
        if let multipart = multipartBody(postData) { return multipart }
        var components = URLComponents()
        components.queryItems = postData.params.map { URLQueryItem(name: $0.name ?? "", value: $0.value) }
        return Data((components.percentEncodedQuery ?? "").utf8)
    }

    /// A multipart body as `params`, readable in review: each part's name, file name, type and
    /// content, text as text and binary in base64; content over `MultipartBody.recordedPartLimit`
    /// only as its `_size`. `nil` for any other body.
    private static func multipartPostData(_ body: Data, contentType: String?) -> [String: JSONValue]? {
        guard MultipartBody.isMultipart(contentType), case .success(let parts) = MultipartBody.parts(of: body, contentType: contentType)
        else { return nil }
        let params = parts.map { part -> JSONValue in
            var param: [String: JSONValue] = ["name": .string(part.name)]
            if let fileName = part.fileName { param["fileName"] = .string(fileName) }
            if let type = part.contentType { param["contentType"] = .string(type) }
            if let omitted = HTTPText.header(MultipartBody.omittedSizeHeader, in: part.headers).flatMap({ Int($0) }) {
                param["_size"] = .number(Double(omitted))
            } else if part.data.count > MultipartBody.recordedPartLimit {
                param["_size"] = .number(Double(part.data.count))
            } else {
                let content = Self.content(part.data)
                param["value"] = content["text"]
                if let encoding = content["encoding"] { param["_encoding"] = encoding }
            }
            return .object(param)
        }
        return ["params": .array(params)]
    }

    /// The body a multipart `postData` stands for, rebuilt with the boundary of its `mimeType`;
    /// a part written as its `_size` gets no content and a header giving that size.
    private static func multipartBody(_ postData: HARDocument.PostData) -> Data? {
        guard MultipartBody.isMultipart(postData.mimeType),
            let boundary = HeaderParameters(postData.mimeType ?? "").parameters["boundary"], !boundary.isEmpty
        else { return nil }
        let parts = postData.params.map { param -> MultipartPart in
            var headers: [String: String] = [:]
            if let type = param.contentType { headers["Content-Type"] = type }
            var data = Data()
            if let value = param.value {
                data = body(text: value, encoding: param.encoding)
            } else if let size = param.size {
                headers[MultipartBody.omittedSizeHeader] = String(size)
            }
            return MultipartPart(
                name: param.name ?? "", fileName: param.fileName, contentType: param.contentType, headers: headers, data: data)
        }
        return MultipartBody.body(of: parts, boundary: boundary)
    }

    private static func body(text: String?, encoding: String?) -> Data {
        guard let text else { return Data() }
        if encoding?.lowercased() == "base64" {
            return Data(base64Encoded: text, options: .ignoreUnknownCharacters) ?? Data(text.utf8)
        }
        return Data(text.utf8)
    }

    /// `text`, plus `"encoding": "base64"` when the bytes are not plain UTF-8 text.
    private static func content(_ body: Data) -> [String: JSONValue] {
        if let text = String(data: body, encoding: .utf8),
            !text.unicodeScalars.contains(where: { $0.value < 0x20 && !"\n\r\t".unicodeScalars.contains($0) })
        {
            return ["text": .string(text)]
        }
        return ["text": .string(body.base64EncodedString()), "encoding": .string("base64")]
    }
}

/// Why a cassette could not be read, in words that say what to fix.
public struct HTTPCassetteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong.
    public var message: String
    /// The 1-based line where a cassette that is not JSON stops being JSON; nil for other errors.
    public var line: Int?
    /// The 1-based column on that line; nil for other errors.
    public var column: Int?

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - message: What is wrong.
    ///   - line: The line of a syntax error, if any.
    ///   - column: The column of a syntax error, if any.
    public init(message: String, line: Int? = nil, column: Int? = nil) {
        self.message = message
        self.line = line
        self.column = column
    }

    /// The message.
    public var description: String { message }
}
