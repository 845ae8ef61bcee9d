import Foundation

/// Reads and writes `multipart/form-data` bodies (RFC 7578): the boundary from a `Content-Type`,
/// the parts between its delimiters, and the body a cassette rebuilds from recorded parts.
///
/// Reading is strict about what a body must be and lenient about how builders write it: quoted
/// or unquoted parameters, `filename*=UTF-8''…`, a preamble, padding after a delimiter. Lines
/// must end in CRLF, as RFC 2046 requires and servers expect; a body whose lines end in a bare LF
/// is rejected with a message that says so, since a server would reject it too.
enum MultipartBody {
    /// Why a body is not valid multipart.
    struct Problem: Error, Equatable {
        let reason: String
    }

    /// A part's header section longer than this, with no blank line to end it, is rejected as an
    /// oversized part: a builder that forgot the blank line would have its file read as headers.
    static let headerLimit = 8 * 1024

    /// A part's content up to this size is written to a cassette whole; a larger one only as its
    /// size, which body-matching replay compares instead of its bytes.
    static let recordedPartLimit = 64 * 1024

    /// The part header a rebuilt body gives a part whose content the cassette left out: its size.
    static let omittedSizeHeader = "X-Cassette-Omitted-Bytes"

    /// Whether a `Content-Type` names a multipart body.
    static func isMultipart(_ contentType: String?) -> Bool {
        contentType?.trimmingCharacters(in: .whitespaces).lowercased().hasPrefix("multipart/") ?? false
    }

    /// The parts of `body`, with the boundary from `contentType`; with no `contentType`, from the
    /// body's first line.
    static func parts(of body: Data?, contentType: String?) -> Result<[MultipartPart], Problem> {
        guard let body else { return .failure(Problem(reason: "the request has no body")) }
        guard !body.isEmpty else { return .failure(Problem(reason: "the body is empty")) }
        switch boundary(contentType: contentType, body: body) {
        case .failure(let problem): return .failure(problem)
        case .success(let boundary): return parts(of: body, boundary: boundary).map { $0.map(\.part) }
        }
    }

    /// The boundary parameter of a multipart `Content-Type`; with none, a body's first line.
    static func boundary(contentType: String?, body: Data) -> Result<String, Problem> {
        guard let contentType else {
            let line = firstLine(of: body)
            guard line.hasPrefix("--"), line.count > 2 else {
                return .failure(Problem(reason: "the request has no Content-Type, and the body does not start with a boundary line"))
            }
            return .success(String(line.dropFirst(2)).trimmingCharacters(in: .whitespaces))
        }
        let fields = HeaderParameters(contentType)
        guard fields.value.lowercased().hasPrefix("multipart/") else {
            return .failure(Problem(reason: "Content-Type is \(contentType), expected multipart/form-data"))
        }
        guard let boundary = fields.parameters["boundary"], !boundary.isEmpty else {
            return .failure(Problem(reason: "Content-Type \(contentType) has no boundary parameter"))
        }
        return .success(boundary)
    }

    /// A part and where its content lies in the body.
    struct Located {
        let part: MultipartPart
        let content: Range<Int>
    }

    static func parts(of body: Data, boundary: String) -> Result<[Located], Problem> {
        let data = Data(body)  // indices from zero
        let delimiter = Data("--\(boundary)".utf8)
        let crlf = Data("\r\n".utf8)
        let shown = "--\(boundary)"
        var position: Int
        if data.starts(with: delimiter) {
            position = delimiter.count
        } else if let found = data.range(of: crlf + delimiter) {
            position = found.upperBound  // after a preamble
        } else {
            let line = firstLine(of: data)
            let reason =
                line.hasPrefix("--")
                ? "its first boundary line is \"\(line)\", but Content-Type gives the boundary \"\(boundary)\""
                : "it does not contain the boundary \"\(shown)\" from Content-Type; it starts \"\(line)\""
            return .failure(Problem(reason: reason))
        }
        var parts: [Located] = []
        while true {
            let number = parts.count + 1
            let rest = data[position...]
            if rest.starts(with: Data("--".utf8)) { return .success(parts) }
            var afterPadding = position
            while afterPadding < data.count, data[afterPadding] == 0x20 || data[afterPadding] == 0x09 { afterPadding += 1 }
            let line = data[afterPadding...]
            if line.isEmpty {
                return .failure(Problem(reason: "it stops after a boundary line without the closing \"\(shown)--\" (truncated?)"))
            }
            if line.starts(with: crlf) {
                position = afterPadding + 2
            } else if line.first == 0x0A {
                return .failure(Problem(reason: bareLF))
            } else {
                return .failure(Problem(reason: "a boundary line is followed by \"\(preview(line))\" instead of a line break"))
            }
            // The headers end at a blank line; a part without headers starts with it.
            let headerEnd: Range<Int>
            if data[position...].starts(with: crlf) {
                headerEnd = position..<position + 2
            } else if let found = data.range(of: crlf + crlf, in: position..<min(data.count, position + headerLimit + 4)) {
                headerEnd = found
            } else if data.count - position > headerLimit {
                return .failure(
                    Problem(reason: "part \(number)'s headers run over \(headerLimit) bytes without the blank line that ends them"))
            } else if data[position...].range(of: Data("\n\n".utf8)) != nil {
                return .failure(Problem(reason: bareLF))
            } else {
                return .failure(
                    Problem(reason: "part \(number)'s headers never end: the body stops before the blank line after them (truncated?)"))
            }
            var headers: [String: String] = [:]
            let headerText = String(decoding: data[position..<headerEnd.lowerBound], as: UTF8.self)
            for headerLine in headerText.components(separatedBy: "\r\n") where !headerLine.isEmpty {
                guard let colon = headerLine.firstIndex(of: ":") else {
                    return .failure(Problem(reason: "part \(number) has a header line without a colon: \"\(headerLine)\""))
                }
                headers[String(headerLine[..<colon]).trimmingCharacters(in: .whitespaces)] =
                    String(headerLine[headerLine.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
            }
            let contentStart = headerEnd.upperBound
            guard let next = data.range(of: crlf + delimiter, in: contentStart..<data.count) else {
                let reason =
                    data.range(of: Data("\n".utf8) + delimiter, in: contentStart..<data.count) != nil
                    ? bareLF
                    : "part \(number) has no boundary line after it: the body is truncated or lacks its closing \"\(shown)--\""
                return .failure(Problem(reason: reason))
            }
            guard let disposition = HTTPText.header("Content-Disposition", in: headers) else {
                return .failure(Problem(reason: "part \(number) has no Content-Disposition header to name it"))
            }
            let fields = HeaderParameters(disposition)
            guard let name = fields.parameters["name"] else {
                return .failure(Problem(reason: "part \(number)'s Content-Disposition \(disposition) has no name"))
            }
            let part = MultipartPart(
                name: name, fileName: fields.parameters["filename*"] ?? fields.parameters["filename"],
                contentType: HTTPText.header("Content-Type", in: headers), headers: headers, data: data[contentStart..<next.lowerBound])
            parts.append(Located(part: part, content: contentStart..<next.lowerBound))
            position = next.upperBound
        }
    }

    private static let bareLF = "its lines end in a bare LF; multipart/form-data needs CRLF line breaks"

    /// A body with these parts, as a cassette rebuilds a recorded one.
    static func body(of parts: [MultipartPart], boundary: String) -> Data {
        var body = Data()
        for part in parts {
            var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(quoted(part.name))\""
            if let fileName = part.fileName { head += "; filename=\"\(quoted(fileName))\"" }
            head += "\r\n"
            for (name, value) in part.headers.sorted(by: { $0.key < $1.key }) where name.lowercased() != "content-disposition" {
                head += "\(name): \(value)\r\n"
            }
            body += Data((head + "\r\n").utf8) + part.data + Data("\r\n".utf8)
        }
        return body + Data("--\(boundary)--\r\n".utf8)
    }

    private static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A multipart body with the values of the fields (parts without a file name) that
    /// `isRedacted` names replaced by `placeholder`; every other byte is kept. `nil` when the
    /// body is not multipart.
    static func redactingFields(
        in body: Data, contentType: String?, placeholder: String, where isRedacted: (String) -> Bool
    ) -> (body: Data, secrets: [String])? {
        guard isMultipart(contentType), case .success(let boundary) = boundary(contentType: contentType, body: body),
            case .success(let located) = parts(of: body, boundary: boundary)
        else { return nil }
        var result = Data(body)
        var secrets: [String] = []
        for item in located.reversed() where item.part.fileName == nil && isRedacted(item.part.name) {
            guard item.part.text != placeholder else { continue }
            secrets.append(item.part.text ?? "")
            result.replaceSubrange(item.content, with: Data(placeholder.utf8))
        }
        return (secrets.isEmpty ? body : result, secrets)
    }

    /// The text of a body's first line, shortened, for messages.
    private static func firstLine(of body: Data) -> String {
        let end = body.firstIndex(of: 0x0A) ?? body.endIndex
        return preview(body[body.startIndex..<end])
    }

    /// Up to 60 bytes as text, without line breaks.
    private static func preview(_ bytes: Data) -> String {
        let text = String(decoding: bytes.prefix(60), as: UTF8.self).trimmingCharacters(in: .newlines)
        return bytes.count > 60 ? text + "…" : text
    }
}

/// A header value and its parameters, as in `form-data; name="photo"; filename*=UTF-8''a%20b.jpg`:
/// names lower-cased, quoted values unquoted, `*` values percent-decoded.
struct HeaderParameters {
    let value: String
    let parameters: [String: String]

    init(_ header: String) {
        var pieces: [String] = []
        var current = ""
        var inQuotes = false
        var escaped = false
        for character in header {
            if escaped {
                current.append(character)
                escaped = false
            } else if inQuotes && character == "\\" {
                escaped = true
            } else if character == "\"" {
                inQuotes.toggle()
            } else if character == ";" && !inQuotes {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        value = pieces[0].trimmingCharacters(in: .whitespaces)
        var parameters: [String: String] = [:]
        for piece in pieces.dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            let name = pair[0].trimmingCharacters(in: .whitespaces).lowercased()
            var text = pair[1].trimmingCharacters(in: .whitespaces)
            if name.hasSuffix("*") {
                // RFC 8187: charset'language'percent-encoded, such as UTF-8''%E2%82%AC.jpg.
                let fields = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
                if fields.count == 3 { text = fields[2].removingPercentEncoding ?? String(fields[2]) }
            }
            parameters[name] = text
        }
        self.parameters = parameters
    }
}
